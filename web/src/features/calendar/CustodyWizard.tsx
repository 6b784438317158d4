import { useId, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { formatDate, parseDate } from '../../lib/dates';
import { useSaveSchedule } from './api';
import { PATTERNS, previewWeeks, shareOf, validCycle, type Pattern, type Side } from './custodyPatterns';
import type { Parent } from './parents';
import type { CustodySchedule } from './types';
import { formatDay, formatNumber } from '../../lib/format';

interface Props {
  familiaId: string;
  parents: Parent[];
  current: CustodySchedule | null;
  today: string;
  onClose: () => void;
}

const STEPS = ['pattern', 'details', 'preview'] as const;
type Step = (typeof STEPS)[number];

const isPattern = (value: string): value is Pattern => (PATTERNS as readonly string[]).includes(value);

/**
 * Setting up who has the children which night: a pattern by its plain name, the day it starts,
 * who is the first parent (A) and the second (B), the time of the exchanges; then four weeks of
 * it and each parent's share of a year's nights, before anything is saved.
 */
export function CustodyWizard({ familiaId, parents, current, today, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const save = useSaveSchedule(familiaId);
  const [step, setStep] = useState<Step>('pattern');
  const [pattern, setPattern] = useState<Pattern>(current && isPattern(current.patron) ? current.patron : '2-2-5-5');
  const [cycle, setCycle] = useState(current?.ciclo ?? 'AABB');
  const [start, setStart] = useState(today);
  const [a, setA] = useState(current?.progenitorA ?? parents[0]?.usuarioId ?? '');
  const [b, setB] = useState(current?.progenitorB ?? parents[1]?.usuarioId ?? '');
  const [time, setTime] = useState(current?.horaIntercambio ?? '18:00');
  const [failure, setFailure] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const nameOf = (usuarioId: string) => parents.find((p) => p.usuarioId === usuarioId)?.name ?? '?';
  const parentOf = (side: Side) => parents.find((p) => p.usuarioId === (side === 'A' ? a : b));
  const customCycle = pattern === 'personalizado' ? cycle.toUpperCase() : undefined;

  const checkDetails = (): string | null => {
    if (pattern === 'personalizado' && !validCycle(cycle.toUpperCase())) return t('calendar.custody.errors.cycle');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start)) return t('calendar.custody.errors.start');
    if (!a || !b || a === b) return t('calendar.custody.errors.parents');
    if (!/^\d{2}:\d{2}$/.test(time)) return t('calendar.custody.errors.time');
    return null;
  };

  const next = () => {
    if (step === 'pattern') {
      if (pattern === 'personalizado' && !validCycle(cycle.toUpperCase())) {
        setProblem(t('calendar.custody.errors.cycle'));
        return;
      }
      setProblem(null);
      setStep('details');
    } else if (step === 'details') {
      const found = checkDetails();
      setProblem(found);
      if (!found) setStep('preview');
    }
  };

  const submit = async () => {
    setFailure(null);
    try {
      await save.mutateAsync({ patron: pattern, inicio: start, progenitorA: a, progenitorB: b, horaIntercambio: time, ciclo: customCycle ?? null });
      onClose();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('calendar.errors.save'));
    }
  };

  const stepIndex = STEPS.indexOf(step);
  const parentOptions = parents.map((p) => ({ value: p.usuarioId, label: p.name }));
  const weekdayNames = Array.from({ length: 7 }, (_, i) => formatDay(parseDate(`2026-03-0${i + 2}`), i18n.language, { weekday: 'short' }));

  return (
    <Modal open onClose={onClose} title={t('calendar.custody.title')} locked={save.isPending}>
      <p className="text-sm text-muted" aria-live="polite">
        {t('calendar.custody.step', { n: stepIndex + 1, total: STEPS.length, name: t(`calendar.custody.steps.${step}`) })}
      </p>
      <div className="mt-4 space-y-4">
        {problem && <Alert>{problem}</Alert>}
        {failure && <Alert>{failure}</Alert>}

        {step === 'pattern' && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-ink">{t('calendar.custody.pickPattern')}</legend>
            {PATTERNS.map((p) => (
              <label key={p} className="flex cursor-pointer items-start gap-3 rounded-xl border border-sand-200 px-3 py-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input type="radio" name={`${id}-pattern`} className="mt-1" checked={pattern === p} onChange={() => setPattern(p)} />
                <span>
                  <span className="block text-sm font-semibold text-ink">{t(`calendar.patterns.${p}.name`)}</span>
                  <span className="block text-sm text-muted">{t(`calendar.patterns.${p}.hint`)}</span>
                </span>
              </label>
            ))}
            {pattern === 'personalizado' && (
              <TextField
                label={t('calendar.custody.cycle')}
                hint={t('calendar.custody.cycleHint')}
                value={cycle}
                onChange={(e) => setCycle(e.target.value.toUpperCase().replace(/[^AB]/g, ''))}
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </fieldset>
        )}

        {step === 'details' && (
          <div className="space-y-4">
            <TextField label={t('calendar.custody.start')} type="date" hint={t('calendar.custody.startHint')} value={start} onChange={(e) => setStart(e.target.value)} />
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField label={t('calendar.custody.parentA')} options={parentOptions} value={a} onChange={(e) => setA(e.target.value)} />
              <SelectField label={t('calendar.custody.parentB')} options={parentOptions} value={b} onChange={(e) => setB(e.target.value)} />
            </div>
            <TextField label={t('calendar.custody.exchangeTime')} type="time" hint={t('calendar.custody.exchangeHint')} value={time} onChange={(e) => setTime(e.target.value)} />
          </div>
        )}

        {step === 'preview' && (
          <Preview
            pattern={pattern}
            start={start}
            cycle={customCycle}
            nameA={nameOf(a)}
            nameB={nameOf(b)}
            classA={parentOf('A')?.colourClass}
            classB={parentOf('B')?.colourClass}
            weekdayNames={weekdayNames}
          />
        )}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={() => (stepIndex === 0 ? onClose() : setStep(STEPS[stepIndex - 1] ?? 'pattern'))} disabled={save.isPending}>
          {stepIndex === 0 ? t('common.cancel') : t('calendar.custody.back')}
        </Button>
        {step === 'preview' ? (
          <Button busy={save.isPending} onClick={() => void submit()}>
            {t('calendar.custody.save')}
          </Button>
        ) : (
          <Button onClick={next}>{t('calendar.custody.next')}</Button>
        )}
      </div>
    </Modal>
  );
}

