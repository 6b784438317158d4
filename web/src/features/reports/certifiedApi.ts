import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import { saveFile } from '../../api/files';
import type { components } from '../../api/schema';

export type Report = components['schemas']['ReportView'];
export type ReportInput = components['schemas']['ReportInput'];
export type ReportSection = components['schemas']['ReportSection'];

/** The caller's certified reports, under one key that the live event `informes` refreshes. */
export const certifiedKey = ['reports', 'certified'] as const;
const listKey = (familiaId: string) => [...certifiedKey, familiaId] as const;

/** The caller's reports of the family, newest first; while one is being made, asked again each few seconds too. */
export function useReports(familiaId: string) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: listKey(familiaId),
    enabled: familiaId !== '',
    queryFn: async () => (await unwrap(api.GET('/api/familias/{id}/informes', { params: { path: { id: familiaId } } }), t('certified.errors.load'))).data,
    // The live stream says when a report moves on; polling covers a stream that is down.
    refetchInterval: (query) => (query.state.data?.some((r) => r.estado === 'pendiente') ? 3_000 : false),
  });
}

export function useCreateReport(familiaId: string) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportInput) =>
      (await unwrap(api.POST('/api/familias/{id}/informes', { params: { path: { id: familiaId } }, body }), t('certified.errors.create'))).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: certifiedKey }),
  });
}

export function useDeleteReport() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await unwrap(api.DELETE('/api/informes/{id}', { params: { path: { id } } }), t('certified.errors.delete'));
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: certifiedKey }),
  });
}

/** Downloads a made report's PDF under a name that carries its code. */
export async function downloadReport(report: Report, fallback: string): Promise<void> {
  const blob = await unwrap(api.GET('/api/informes/{id}/pdf', { params: { path: { id: report._id } }, parseAs: 'blob' }), fallback);
  saveFile(new Blob([blob], { type: 'application/pdf' }), `nido-${report.codigo ?? report._id}.pdf`);
}
