import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { currentLanguage, ready, useTranslation } from './i18n';
import './index.css';
import { AppRoutes } from './app/router';
import { Shell } from './app/Shell';
import { keepInstallOffer } from './app/installPrompt';

/** Re-renders every page when the language changes. */
function App() {
  useTranslation();
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

keepInstallOffer();

const root = document.getElementById('root');
if (root) {
  await ready;
  const app = (
    <Shell>
      <App />
    </Shell>
  );
  // Public pages arrive prerendered (scripts/prerender.mjs): take over that HTML when it is in
  // the visitor's language, otherwise draw the page afresh.
  if (root.dataset.prerendered === currentLanguage()) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
