import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n';
import { api, unwrap } from './client';
import type { components } from './schema';

/** The families the signed-in person belongs to: every screen that picks or names a family reads it. */
export type Family = components['schemas']['FamilyView'];
export type Member = components['schemas']['MemberView'];

export const familiesKey = ['families'] as const;

export function useFamilies() {
  const { t } = useTranslation();
  return useQuery({
    queryKey: familiesKey,
    queryFn: async () => (await unwrap(api.GET('/api/familias'), t('families.loadFailed'))).data,
  });
}
