/**
 * Matching as the server's search does it: blind to accents and case, every word of the query
 * somewhere in the text. The highlighter works on the original text, so "Lucia" lights up the
 * "Lucía" the user wrote.
 */

/** One character folded: no accents, lower case ("Á" → "a", "ñ" → "n"). */
const foldChar = (char: string): string => char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export const fold = (text: string): string => Array.from(text, foldChar).join('');

/** The query's words, folded, without duplicates or empty ones. */
export function queryWords(query: string): string[] {
  return [...new Set(fold(query).split(/[^\p{L}\p{N}@.+-]+/u).filter(Boolean))];
}

/** Whether every word of the query appears in one of the texts. */
export function matchesAll(query: string, ...texts: (string | null | undefined)[]): boolean {
  const words = queryWords(query);
  if (words.length === 0) return false;
  const haystack = fold(texts.filter(Boolean).join(' '));
  return words.every((word) => haystack.includes(word));
}

export interface Segment {
  text: string;
  hit: boolean;
}

/** The text cut into plain and highlighted pieces, the highlighted ones being the query's words. */
export function highlight(text: string, query: string): Segment[] {
  const words = queryWords(query);
  const chars = Array.from(text);
  // The folded text, and for each of its positions the original character it came from.
  let folded = '';
  const origin: number[] = [];
  chars.forEach((char, index) => {
    const f = foldChar(char);
    folded += f;
    for (let i = 0; i < f.length; i += 1) origin.push(index);
  });
  const lit = new Array<boolean>(chars.length).fill(false);
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1)) {
      for (let i = at; i < at + word.length; i += 1) lit[origin[i]!] = true;
    }
  }
  const segments: Segment[] = [];
  chars.forEach((char, index) => {
    const last = segments.at(-1);
    if (last && last.hit === lit[index]) last.text += char;
    else segments.push({ text: char, hit: lit[index]! });
  });
  return segments;
}
