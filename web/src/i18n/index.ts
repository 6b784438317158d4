/**
 * The app's texts in Spanish and English (spec §1): the stored choice, else the browser's
 * language; a text missing in English falls back to Spanish, then to its key. Only the visitor's
 * language is loaded, and of it only the part the pages shown so far need: the public site's texts
 * (`es.json`, `en.json`) at start, the signed-in app's and the sign-in pages' (`app.es.json`,
 * `app.en.json`) with those pages, so the landing page does not carry them. The app renders once
 * `ready` resolves.
 *
 * A few dozen lines instead of i18next: the app needs nested keys, {{value}} placeholders,
 * `_one`/`_other` plurals and <tag>…</tag> links, and the landing page's weight matters.
 */
import { cloneElement, createElement, Fragment, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { detectLanguage, LANGUAGE_KEY, type Language } from './detect';

interface Dictionary {
  [key: string]: string | Dictionary;
}

export type TFunction = (key: string, values?: Record<string, string | number>) => string;

type Part = 'site' | 'app';

const loaders: Record<Language, Record<Part, () => Promise<{ default: unknown }>>> = {
  es: { site: () => import('./es.json'), app: () => import('./app.es.json') },
  en: { site: () => import('./en.json'), app: () => import('./app.en.json') },
};
// The parts' top-level keys are distinct, so a language's dictionary is their union.
const dictionaries: Partial<Record<Language, Dictionary>> = {};
// The parts needed so far; a change of language loads all of them in the new language.
const parts = new Set<Part>(['site']);
const loaded = new Set<string>();
const listeners = new Set<() => void>();

// Prerendering at build time runs without a browser: Spanish there, the visitor's choice here.
const inBrowser = typeof window !== 'undefined';
let language: Language = inBrowser ? detectLanguage(window.localStorage, window.navigator.language) : 'es';

async function load(lang: Language) {
  await Promise.all(
    [...parts].map(async (part) => {
      if (loaded.has(`${lang}:${part}`)) return;
      const texts = (await loaders[lang][part]()).default as Dictionary;
      dictionaries[lang] = { ...dictionaries[lang], ...texts };
      loaded.add(`${lang}:${part}`);
    }),
  );
}

/** Loads the signed-in app's and the sign-in pages' texts; their pages wait for it before drawing. */
export async function loadAppTexts(): Promise<void> {
  parts.add('app');
  await load(language);
}

/** Resolves once the starting language's texts are in. */
export const ready: Promise<void> = load(language);
if (inBrowser) document.documentElement.lang = language;

function lookup(dictionary: Dictionary | undefined, key: string): string | undefined {
  let node: string | Dictionary | undefined = dictionary;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function translate(lang: Language, key: string, values?: Record<string, string | number>): string {
  const count = values?.count;
  const keys = typeof count === 'number' ? [`${key}_${new Intl.PluralRules(lang).select(count)}`, `${key}_other`, key] : [key];
  let text: string | undefined;
  for (const dictionary of [dictionaries[lang], dictionaries.es]) {
    for (const candidate of keys) {
      text ??= lookup(dictionary, candidate);
    }
  }
  if (text === undefined) return key;
  if (!values) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

function fixedT(lang: Language): TFunction {
  return (key, values) => translate(lang, key, values);
}

async function changeLanguage(next: Language) {
  await load(next);
  language = next;
  if (inBrowser) document.documentElement.lang = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getLanguage = () => language;

/** The texts in the current language; re-renders the component when the language changes. */
export function useTranslation() {
  const lang = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  return useMemo(() => ({ t: fixedT(lang), i18n: { language: lang } }), [lang]);
}

/** A text with <name>…</name> parts drawn by the given elements (e.g. links inside a sentence). */
export function Trans({ i18nKey, components }: { i18nKey: string; components: Record<string, ReactElement> }) {
  const { t } = useTranslation();
  const text = t(i18nKey);
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const [whole, name = '', inner] = match;
    const element = components[name];
    parts.push(text.slice(last, match.index), element ? cloneElement(element, { key: match.index }, inner) : inner);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}

const choiceListeners = new Set<(next: Language) => void>();

/** Calls `listener` whenever the person picks a language (not when the app adopts a saved one). */
export function onLanguageChosen(listener: (next: Language) => void) {
  choiceListeners.add(listener);
  return () => {
    choiceListeners.delete(listener);
  };
}

/** Saves the choice in this browser and switches every text at once. */
export function setLanguage(next: Language) {
  window.localStorage.setItem(LANGUAGE_KEY, next);
  void changeLanguage(next);
}

/** The person's own choice (the language switch): also told to whoever keeps it elsewhere, e.g. the profile. */
export function chooseLanguage(next: Language) {
  setLanguage(next);
  choiceListeners.forEach((listener) => listener(next));
}

export function currentLanguage(): Language {
  return language;
}

/** For code outside components (tests, prerendering). */
const i18n = {
  get language() {
    return language;
  },
  changeLanguage,
  loadAppTexts,
  getFixedT: fixedT,
};

export default i18n;
