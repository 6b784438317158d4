import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from './es.json';
import en from './en.json';
import { detectLanguage, LANGUAGE_KEY, type Language } from './detect';

// Prerendering at build time runs without a browser: Spanish there, the visitor's choice here.
const inBrowser = typeof window !== 'undefined';
const initial: Language = inBrowser ? detectLanguage(window.localStorage, window.navigator.language) : 'es';

void i18n.use(initReactI18next).init({
  resources: { es: { translation: es }, en: { translation: en } },
  lng: initial,
  fallbackLng: 'es',
  interpolation: { escapeValue: false },
  returnNull: false,
});

if (inBrowser) document.documentElement.lang = initial;

export function setLanguage(language: Language) {
  window.localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'es';
}

export default i18n;
