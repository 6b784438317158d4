import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/schema';

export type Statistics = components['schemas']['StatisticsView'];
export type Figure = components['schemas']['Figure'];

export const statisticsKey = (familiaId: string, desde: string, hasta: string) => ['reports', 'statistics', familiaId, desde, hasta] as const;

/** The family's figures over a period, each section as far as the caller may see it. */
export function useStatistics(familiaId: string, desde: string, hasta: string) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: statisticsKey(familiaId, desde, hasta),
    enabled: familiaId !== '',
    queryFn: async () =>
      (await unwrap(api.GET('/api/familias/{id}/estadisticas', { params: { path: { id: familiaId }, query: { desde, hasta } } }), t('stats.failed'))).data,
  });
}
