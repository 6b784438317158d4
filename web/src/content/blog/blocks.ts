import type { Block } from './types';

/** Short constructors that keep the post texts readable. */
export const h2 = (text: string): Block => ({ type: 'h2', text });
export const h3 = (text: string): Block => ({ type: 'h3', text });
export const p = (text: string): Block => ({ type: 'p', text });
export const ul = (...items: string[]): Block => ({ type: 'ul', items });
export const ol = (...items: string[]): Block => ({ type: 'ol', items });
export const note = (text: string): Block => ({ type: 'note', text });
