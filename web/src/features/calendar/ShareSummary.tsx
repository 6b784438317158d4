import { useTranslation } from '../../i18n';
import { useShare } from './api';
import type { Parent } from './parents';
import { formatPercent } from '../../lib/format';

/**
 * This year's parenting time: each parent's nights and share as the schedule plans them, and as
 * they were with accepted swaps and recorded handovers.
 */
export function ShareSummary({ familiaId, parents, year }: { familiaId: string; parents: Parent[]; year: number }) {
  const { t, i18n } = useTranslation();
  const share = useShare(familiaId, `${year}-01-01`, `${year}-12-31`);
  if (!share.data) return null;
  const percent = (n: number) => formatPercent(n, i18n.language, { min: 2, max: 2 });
  const nameOf = (id: string) => parents.find((p) => p.usuarioId === id)?.name ?? t('calendar.someone');
  const actual = new Map(share.data.real.map((f) => [f.usuarioId, f]));
  return (
    <section aria-labelledby="calendar-share" className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/5">
      <h2 id="calendar-share" className="text-base font-bold text-ink">
        {t('calendar.share.title', { year })}
      </h2>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="calendar-share">
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                {t('calendar.share.parent')}
              </th>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                {t('calendar.share.planned')}
              </th>
              <th scope="col" className="py-1.5 font-medium">
                {t('calendar.share.actual')}
              </th>
            </tr>
          </thead>
          <tbody>
            {share.data.planificado.map((planned) => {
              const real = actual.get(planned.usuarioId);
              return (
                <tr key={planned.usuarioId} className="border-t border-sand-200">
                  <th scope="row" className="py-1.5 pr-3 font-medium text-ink">
                    {nameOf(planned.usuarioId)}
                  </th>
                  <td className="py-1.5 pr-3">
                    {t('calendar.share.nights', { count: planned.noches, percent: percent(planned.porcentajeNoches) })}
                  </td>
                  <td className="py-1.5">{real ? t('calendar.share.nights', { count: real.noches, percent: percent(real.porcentajeNoches) }) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
