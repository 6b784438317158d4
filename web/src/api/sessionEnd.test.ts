import { api, unwrap } from './client';
import { onSessionEnded } from './sessionEnd';
import { jsonResponse } from '../test/render';

describe('an ended session', () => {
  let ended = 0;
  let stop: () => void = () => {};
  beforeEach(() => {
    ended = 0;
    stop = onSessionEnded(() => (ended += 1));
  });
  afterEach(() => {
    stop();
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  const call = () => unwrap(api.GET('/api/familias'), 'fallo').catch((err: unknown) => err);

  it('is told when a request that carried the session is refused for it', async () => {
    window.localStorage.setItem('token', 'gone');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(401, { success: false, msg: 'Tu sesión no es válida', code: 'unauthorized' }));
    const err = (await call()) as { status: number };
    expect(err.status).toBe(401);
    expect(ended).toBe(1);
  });

  it('is not told for other refusals, nor for a visitor without a session', async () => {
    window.localStorage.setItem('token', 'fine');
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(401, { success: false, msg: 'Código incorrecto', code: 'two_factor_code_invalid' }));
    await call();
    fetch.mockResolvedValue(jsonResponse(403, { success: false, msg: 'No', code: 'forbidden' }));
    await call();
    window.localStorage.clear();
    fetch.mockResolvedValue(jsonResponse(401, { success: false, msg: 'x', code: 'unauthorized' }));
    await call();
    expect(ended).toBe(0);
  });
});
