import { api, unwrap } from '../../api/client';
import type { components } from '../../api/schema';

export type { User } from '../../api/session';
export { fetchProfile, logout } from '../../api/session';
export type RegisterBody = components['schemas']['RegisterRequest'];
export type SessionAnswer = components['schemas']['SessionAnswer'];
export type LoginAnswer = components['schemas']['LoginAnswer'];
export type TwoFactorChallenge = components['schemas']['TwoFactorChallenge'];

/** Whether sign-in asked for the second step (two-step verification is on) instead of opening a session. */
export function isChallenge(answer: LoginAnswer): answer is TwoFactorChallenge {
  return 'twoFactor' in answer && answer.twoFactor === true;
}

/**
 * Device tokens, by account address. The server hands one out with every session; shown again at
 * sign-in, reopening or a reset request, it gives this browser a budget of attempts of its own, so a
 * flood of wrong passwords from elsewhere cannot lock the owner out. It opens nothing by itself, so
 * it stays after signing out.
 */
const DEVICES_KEY = 'nido.devices';

function devices(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(DEVICES_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function deviceFor(email: string): string | undefined {
  return devices()[email.trim().toLowerCase()];
}

function rememberDevice<T extends SessionAnswer>(answer: T): T {
  try {
    window.localStorage.setItem(DEVICES_KEY, JSON.stringify({ ...devices(), [answer.email.toLowerCase()]: answer.deviceToken }));
  } catch {
    // Storage full or refused: the next sign-in simply counts with everyone else's.
  }
  return answer;
}

export const login = async (email: string, password: string, fallback: string) => {
  const answer = await unwrap(api.POST('/api/usuarios/login', { body: { email, password, deviceToken: deviceFor(email) } }), fallback);
  return isChallenge(answer) ? answer : rememberDevice(answer);
};

/** The second step of signing in: the challenge from `login` and a code from the app or a recovery code. */
export const loginSecondStep = async (challenge: string, code: string, fallback: string) =>
  rememberDevice(await unwrap(api.POST('/api/usuarios/login/2fa', { body: { challenge, code } }), fallback));

/** Reopens a closed account (within its 90 days); signing in comes after. */
export const reactivate = (email: string, password: string, fallback: string) =>
  unwrap(api.POST('/api/usuarios/reactivar', { body: { email, password, deviceToken: deviceFor(email) } }), fallback);

export const register = async (body: RegisterBody, fallback: string) => rememberDevice(await unwrap(api.POST('/api/usuarios', { body }), fallback));

export const requestReset = (email: string, fallback: string) =>
  unwrap(api.POST('/api/usuarios/olvide-password', { body: { email, deviceToken: deviceFor(email) } }), fallback);

export const checkResetToken = (token: string, fallback: string) =>
  unwrap(api.GET('/api/usuarios/olvide-password/{token}', { params: { path: { token } } }), fallback);

export const resetPassword = (token: string, password: string, fallback: string) =>
  unwrap(
    api.POST('/api/usuarios/olvide-password/{token}', { params: { path: { token } }, body: { token, password } }),
    fallback,
  );
