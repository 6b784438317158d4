import { api, unwrap } from '../../api/client';
import type { components } from '../../api/schema';

export type User = components['schemas']['UserView'];
export type RegisterBody = components['schemas']['RegisterRequest'];
export type SessionAnswer = components['schemas']['SessionAnswer'];
export type LoginAnswer = components['schemas']['LoginAnswer'];
export type TwoFactorChallenge = components['schemas']['TwoFactorChallenge'];

/** Whether sign-in asked for the second step (two-step verification is on) instead of opening a session. */
export function isChallenge(answer: LoginAnswer): answer is TwoFactorChallenge {
  return 'twoFactor' in answer && answer.twoFactor === true;
}

export const fetchProfile = (fallback: string) => unwrap(api.GET('/api/usuarios/perfil'), fallback);

export const login = (email: string, password: string, fallback: string) =>
  unwrap(api.POST('/api/usuarios/login', { body: { email, password } }), fallback);

/** The second step of signing in: the challenge from `login` and a code from the app or a recovery code. */
export const loginSecondStep = (challenge: string, code: string, fallback: string) =>
  unwrap(api.POST('/api/usuarios/login/2fa', { body: { challenge, code } }), fallback);

/** Reopens a closed account (within its 90 days); signing in comes after. */
export const reactivate = (email: string, password: string, fallback: string) =>
  unwrap(api.POST('/api/usuarios/reactivar', { body: { email, password } }), fallback);

export const register = (body: RegisterBody, fallback: string) =>
  unwrap(api.POST('/api/usuarios', { body }), fallback);

export const logout = (fallback: string) => unwrap(api.POST('/api/usuarios/logout'), fallback);

export const requestReset = (email: string, fallback: string) =>
  unwrap(api.POST('/api/usuarios/olvide-password', { body: { email } }), fallback);

export const checkResetToken = (token: string, fallback: string) =>
  unwrap(api.GET('/api/usuarios/olvide-password/{token}', { params: { path: { token } } }), fallback);

export const resetPassword = (token: string, password: string, fallback: string) =>
  unwrap(
    api.POST('/api/usuarios/olvide-password/{token}', { params: { path: { token } }, body: { token, password } }),
    fallback,
  );
