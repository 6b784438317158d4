import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n';
import './index.css';
import { routes } from './app/router';
import { Shell } from './app/Shell';

const router = createBrowserRouter(routes);

/** Re-renders every page when the language changes. */
function App() {
  useTranslation();
  return <RouterProvider router={router} />;
}

const root = document.getElementById('root');
if (root) {
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
