import '@testing-library/jest-dom/vitest';
import i18n from '../i18n';

// Both languages' texts, every part, are loaded once; tests switch between them.
await i18n.loadAppTexts();
await i18n.changeLanguage('en');
await i18n.changeLanguage('es');