interface PreviewProps {
  pattern: Pattern;
  start: string;
  cycle: string | undefined;
  nameA: string;
  nameB: string;
  classA: string | undefined;
  classB: string | undefined;
  weekdayNames: string[];
}

/** Four weeks of nights, and each parent's share of the first year's 365 nights. */
export function Preview({ pattern, start, cycle, nameA, nameB, classA, classB, weekdayNames }: PreviewProps) {
  const { t, i18n } = useTranslation();
  const weeks = previewWeeks(pattern, start, cycle);
  const share = shareOf(pattern, start, 365, cycle);
  const name = (side: Side) => (side === 'A' ? nameA : nameB);
  const number = (n: number) => formatNumber(n, i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <div className="nido-calendar space-y-4">
      <p className="text-sm text-ink">{t('calendar.custody.previewIntro', { date: formatDate(start, i18n.language) })}</p>
      <table className="w-full table-fixed border-collapse text-center text-xs" data-testid="custody-preview">
        <caption className="sr-only">{t('calendar.custody.previewCaption')}</caption>
        <thead>
          <tr>
            {weekdayNames.map((d) => (
              <th key={d} scope="col" className="pb-1 font-medium capitalize text-muted">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((night) => (
                <td key={night.date} className="p-0.5">
                  <div
                    className={`rounded-lg px-0.5 py-1.5 ${night.before ? 'bg-gray-50 text-gray-400' : `nido-night ${(night.side === 'A' ? classA : classB) ?? ''}`}`}
                    title={night.before ? undefined : name(night.side)}
                  >
                    <span className="block font-semibold">{Number(night.date.slice(8))}</span>
                    {!night.before && (
                      <>
                        <span aria-hidden="true">{night.side}</span>
                        <span className="sr-only">{t('calendar.custody.nightOf', { name: name(night.side) })}</span>
                      </>
                    )}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid grid-cols-2 gap-3" data-testid="custody-share">
        {(['A', 'B'] as const).map((side) => (
          <div key={side} className={`rounded-xl border border-sand-200 p-3 ${side === 'A' ? classA ?? '' : classB ?? ''}`}>
            <dt className="flex items-center gap-2 text-sm font-medium text-ink">
              <span className="nido-swatch" aria-hidden="true" />
              {side} · {name(side)}
            </dt>
            <dd className="mt-1 text-2xl font-bold text-ink">{number(share[side].percent)} %</dd>
            <dd className="text-sm text-muted">{t('calendar.custody.nightsOfYear', { count: share[side].nights })}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
