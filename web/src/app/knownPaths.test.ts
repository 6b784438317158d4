import { matchRoutes } from 'react-router';
import { KNOWN_PATHS } from './knownPaths';
import { routes } from './router';

/** The last matched route of a path: '*' means the app would draw its 404 page. */
function leaf(path: string) {
  return matchRoutes(routes, path)?.at(-1)?.route.path;
}

describe('the paths the server is told about', () => {
  it('are all pages of the app', () => {
    const all = [
      ...KNOWN_PATHS.pages,
      ...KNOWN_PATHS.app,
      ...KNOWN_PATHS.private,
      '/children/0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      '/profile/edit',
      '/profile/coparents',
      '/reset-password/a-token',
      ...KNOWN_PATHS.under.map((p) => `${p}/any-article`),
    ];
    for (const path of all) expect([path, leaf(path)]).not.toEqual([path, '*']);
  });

  it('list every help article and blog post once', () => {
    expect(KNOWN_PATHS.pages).toContain('/help/getting-started/create-account');
    expect(KNOWN_PATHS.pages.filter((p) => p.startsWith('/blog/'))).toHaveLength(4);
    expect(new Set(KNOWN_PATHS.pages).size).toBe(KNOWN_PATHS.pages.length);
  });

  it('leave out what the app does not have', () => {
    expect(leaf('/no-such-page')).toBe('*');
  });
});
