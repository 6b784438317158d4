import { parseChangelog } from './parse';

const GOOD = `# Changelog

Intro text, before any version.

## 0.2.0 — 2026-12-20

### es: Segunda

Un párrafo
que sigue.

- Algo nuevo <!-- calendar, messaging -->
- Algo sin área

### en: Second

A paragraph.

- Something new <!-- calendar, messaging -->
- Something without an area

## 0.1.0 - 2026-11-28

### es: Primera
- Todo <!-- web -->
### en: First
- Everything <!-- web -->
`;

describe('CHANGELOG.md read as data', () => {
  it('gives each version, newest first, with its parts, paragraph, highlights and areas', () => {
    const [second, first] = parseChangelog(GOOD);
    expect(second).toEqual({
      version: '0.2.0',
      date: '2026-12-20',
      parts: {
        es: { title: 'Segunda', description: 'Un párrafo que sigue.', highlights: [{ text: 'Algo nuevo', areas: ['calendar', 'messaging'] }, { text: 'Algo sin área', areas: [] }] },
        en: { title: 'Second', description: 'A paragraph.', highlights: [{ text: 'Something new', areas: ['calendar', 'messaging'] }, { text: 'Something without an area', areas: [] }] },
      },
    });
    expect(first).toEqual({
      version: '0.1.0',
      date: '2026-11-28',
      parts: { es: { title: 'Primera', description: '', highlights: [{ text: 'Todo', areas: ['web'] }] }, en: { title: 'First', description: '', highlights: [{ text: 'Everything', areas: ['web'] }] } },
    });
  });

  it('refuses a file the page could not show truthfully, saying where', () => {
    expect(() => parseChangelog('# Changelog\n')).toThrow('no version');
    expect(() => parseChangelog('## 0.1.0 — 2026-11-28\n### es: Primera\n- Todo\n')).toThrow(/:1: version 0.1.0 needs an "es" and an "en" part/);
    expect(() => parseChangelog('## 0.1.0 — 2026-11-28\nTexto suelto\n')).toThrow(/:2: text before/);
    expect(() => parseChangelog('## 0.1.0 — 28/11/2026\n')).toThrow(/:1: a heading/);
    expect(() => parseChangelog('## 0.1.0 — 2026-11-28\n### es: A\n### es: B\n')).toThrow(/:3: a second "es" part/);
    expect(() => parseChangelog('## 0.1.0 — 2026-11-28\n### es: A\n- Uno\nPárrafo tarde\n### en: B\n')).toThrow(/:4: a paragraph after/);
  });
});
