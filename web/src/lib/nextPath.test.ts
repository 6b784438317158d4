import { afterSignIn, loginPathFor, safeNext } from './nextPath';

const ORIGIN = 'https://nido.example';

describe('where sign-in returns to', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeNext('/calendar', ORIGIN)).toBe('/calendar');
    expect(safeNext('/finances?gasto=g1#top', ORIGIN)).toBe('/finances?gasto=g1#top');
    expect(safeNext('/profile/../messages', ORIGIN)).toBe('/messages');
  });

  it('refuses anything that could leave the site, and the sign-in page itself', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'calendar',
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      ' /calendar',
      '/login',
      '/login?next=/calendar',
    ]) {
      expect(safeNext(bad, ORIGIN), String(bad)).toBeNull();
    }
  });

  it('prefers the page that sent the visitor, then ?next, then the children', () => {
    expect(afterSignIn('/messages', '/calendar')).toBe('/messages');
    expect(afterSignIn(undefined, '/calendar')).toBe('/calendar');
    expect(afterSignIn(undefined, 'https://evil.example')).toBe('/children');
    expect(afterSignIn('/login', null)).toBe('/children');
  });

  it('names the page in the sign-in address', () => {
    expect(loginPathFor('/finances?pago=p1')).toBe('/login?next=%2Ffinances%3Fpago%3Dp1');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
