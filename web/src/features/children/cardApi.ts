import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/schema';

export type CardLink = components['schemas']['CardLinkView'];

export const cardLinksKey = (childId: string) => ['cards', childId] as const;

/** The expiries offered when sharing the card, in hours. */
export const CARD_EXPIRIES = [
  { key: 'day', hours: 24 },
  { key: 'week', hours: 24 * 7 },
  { key: 'month', hours: 24 * 30 },
  { key: 'year', hours: 24 * 365 },
] as const;
export type CardExpiry = (typeof CARD_EXPIRIES)[number]['key'];

/** The instant a link chosen now with `expiry` stops working, as the server wants it. */
export function expiryFrom(expiry: CardExpiry, now: Date): string {
  const hours = CARD_EXPIRIES.find((e) => e.key === expiry)?.hours ?? 24;
  return new Date(now.getTime() + hours * 3_600_000).toISOString();
}

export function useCardLinks(childId: string, enabled: boolean) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: cardLinksKey(childId),
    enabled,
    queryFn: async () =>
      (await unwrap(api.GET('/api/hijos/{id}/tarjeta', { params: { path: { id: childId } } }), t('children.card.errors.load'))).data,
  });
}

export function useCreateCardLink(childId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (expiry: CardExpiry) =>
      (
        await unwrap(
          api.POST('/api/hijos/{id}/tarjeta', { params: { path: { id: childId } }, body: { vence: expiryFrom(expiry, new Date()) } }),
          t('children.card.errors.create'),
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardLinksKey(childId) }),
  });
}

export function useRevokeCardLink(childId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      unwrap(
        api.DELETE('/api/hijos/{id}/tarjeta/{enlace_id}', { params: { path: { id: childId, enlace_id: linkId } } }),
        t('children.card.errors.revoke'),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardLinksKey(childId) }),
  });
}
