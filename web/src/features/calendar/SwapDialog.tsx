import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { TextArea } from '../../components/TextArea';
import { formatDate } from '../../lib/dates';
import { useAskSwap, useCounterSwap } from './api';
import { addDays } from './display';
import type { Night, Swap } from './types';

interface Props {
  familiaId: string;
  zone: string;
  me: string;
  /** The nights from tomorrow on (already past ones cannot be swapped). */
  upcoming: Night[];
  /** When countering: the request answered. */
  answering?: Swap | undefined;
  onClose: () => void;
}

/** The instant of a local date and time in `zone`, RFC 3339. */
function instantOf(date: string, time: string, zone: string): string {
  return Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(zone).toInstant().toString();
}

/**
 * Asking the other parent for some of their nights (optionally giving some back), with a reason
 * and a date by which to answer; the same form makes a counter-offer to a request.
 */
export function SwapDialog({ familiaId, zone, me, upcoming, answering, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const ask = useAskSwap(familiaId);
  const counter = useCounterSwap(familiaId);
  const theirs = upcoming.filter((n) => n.usuarioId !== me);
  const mine = upcoming.filter((n) => n.usuarioId === me);
  const [wanted, setWanted] = useState<string[]>([]);
  const [back, setBack] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [deadline, setDeadline] = useState('');
  const [deadlineTyped, setDeadlineTyped] = useState(false);
  // Redraws the date field when the default moves with the nights chosen (it keeps its own text).
  const [deadlineDraw, setDeadlineDraw] = useState(0);
  const [deadlineTime, setDeadlineTime] = useState('12:00');
  const [failure, setFailure] = useState<string | null>(null);
  const busy = ask.isPending || counter.isPending;
  const toggle = (list: string[], date: string) => (list.includes(date) ? list.filter((d) => d !== date) : [...list, date].sort());

  const chooseNight = (date: string) => {
    const next = toggle(wanted, date);
    setWanted(next);
    // Until a date is typed, an answer is due the day before the first night asked.
    if (!deadlineTyped) {
      setDeadline(next[0] ? addDays(next[0], -1) : '');
      setDeadlineDraw((n) => n + 1);
    }
  };

  const submit = async () => {
    if (wanted.length === 0) return setFailure(t('calendar.swaps.errors.nights'));
    if (!reason.trim()) return setFailure(t('calendar.swaps.errors.reason'));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(deadline) || !/^\d{2}:\d{2}$/.test(deadlineTime)) return setFailure(t('calendar.swaps.errors.deadline'));
    setFailure(null);
    const body = { noches: wanted, motivo: reason.trim(), responderAntesDe: instantOf(deadline, deadlineTime, zone), ...(back.length ? { devolucion: back } : {}) };
    try {
      if (answering) await counter.mutateAsync({ id: answering._id, body });
      else await ask.mutateAsync(body);
      onClose();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('calendar.swaps.failed'));
    }
  };

  const nightList = (nights: Night[], chosen: string[], onToggle: (date: string) => void, legend: string, empty: string) => (
    <fieldset>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      {nights.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{empty}</p>
      ) : (
        <div className="mt-1.5 grid max-h-48 grid-cols-2 gap-1.5 overflow-y-auto sm:grid-cols-3">
          {nights.map((n) => (
            <label key={n.fecha} className="flex items-center gap-2 rounded-lg border border-sand-200 px-2 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input type="checkbox" checked={chosen.includes(n.fecha)} onChange={() => onToggle(n.fecha)} />
              {formatDate(n.fecha, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );

  return (
    <Modal open onClose={onClose} title={answering ? t('calendar.swaps.counterTitle') : t('calendar.swaps.askTitle')} locked={busy}>
      <div className="space-y-4">
        <p className="text-sm text-muted">{t('calendar.swaps.intro')}</p>
        {failure && <Alert>{failure}</Alert>}
        {nightList(theirs, wanted, chooseNight, t('calendar.swaps.wanted'), t('calendar.swaps.noneTheirs'))}
        {nightList(mine, back, (d) => setBack(toggle(back, d)), t('calendar.swaps.back'), t('calendar.swaps.noneMine'))}
        <TextArea label={t('calendar.swaps.reason')} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            key={deadlineDraw}
            label={t('calendar.swaps.deadline')}
            type="date"
            value={deadline}
            onChange={(e) => {
              setDeadlineTyped(true);
              setDeadline(e.target.value);
            }}
          />
          <TextField label={t('calendar.swaps.deadlineTime')} type="time" value={deadlineTime} onChange={(e) => setDeadlineTime(e.target.value)} />
        </div>
        <p className="text-sm text-muted">{t('calendar.swaps.deadlineHint')}</p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button busy={busy} onClick={() => void submit()}>
            {answering ? t('calendar.swaps.sendCounter') : t('calendar.swaps.send')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
