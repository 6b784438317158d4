import type { ToneFragment } from './types';

/**
 * The tone check counts offsets in Unicode scalar values (code points), as the server does; a
 * JavaScript string counts UTF-16 units, so an emoji before a fragment would shift it. Everything
 * here works on arrays of code points.
 */
const codePoints = (text: string) => Array.from(text);

/** The characters `inicio`..`fin` (end exclusive) of `text`, counted in code points. */
export function sliceChars(text: string, inicio: number, fin: number): string {
  return codePoints(text).slice(inicio, fin).join('');
}

export interface Segment {
  text: string;
  /** The flagged fragment this piece is, or null for plain text. */
  fragment: ToneFragment | null;
}

/**
 * Cuts `text` into plain and flagged pieces, in order. Fragments out of range are clipped;
 * one that overlaps an earlier one is left out, so no character is drawn twice.
 */
export function segmentsOf(text: string, fragments: readonly ToneFragment[]): Segment[] {
  const chars = codePoints(text);
  const sorted = [...fragments].sort((a, b) => a.inicio - b.inicio || a.fin - b.fin);
  const segments: Segment[] = [];
  let at = 0;
  for (const fragment of sorted) {
    const start = Math.max(fragment.inicio, 0);
    const end = Math.min(fragment.fin, chars.length);
    if (start < at || end <= start) continue;
    if (start > at) segments.push({ text: chars.slice(at, start).join(''), fragment: null });
    segments.push({ text: chars.slice(start, end).join(''), fragment });
    at = end;
  }
  if (at < chars.length) segments.push({ text: chars.slice(at).join(''), fragment: null });
  return segments;
}

/**
 * Joins the text around a fragment that was left out: no doubled space, no space before a comma,
 * and no comma left at the head of a sentence ("Sos un inútil, nunca…" → "Nunca…").
 */
function joinWithout(before: string, after: string): string {
  // Nothing but marks, spaces or emoji since the last sentence ended (or the text began).
  const atSentenceStart = /(^|[.!?¡¿…\n])[^\p{L}\p{N}]*$/u.test(before);
  if (atSentenceStart) {
    const rest = after.replace(/^[ \t]*[,;:.!?]*[ \t]*/, '');
    const head = Array.from(rest)[0] ?? '';
    const lead = before.replace(/[ \t]+$/, /[\p{L}\p{N}\p{Extended_Pictographic}.!?…]$/u.test(before.trimEnd()) ? ' ' : '');
    return lead + head.toLocaleUpperCase() + rest.slice(head.length);
  }
  if (after === '' || /^[ \t]/.test(after) || /^[,.;:!?]/.test(after)) return before.replace(/[ \t]+$/, '') + after;
  return before + after;
}

function joinAround(before: string, wording: string, after: string): string {
  return wording === '' ? joinWithout(before, after) : before + wording + after;
}

/**
 * The draft with one flagged fragment replaced by `wording` (an empty one leaves it out, tidying
 * the spaces and comma around it). The fragment was found in `checked`
 * (the text the tone check saw); the parent may have typed since, so it is replaced where it was
 * if it is still there, else at its first occurrence, else the draft is left as it is.
 */
export function replaceFragment(draft: string, checked: string, fragment: ToneFragment, wording: string): string {
  const original = sliceChars(checked, fragment.inicio, fragment.fin);
  if (!original) return draft;
  const chars = codePoints(draft);
  if (chars.slice(fragment.inicio, fragment.fin).join('') === original) {
    return joinAround(chars.slice(0, fragment.inicio).join(''), wording, chars.slice(fragment.fin).join(''));
  }
  const index = draft.indexOf(original);
  if (index < 0) return draft;
  return joinAround(draft.slice(0, index), wording, draft.slice(index + original.length));
}
