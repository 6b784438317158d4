import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { formatDate } from '../../lib/dates';
import type { Parent } from './parents';
import type { Swap } from './types';
import { formatInstant } from '../../lib/format';

interface Props {
  me: string;
  parents: Parent[];
  swaps: Swap[];
  zone: string;
}

/** The outcomes a closed request can have, each with its own look. */
const OUTCOMES: Record<string, string> = {
  aceptado: 'bg-brand-50 text-brand-800 ring-brand-200',
  rechazado: 'bg-red-50 text-red-800 ring-red-200',
  contraofertado: 'bg-sand-100 text-ink ring-sand-200',
  vencido: 'bg-gray-100 text-gray-700 ring-gray-200',
};

/** When a request closed: its answer, or its deadline for one that expired before the job marked it. */
const closedAt = (swap: Swap) => swap.respondidoAt ?? swap.responderAntesDe;

/** The closed requests, the most recently closed first. */
export function swapHistory(swaps: Swap[]): Swap[] {
  return swaps.filter((s) => s.estado !== 'pendiente').sort((a, b) => closedAt(b).localeCompare(closedAt(a)) || b._id.localeCompare(a._id));
}

/**
 * The swap requests answered or expired: which nights, who asked, how it ended and when. Folded
 * by default, as the open ones are what needs doing.
 */
export function SwapHistory({ me, parents, swaps, zone }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const closed = swapHistory(swaps);
  if (closed.length === 0) return null;
  const nameOf = (id: string) => parents.find((p) => p.usuarioId === id)?.name ?? t('calendar.someone');
  const dates = (list: string[]) => list.map((d) => formatDate(d, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })).join(', ');
  const when = (instant: string) => formatInstant(instant, i18n.language, { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

  return (
    <section aria-labelledby="calendar-swap-history" className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/5">
      <h2 id="calendar-swap-history" className="text-base font-bold text-ink">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="calendar-swap-history-list"
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center justify-between gap-3 rounded-xl text-left hover:text-brand-700"
        >
          {t('calendar.history.title', { count: closed.length })}
          <span aria-hidden="true" className="text-muted">
            {open ? '−' : '+'}
          </span>
        </button>
      </h2>
      {open && (
        <ul id="calendar-swap-history-list" className="mt-3 divide-y divide-sand-200">
          {closed.map((swap) => (
            <li key={swap._id} className="py-3" data-testid="swap-history-item">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${OUTCOMES[swap.estado] ?? OUTCOMES.vencido}`}>
                  {t(`calendar.history.outcomes.${swap.estado in OUTCOMES ? swap.estado : 'vencido'}`)}
                </span>
                <span className="text-xs text-muted">{when(closedAt(swap))}</span>
              </div>
              <p className="mt-1 text-sm text-ink">
                {swap.solicitanteId === me ? t('calendar.history.youAsked', { name: nameOf(swap.destinatarioId) }) : t('calendar.history.asked', { name: nameOf(swap.solicitanteId) })}
              </p>
              <p className="text-sm text-ink">{t('calendar.swaps.nightsList', { dates: dates(swap.noches) })}</p>
              {swap.devolucion.length > 0 && <p className="text-sm text-ink">{t('calendar.swaps.backList', { dates: dates(swap.devolucion) })}</p>}
              <p className="mt-0.5 text-sm text-muted">“{swap.motivo}”</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
