import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { usePeriods, useRemovePeriod } from './api';
import { describeDates, describeRule, type Holders } from './holidayPeriods';
import type { Period } from './types';

interface Props {
  familiaId: string;
  holders: Holders;
  /** Co-parents add and remove periods; viewers read them. */
  canEdit: boolean;
  onAdd: () => void;
}

/**
 * The holiday periods that override the schedule: when, and who holds them in words. The latest
 * added is listed first, as it is the one that wins where two overlap.
 */
export function HolidayPeriods({ familiaId, holders, canEdit, onAdd }: Props) {
  const { t, i18n } = useTranslation();
  const periods = usePeriods(familiaId);
  const remove = useRemovePeriod(familiaId);
  const [removing, setRemoving] = useState<Period | null>(null);
  const list = [...(periods.data ?? [])].reverse();

  return (
    <section aria-labelledby="calendar-periods" className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2 id="calendar-periods" className="text-base font-bold text-ink">
            {t('calendar.periods.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('calendar.periods.intro')}</p>
        </div>
        {canEdit && (
          <Button variant="secondary" className="self-start" onClick={onAdd}>
            {t('calendar.periods.add')}
          </Button>
        )}
      </div>
      {periods.isError && (
        <div className="mt-3">
          <Alert>{periods.error.message}</Alert>
        </div>
      )}
      {periods.data && list.length === 0 && <p className="mt-3 text-sm text-ink">{t('calendar.periods.none')}</p>}
      {list.length > 0 && (
        <ul className="mt-3 divide-y divide-sand-200">
          {list.map((p) => (
            <li key={p._id} className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 py-3" data-testid="holiday-period">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-ink">{p.nombre}</p>
                <p className="text-sm text-ink">{describeRule(p, holders, t)}</p>
                <p className="text-sm text-muted">{describeDates(p, t, i18n.language)}</p>
              </div>
              {canEdit && (
                <Button variant="ghost" className="text-red-700" onClick={() => setRemoving(p)} aria-label={t('calendar.periods.removeNamed', { name: p.nombre })}>
                  {t('calendar.periods.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          open
          title={t('calendar.periods.confirmTitle')}
          body={t('calendar.periods.confirmBody', { name: removing.nombre })}
          confirmLabel={t('calendar.periods.remove')}
          onConfirm={() => remove.mutateAsync(removing._id)}
          onClose={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
