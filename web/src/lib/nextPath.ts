/** Where sign-in returns to: `/login?next=<path>` names a page of this site, never another site. */

const DEFAULT_PATH = '/children';

/**
 * `value` when it is a path of this origin (with its query and fragment), else null: an absolute
 * or protocol-relative address, a backslash trick, a scheme or the sign-in page itself are not.
 */
export function safeNext(value: string | null | undefined, origin: string = window.location.origin): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go once signed in: the page that sent the visitor here, else the children's list. */
export function afterSignIn(from: string | undefined, next: string | null): string {
  return safeNext(from) ?? safeNext(next) ?? DEFAULT_PATH;
}

/** The sign-in page that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const next = safeNext(path);
  return next ? `/login?${new URLSearchParams({ next }).toString()}` : '/login';
}
