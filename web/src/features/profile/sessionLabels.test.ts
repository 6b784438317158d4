import i18n from '../../i18n';
import { deviceLabel, isMobile, lastSeenLabel, parseUserAgent } from './sessionLabels';

const UA = {
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  samsungAndroid: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  operaWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  chromebook: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('parseUserAgent', () => {
  it('tells apart browsers that borrow each other’s names', () => {
    expect(parseUserAgent(UA.chromeLinux)).toEqual({ browser: 'Chrome', os: 'Linux' });
    expect(parseUserAgent(UA.headless)).toEqual({ browser: 'Chrome', os: 'Linux' });
    expect(parseUserAgent(UA.edgeWindows)).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(parseUserAgent(UA.operaWindows)).toEqual({ browser: 'Opera', os: 'Windows' });
    expect(parseUserAgent(UA.firefoxMac)).toEqual({ browser: 'Firefox', os: 'macOS' });
    expect(parseUserAgent(UA.safariIphone)).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(parseUserAgent(UA.chromeIphone)).toEqual({ browser: 'Chrome', os: 'iOS' });
    expect(parseUserAgent(UA.samsungAndroid)).toEqual({ browser: 'Samsung Internet', os: 'Android' });
    expect(parseUserAgent(UA.chromebook)).toEqual({ browser: 'Chrome', os: 'ChromeOS' });
  });

  it('knows nothing of what it cannot read', () => {
    expect(parseUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null });
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null });
  });

  it('marks phones', () => {
    expect(isMobile(UA.safariIphone)).toBe(true);
    expect(isMobile(UA.samsungAndroid)).toBe(true);
    expect(isMobile(UA.chromeLinux)).toBe(false);
  });
});

describe('deviceLabel', () => {
  it('says the browser and system in the interface language', () => {
    expect(deviceLabel(UA.chromeLinux, i18n.getFixedT('es'))).toBe('Chrome en Linux');
    expect(deviceLabel(UA.firefoxMac, i18n.getFixedT('en'))).toBe('Firefox on macOS');
  });

  it('says plainly when it does not know', () => {
    expect(deviceLabel('', i18n.getFixedT('es'))).toBe('Navegador desconocido en un sistema desconocido');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0)', i18n.getFixedT('en'))).toBe('Unknown browser on Windows');
  });
});

describe('lastSeenLabel', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('is relative within a week', () => {
    const es = i18n.getFixedT('es');
    const en = i18n.getFixedT('en');
    expect(lastSeenLabel(ago(20), now, 'es', es)).toBe('hace un momento');
    expect(lastSeenLabel(ago(20), now, 'en', en)).toBe('just now');
    expect(lastSeenLabel(ago(5 * 60 + 10), now, 'es', es)).toBe('hace 5 minutos');
    expect(lastSeenLabel(ago(3 * 3600), now, 'en', en)).toBe('3 hours ago');
    expect(lastSeenLabel(ago(26 * 3600), now, 'en', en)).toBe('yesterday');
    expect(lastSeenLabel(ago(3 * 86400), now, 'es', es)).toBe('hace 3 días');
  });

  it('gives the date and time after a week', () => {
    const label = lastSeenLabel('2026-10-02T09:30:00Z', now, 'en', i18n.getFixedT('en'));
    expect(label).toMatch(/Oct 2, 2026/);
  });
});
