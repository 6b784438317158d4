import siteEs from './es.json';
import siteEn from './en.json';
import appEs from './app.es.json';
import appEn from './app.en.json';
import { act, render, screen } from '@testing-library/react';
import { detectLanguage, LANGUAGE_KEY } from './detect';
import i18n, { Trans, useTranslation } from '.';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const es = { ...siteEs, ...appEs };
const en = { ...siteEn, ...appEn };

describe('translations', () => {
  it('keep each top-level group in one part: the site or the app', () => {
    const inBoth = (a: object, b: object) => Object.keys(a).filter((k) => k in b);
    expect(inBoth(siteEs, appEs)).toEqual([]);
    expect(inBoth(siteEn, appEn)).toEqual([]);
  });

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

describe('texts', () => {
  afterEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('fill placeholders and pick the plural form of the language', () => {
    const es = i18n.getFixedT('es');
    const en = i18n.getFixedT('en');
    expect(es('children.count', { count: 1 })).toBe('1 hijo');
    expect(es('children.count', { count: 3 })).toBe('3 hijos');
    expect(en('children.count', { count: 1 })).toBe('1 child');
    expect(en('children.count', { count: 0 })).toBe('0 children');
    expect(en('forgot.sentBody', { email: 'ana@example.org' })).toContain('ana@example.org');
  });

  it('fall back to the key when a text is missing', () => {
    expect(i18n.getFixedT('en')('no.such.key')).toBe('no.such.key');
    expect(i18n.getFixedT('es')('children')).toBe('children');
  });

  it('re-render components when the language changes', async () => {
    function Title() {
      const { t, i18n: current } = useTranslation();
      return <p data-language={current.language}>{t('common.back')}</p>;
    }
    render(<Title />);
    expect(screen.getByText('Volver')).toHaveAttribute('data-language', 'es');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Back')).toHaveAttribute('data-language', 'en');
  });

  it('draw tagged parts of a text with the given elements', () => {
    render(<Trans i18nKey="register.terms" components={{ terms: <a href="/terms" />, privacy: <a href="/privacy" /> }} />);
    expect(screen.getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute('href', '/privacy');
    expect(document.body.textContent).toContain('Acepto los términos y condiciones y la política de privacidad');
  });
});
