import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from './es.json';
import en from './en.json';
import { detectLanguage, LANGUAGE_KEY, type Language } from './detect';

const initial = detectLanguage(window.localStorage, window.navigator.language);

void i18n.use(initReactI18next).init({
  resources: { es: { translation: es }, en: { translation: en } },
  lng: initial,
  fallbackLng: 'es',
  interpolation: { escapeValue: false },
  returnNull: false,
});

document.documentElement.lang = initial;

export function setLanguage(language: Language) {
  window.localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'es';
}

export default i18n;
