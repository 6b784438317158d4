import { describe, expect, it } from 'vitest';
import { replaceFragment, segmentsOf, sliceChars } from './highlight';
import type { ToneFragment } from './types';

const frag = (inicio: number, fin: number, reemplazo: string | null = 'calma'): ToneFragment => ({ inicio, fin, categoria: 'insulto', sugerencia: 'consejo', reemplazo });

describe('segmentsOf', () => {
  it('cuts plain and flagged pieces by character offsets', () => {
    const text = 'sos un inútil, siempre igual';
    const segments = segmentsOf(text, [frag(0, 13), frag(15, 22)]);
    expect(segments.map((s) => [s.text, s.fragment !== null])).toEqual([
      ['sos un inútil', true],
      [', ', false],
      ['siempre', true],
      [' igual', false],
    ]);
  });

  it('counts an emoji as one character, as the server does', () => {
    // "😡" is two UTF-16 units but one code point: the fragment after it must not shift.
    const text = '😡 NUNCA escuchas';
    const [first, flagged, rest] = segmentsOf(text, [frag(2, 7)]);
    expect(first?.text).toBe('😡 ');
    expect(flagged?.text).toBe('NUNCA');
    expect(rest?.text).toBe(' escuchas');
  });

  it('keeps accents and combining marks whole', () => {
    expect(sliceChars('mamá é', 0, 4)).toBe('mamá');
  });

  it('leaves out overlapping and out-of-range fragments and keeps the whole text', () => {
    const text = 'abc def';
    const segments = segmentsOf(text, [frag(4, 99), frag(0, 3), frag(1, 2), frag(9, 12)]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.fragment).map((s) => s.text)).toEqual(['abc', 'def']);
  });

  it('gives one plain piece without fragments, and none for an empty text', () => {
    expect(segmentsOf('hola', [])).toEqual([{ text: 'hola', fragment: null }]);
    expect(segmentsOf('', [frag(0, 2)])).toEqual([]);
  });
});

describe('replaceFragment', () => {
  it('replaces the fragment where it was, counting characters', () => {
    const text = '🙂 vos nunca venís';
    expect(replaceFragment(text, text, frag(2, 11, 'esta vez no viniste'), 'esta vez no viniste')).toBe('🙂 esta vez no viniste venís');
  });

  it('finds the words again when the parent typed before them since the check', () => {
    const checked = 'sos un inútil';
    const draft = 'Mirá, sos un inútil';
    expect(replaceFragment(draft, checked, frag(0, 13), 'esto me preocupa')).toBe('Mirá, esto me preocupa');
  });

  it('puts the calmer wording in place of exactly the fragment after accents and emoji', () => {
    // "👨‍👩‍👧" is several code points; "á" and "ñ" one each: offsets are the server's.
    const text = 'Mañana 👨‍👩‍👧 á: vos nunca llegás a horario.';
    const inicio = Array.from('Mañana 👨‍👩‍👧 á: ').length;
    const fragment = frag(inicio, inicio + Array.from('vos nunca').length, 'últimamente no');
    expect(sliceChars(text, fragment.inicio, fragment.fin)).toBe('vos nunca');
    expect(replaceFragment(text, text, fragment, 'últimamente no')).toBe('Mañana 👨‍👩‍👧 á: últimamente no llegás a horario.');
  });

  it('leaves out a fragment without leaving doubled spaces or a stray comma', () => {
    const text = '😡 Sos un inútil, nunca llegás.';
    expect(replaceFragment(text, text, frag(2, 15, ''), '')).toBe('😡 Nunca llegás.');
    const middle = 'Te digo que sos un inútil y no lo entiendes';
    expect(replaceFragment(middle, middle, frag(12, 25, ''), '')).toBe('Te digo que y no lo entiendes');
    const after = 'Llegaste tarde. You are an idiot. Bye';
    expect(replaceFragment(after, after, frag(16, 32, ''), '')).toBe('Llegaste tarde. Bye');
  });

  it('leaves the draft alone when the words are gone', () => {
    expect(replaceFragment('todo bien', 'sos un inútil', frag(0, 13), 'x')).toBe('todo bien');
  });
});
