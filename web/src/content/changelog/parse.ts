/**
 * CHANGELOG.md (at the repository's root) as data: the build reads it with this parser (a Vite
 * plugin, `virtual:changelog`), so /updates shows what the file says and a malformed file stops the
 * build. Plain TypeScript without browser or Node imports: vite.config.ts and the tests use it too.
 *
 * The file's shape, per version, newest first:
 *
 *   ## 0.1.0 — 2026-11-28
 *   ### es: <title>
 *   <a paragraph>
 *   - <a highlight> <!-- area, area -->
 *   ### en: <title>
 *   ...
 *
 * The comment after a highlight names the product areas of web/src/lib/areas.ts it is about.
 */

export type ChangelogLanguage = 'es' | 'en';

export interface Highlight {
  text: string;
  /** Product areas (keys of AREAS in lib/areas.ts) the highlight is about. */
  areas: string[];
}

export interface ReleasePart {
  title: string;
  description: string;
  highlights: Highlight[];
}

export interface Release {
  version: string;
  /** YYYY-MM-DD */
  date: string;
  parts: Record<ChangelogLanguage, ReleasePart>;
}

const RELEASE = /^## (\d+\.\d+\.\d+) [—-] (\d{4}-\d{2}-\d{2})$/;
const PART = /^### (es|en): (.+)$/;
const HIGHLIGHT = /^- (.+?)(?:\s*<!--\s*([\w\s,]*?)\s*-->)?$/;

export function parseChangelog(text: string): Release[] {
  const releases: Release[] = [];
  let release: { line: number; version: string; date: string; parts: Partial<Record<ChangelogLanguage, ReleasePart>> } | null = null;
  let part: ReleasePart | null = null;
  const fail = (line: number, why: string): never => {
    throw new Error(`CHANGELOG.md:${line}: ${why}`);
  };
  const close = () => {
    if (!release) return;
    const { es, en } = release.parts;
    if (!es || !en) fail(release.line, `version ${release.version} needs an "es" and an "en" part`);
    releases.push({ version: release.version, date: release.date, parts: { es: es!, en: en! } });
  };

  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const number = index + 1;
    if (!line || line.startsWith('# ')) return;
    const releaseMatch = RELEASE.exec(line);
    if (releaseMatch) {
      close();
      release = { line: number, version: releaseMatch[1]!, date: releaseMatch[2]!, parts: {} };
      part = null;
      return;
    }
    const partMatch = PART.exec(line);
    if (line.startsWith('#') && !partMatch) fail(number, `a heading that is neither a version (## x.y.z — YYYY-MM-DD) nor a language part (### es: …)`);
    if (!release) {
      if (partMatch) fail(number, 'a language part before any version');
      return; // The file's own introduction, before the first version.
    }
    if (partMatch) {
      const language = partMatch[1] as ChangelogLanguage;
      if (release.parts[language]) fail(number, `a second "${language}" part of ${release.version}`);
      part = { title: partMatch[2]!.trim(), description: '', highlights: [] };
      release.parts[language] = part;
      return;
    }
    if (!part) return fail(number, 'text before the version\'s first language part');
    const highlight = HIGHLIGHT.exec(line);
    if (highlight) {
      const areas = (highlight[2] ?? '').split(',').map((a) => a.trim()).filter(Boolean);
      part.highlights.push({ text: highlight[1]!.trim(), areas });
      return;
    }
    if (part.highlights.length > 0) fail(number, 'a paragraph after the highlights');
    part.description = part.description ? `${part.description} ${line}` : line;
  });
  close();
  if (releases.length === 0) fail(1, 'no version');
  return releases;
}
