import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { formatDate } from '../../lib/dates';
import { useAnswerSwap, type SwapAnswer } from './api';
import type { Parent } from './parents';
import type { Swap } from './types';
import { formatInstant } from '../../lib/format';

interface Props {
  familiaId: string;
  me: string;
  parents: Parent[];
  swaps: Swap[];
  zone: string;
  onCounter: (swap: Swap) => void;
}

/**
 * The to-do area: swap requests still open, those waiting for the signed-in parent's answer first
 * (accept, decline or counter), then their own, waiting for the other parent.
 */
export function SwapRequests({ familiaId, me, parents, swaps, zone, onCounter }: Props) {
  const { t, i18n } = useTranslation();
  const answer = useAnswerSwap(familiaId);
  const [failure, setFailure] = useState<string | null>(null);
  const open = swaps.filter((s) => s.estado === 'pendiente');
  if (open.length === 0) return null;
  const forMe = open.filter((s) => s.porResponder);
  const mine = open.filter((s) => !s.porResponder);
  const nameOf = (id: string) => parents.find((p) => p.usuarioId === id)?.name ?? t('calendar.someone');
  const dates = (list: string[]) => list.map((d) => formatDate(d, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })).join(', ');
  const when = (instant: string) => formatInstant(instant, i18n.language, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

  const reply = async (swap: Swap, choice: SwapAnswer) => {
    setFailure(null);
    try {
      await answer.mutateAsync({ id: swap._id, answer: choice });
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('calendar.swaps.failed'));
    }
  };

  const card = (swap: Swap, toAnswer: boolean) => (
    <li key={swap._id} className="rounded-2xl border border-sand-200 bg-white p-4" data-testid="swap-request">
      <p className="text-sm font-semibold text-ink">
        {swap.solicitanteId === me ? t('calendar.swaps.youAsked', { name: nameOf(swap.destinatarioId) }) : t('calendar.swaps.asksYou', { name: nameOf(swap.solicitanteId) })}
      </p>
      <p className="mt-1 text-sm text-ink">{t('calendar.swaps.nightsList', { dates: dates(swap.noches) })}</p>
      {swap.devolucion.length > 0 && <p className="text-sm text-ink">{t('calendar.swaps.backList', { dates: dates(swap.devolucion) })}</p>}
      <p className="mt-1 text-sm text-muted">“{swap.motivo}”</p>
      <p className="mt-1 text-xs text-muted">{t('calendar.swaps.due', { when: when(swap.responderAntesDe) })}</p>
      {toAnswer && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => void reply(swap, 'aceptar')} disabled={answer.isPending}>
            {t('calendar.swaps.accept')}
          </Button>
          <Button variant="secondary" onClick={() => void reply(swap, 'rechazar')} disabled={answer.isPending}>
            {t('calendar.swaps.decline')}
          </Button>
          <Button variant="ghost" onClick={() => onCounter(swap)} disabled={answer.isPending}>
            {t('calendar.swaps.counter')}
          </Button>
        </div>
      )}
    </li>
  );

  return (
    <section aria-labelledby="calendar-todo" className="rounded-3xl bg-sand-100 p-4">
      <h2 id="calendar-todo" className="text-base font-bold text-ink">
        {t('calendar.todo.title')}
      </h2>
      {failure && (
        <div className="mt-2">
          <Alert>{failure}</Alert>
        </div>
      )}
      <ul className="mt-3 space-y-3">
        {forMe.map((s) => card(s, true))}
        {mine.map((s) => card(s, false))}
      </ul>
    </section>
  );
}
