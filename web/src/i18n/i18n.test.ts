import es from './es.json';
import en from './en.json';
import { detectLanguage, LANGUAGE_KEY } from './detect';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  it('have the same keys in Spanish and English', () => {
    const spanish = keys(es).sort();
    const english = keys(en).sort();
    expect(spanish.filter((k) => !english.includes(k))).toEqual([]);
    expect(english.filter((k) => !spanish.includes(k))).toEqual([]);
  });

  it('have no empty texts', () => {
    const empty = (obj: unknown): boolean =>
      typeof obj === 'string' ? obj.trim() === '' : Object.values(obj as object).some(empty);
    expect(empty(es)).toBe(false);
    expect(empty(en)).toBe(false);
  });
});

describe('detectLanguage', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps a stored choice', () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(detectLanguage(window.localStorage, 'es-AR')).toBe('en');
  });

  it('uses English for an English browser and saves it', () => {
    expect(detectLanguage(window.localStorage, 'en-GB')).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('falls back to Spanish for any other browser language', () => {
    expect(detectLanguage(window.localStorage, 'fr-FR')).toBe('es');
    expect(detectLanguage(window.localStorage, undefined)).toBe('es');
  });

  it('ignores a stored value that is not a language', () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'klingon');
    expect(detectLanguage(window.localStorage, 'en-US')).toBe('en');
  });
});
