import { routeTitleKey } from './routeTitle';
import i18n from '../i18n';
import { routes } from './router';
import type { RouteObject } from 'react-router';

function signedInPaths(list: RouteObject[]): string[] {
  return list.flatMap((r) => [...(r.path && !r.path.startsWith(':') ? [r.path] : []), ...signedInPaths(r.children ?? [])]);
}

describe('routeTitleKey', () => {
  it('names every signed-in page in both languages', () => {
    const inApp = signedInPaths(routes).filter((p) => /^(children|messages|calendar|finances|notifications|profile|search)/.test(p));
    expect(inApp.length).toBeGreaterThan(10);
    for (const path of inApp) {
      const key = routeTitleKey(`/${path.replace(':childId', 'abc').replace(':id', 'abc')}`);
      expect(key, path).toBeDefined();
      for (const lang of ['es', 'en'] as const) expect(i18n.getFixedT(lang)(key!), `${path} ${lang}`).not.toBe(key);
    }
  });
});
