import { BLOG_SLUGS } from '../content/blog/posts.ts';
import { HELP_CATEGORY_IDS, HELP_PATHS } from '../content/help/catalog.ts';

/**
 * Every path the web app answers, for the server: it answers 404 for any other (the app still
 * draws its own 404 page), lists `pages` in /sitemap.xml and keeps crawlers out of `private`.
 * The build writes this as dist/routes.json; a unit test checks it against the router.
 */
export const KNOWN_PATHS = {
  pages: [
    '/',
    ...HELP_PATHS,
    '/faq',
    '/blog',
    ...BLOG_SLUGS.map((slug) => `/blog/${slug}`),
    '/about',
    '/careers',
    '/press',
    '/updates',
    '/subscription',
    '/contact',
    '/status',
    '/verificar',
    '/verify',
    '/terms',
    '/privacy',
    '/cookies',
    '/gdpr',
    '/email-terms',
    '/email-privacy',
  ],
  app: ['/login', '/register', '/register-invited', '/forgot-password', '/reset-password'],
  // Signed-in sections are served whole: the server cannot tell which sub-page a session may see.
  // The unsubscribe page depends on its token: served, never prerendered nor indexed.
  private: ['/children', '/messages', '/calendar', '/finances', '/notifications', '/profile', '/search', '/reset-password', '/verify-email', '/confirm-email', '/unsubscribe', '/casos'],
  // An unknown article of a known category shows the category's list (spec §2).
  // A report's code in the address (its QR code) checks it at once.
  under: [...HELP_CATEGORY_IDS.map((c) => `/help/${c}`), '/verificar', '/verify'],
};
