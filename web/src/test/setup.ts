import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import i18n from '../i18n';

// Both languages' texts, every part, are loaded once; tests switch between them.
await i18n.loadAppTexts();
await i18n.changeLanguage('en');
await i18n.changeLanguage('es');

// `make test` runs these beside the server's build on two cores: a state a test waits for (a
// dialog after an event, a lazy part) may take longer than the default second to appear. A
// passing wait still returns as soon as the state is there.
configure({ asyncUtilTimeout: 5_000 });
