import { jsonResponse } from '../../test/render';
import { base64UrlToBytes, forgetThisDevice, pushSupport } from './thisDevice';

/** A browser with push, whose worker holds `subscription`. */
function fakePushBrowser(subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null) {
  const registration = { active: {}, pushManager: { getSubscription: () => Promise.resolve(subscription) } };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission: 'default' });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: () => Promise.resolve(registration) } });
}

describe('this device', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('knows a browser without push', () => {
    expect(pushSupport()).toBe('unsupported');
  });

  it('turns the base64url VAPID key into its 65 bytes', () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const bytes = base64UrlToBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  it('at logout, deletes the device of this subscription on the server and unsubscribes it', async () => {
    const unsubscribe = vi.fn(() => Promise.resolve(true));
    fakePushBrowser({ endpoint: 'https://push.example/mine', unsubscribe });
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const request = input as Request;
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      if (request.method === 'GET') {
        return Promise.resolve(
          jsonResponse(200, {
            success: true,
            data: [
              { _id: 'other', endpoint: 'https://push.example/other', agente: 'Firefox', creado: '2026-11-01T00:00:00Z' },
              { _id: 'd1', endpoint: 'https://push.example/mine', agente: 'Chrome', creado: '2026-11-02T00:00:00Z' },
            ],
          }),
        );
      }
      return Promise.resolve(jsonResponse(200, { success: true, msg: 'ok' }));
    });
    await forgetThisDevice();
    expect(calls).toEqual(['GET /api/notificaciones/dispositivos', 'DELETE /api/notificaciones/dispositivos/d1']);
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('unsubscribes even when the server cannot be reached, and never throws', async () => {
    const unsubscribe = vi.fn(() => Promise.resolve(true));
    fakePushBrowser({ endpoint: 'https://push.example/mine', unsubscribe });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await expect(forgetThisDevice()).resolves.toBeUndefined();
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('asks nothing of the server when this browser has no subscription', async () => {
    fakePushBrowser(null);
    const fetch = vi.spyOn(globalThis, 'fetch');
    await forgetThisDevice();
    expect(fetch).not.toHaveBeenCalled();
  });
});
