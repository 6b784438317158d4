/**
 * Renders public pages to HTML at build time (scripts/prerender.mjs), so that they are read and
 * painted before any JavaScript runs; the browser then hydrates them (main.tsx).
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import i18n from './i18n';
import type { Language } from './i18n/detect';
import { AppRoutes } from './app/router';
import { Shell } from './app/Shell';
import { PageMetaCollector, type PageMeta } from './features/site/usePageMeta';

export { KNOWN_PATHS } from './app/knownPaths';

export async function render(path: string, language: Language) {
  await i18n.changeLanguage(language);
  let meta: PageMeta | null = null;
  const page = (
    <PageMetaCollector.Provider value={(found) => (meta = found)}>
      <Shell>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </Shell>
    </PageMetaCollector.Provider>
  );
  // A boundary larger than progressiveChunkSize would be sent as a separate segment moved into
  // place by an inline script (which the CSP forbids); a static page wants it inline.
  const { prelude } = await prerender(page, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`${path} renders an inline script`);
  return { html, meta };
}
