import { api, unwrap } from './client';
import type { components } from './schema';

/** The signed-in person as the session keeps them. */
export type User = components['schemas']['UserView'];

export const fetchProfile = (fallback: string) => unwrap(api.GET('/api/usuarios/perfil'), fallback);

export const logout = (fallback: string) => unwrap(api.POST('/api/usuarios/logout'), fallback);
