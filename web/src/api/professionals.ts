import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import { api, unwrap } from './client';
import type { components } from './schema';

/** A professional's access to part of a family: the family's list of them, and the professional's own cases. */
export type Access = components['schemas']['AccessView'];
export type Case = components['schemas']['CaseView'];
export type Area = components['schemas']['Area'];
export type AccessKind = components['schemas']['AccessKind'];
export type Profession = components['schemas']['Profession'];
export type AccessState = components['schemas']['AccessState'];

export const casesKey = ['cases'] as const;

/** The families the signed-in professional was given access to. */
export function useCases(enabled = true) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: casesKey,
    queryFn: async () => (await unwrap(api.GET('/api/profesional/casos'), t('cases.loadFailed'))).data,
    enabled,
  });
}

/** Takes up an access from its mailed link, signed in with the address invited. */
export const acceptAccess = (token: string, fallback: string) => unwrap(api.POST('/api/accesos/aceptar', { body: { token } }), fallback);
