import { createContext, useContext, useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
}

/**
 * Prerendering (no document, no effects) provides a collector here and writes what the page
 * reports into the HTML's <title> and description; in the browser there is none.
 */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

export function fullTitle(title: string) {
  return title ? `${title} · Nido` : 'Nido';
}

/** Sets the document title and meta description of a public page (the language is set by i18n). */
export function usePageMeta(title: string, description: string) {
  const collect = useContext(PageMetaCollector);
  collect?.({ title: fullTitle(title), description });
  useEffect(() => {
    document.title = fullTitle(title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
