import { api, unwrap } from '../../api/client';
import type { components } from '../../api/schema';

export type User = components['schemas']['UserView'];
export type RegisterBody = components['schemas']['RegisterRequest'];

export const fetchProfile = (fallback: string) => unwrap(api.GET('/api/usuarios/perfil'), fallback);

export const login = (email: string, password: string, fallback: string) =>
  unwrap(api.POST('/api/usuarios/login', { body: { email, password } }), fallback);

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
