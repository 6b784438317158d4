import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { childrenKey } from '../../api/children';
import { api, unwrap } from '../../api/client';
import { familiesKey } from '../../api/families';
import type { components } from '../../api/schema';

export type RecordEntry = components['schemas']['EntryView'];
export type RecordVerification = components['schemas']['Verification'];
export type RecordChild = components['schemas']['ChildView'];

export const recordKey = (familyId: string) => [...familiesKey, familyId, 'record'] as const;
const verificationKey = (familyId: string) => [...recordKey(familyId), 'verification'] as const;
const entriesKey = (familyId: string) => [...recordKey(familyId), 'entries'] as const;

/** The record's check (hashes, links, latest checkpoint); only fetched while `enabled`. */
export function useRecordVerification(familyId: string, enabled: boolean) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: verificationKey(familyId),
    enabled,
    queryFn: async () =>
      (await unwrap(api.GET('/api/familias/{id}/registro/verificacion', { params: { path: { id: familyId } } }), t('families.record.loadFailed'))).data,
  });
}

/** The record's entries, newest first, 50 a page; only fetched while `enabled`. */
export function useRecordEntries(familyId: string, enabled: boolean) {
  const { t } = useTranslation();
  return useInfiniteQuery({
    queryKey: entriesKey(familyId),
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      (
        await unwrap(
          api.GET('/api/familias/{id}/registro', { params: { path: { id: familyId }, query: pageParam ? { cursor: pageParam } : {} } }),
          t('families.record.loadFailed'),
        )
      ).data,
    getNextPageParam: (page) => (page.siguiente == null ? undefined : String(page.siguiente)),
  });
}

/**
 * The caller's children, to name them in the record's entries: the same query, and cache, as the
 * children's list (`['children']`, which the live `hijos` event refreshes).
 */
export function useRecordChildren(enabled: boolean) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: childrenKey,
    enabled,
    queryFn: async () => (await unwrap(api.GET('/api/hijos'), t('families.record.loadFailed'))).data,
  });
}

/** Has the server sign the record's head now (co-parents), then checks the record again. */
export function useSignCheckpoint(familyId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/familias/{id}/registro/puntos-de-control', { params: { path: { id: familyId } } }), t('families.record.signFailed')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKey(familyId) }),
  });
}
