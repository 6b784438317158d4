import { useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation, type TFunction } from '../../i18n';
import { TextField } from '../../components/Field';
import { formatDate } from '../../lib/dates';
import { WEEKDAYS, type Frequency, type Repeat, type Weekday } from './recurrence';

const FREQUENCIES: Frequency[] = ['none', 'daily', 'weekly', 'monthly', 'yearly'];
const UNIT: Record<Exclude<Frequency, 'none'>, string> = { daily: 'days', weekly: 'weeks', monthly: 'months', yearly: 'years' };

interface Props {
  value: Repeat;
  onChange: (next: Repeat) => void;
  /** The first instance's date, whose weekday stands in when no day is chosen. */
  start: string;
  disabled?: boolean;
  error?: string | undefined;
}

/** A repeat in words, e.g. "Every 2 weeks on Monday and Wednesday, until 15 April 2026". */
export function describeRepeat(repeat: Repeat, t: TFunction, language: string): string {
  if (repeat.frequency === 'none') return t('calendar.repeat.none');
  const unit = UNIT[repeat.frequency];
  let text = t(`calendar.repeat.every.${unit}`, { count: repeat.interval });
  if (repeat.frequency === 'weekly' && repeat.days.length > 0) {
    text += ` ${t('calendar.repeat.onDays', { days: repeat.days.map((d) => t(`calendar.weekdays.${d}`)).join(', ') })}`;
  }
  if (repeat.end.kind === 'on') text += `, ${t('calendar.repeat.until', { date: formatDate(repeat.end.date, language) })}`;
  if (repeat.end.kind === 'after') text += `, ${t('calendar.repeat.times', { count: repeat.end.count })}`;
  return text;
}

/**
 * A whole number from `min` to `max` that may be emptied while typing: the choice changes only
 * when the text is such a number, and the field shows the choice again when left.
 */
function NumberInput({ value, min, max, onValue, ...rest }: { value: number; min: number; max: number; onValue: (n: number) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'min' | 'max'>) {
  const [text, setText] = useState<string | null>(null);
  return (
    <input
      {...rest}
      type="number"
      min={min}
      max={max}
      inputMode="numeric"
      value={text ?? String(value)}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value !== '' && Number.isInteger(n) && n >= min && n <= max) onValue(n);
      }}
      onBlur={() => setText(null)}
    />
  );
}

/**
 * How an event repeats, in plain choices: how often, every how many, on which weekdays, until
 * when. The form turns the choice into the RRULE the API stores (recurrence.ts).
 */
export function RecurrenceBuilder({ value, onChange, start, disabled = false, error }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const set = (patch: Partial<Repeat>) => onChange({ ...value, ...patch });
  const toggleDay = (day: Weekday) => set({ days: value.days.includes(day) ? value.days.filter((d) => d !== day) : [...value.days, day] });

  return (
    <fieldset className="space-y-3 rounded-2xl border border-sand-200 p-4" disabled={disabled} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 text-sm font-medium text-ink">{t('calendar.repeat.title')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-freq`} className="block text-sm font-medium text-ink">
            {t('calendar.repeat.frequency')}
          </label>
          <select
            id={`${id}-freq`}
            value={value.frequency}
            onChange={(e) => set({ frequency: e.target.value as Frequency })}
            className="block w-full rounded-xl border border-gray-300 bg-white px-3 py-2.5 text-base text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          >
            {FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(`calendar.repeat.frequencies.${f}`)}
              </option>
            ))}
          </select>
        </div>
        {value.frequency !== 'none' && (
          <div className="space-y-1.5">
            <label htmlFor={`${id}-interval`} className="block text-sm font-medium text-ink">
              {t(`calendar.repeat.interval.${UNIT[value.frequency]}`)}
            </label>
            <NumberInput
              id={`${id}-interval`}
              min={1}
              max={99}
              value={value.interval}
              onValue={(interval) => set({ interval })}
              className="block w-full rounded-xl border border-gray-300 bg-white px-3.5 py-2.5 text-base text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
            />
          </div>
        )}
      </div>

      {value.frequency === 'weekly' && (
        <div role="group" aria-labelledby={`${id}-days`}>
          <p id={`${id}-days`} className="text-sm font-medium text-ink">
            {t('calendar.repeat.days')}
          </p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {WEEKDAYS.map((day) => {
              const on = value.days.includes(day);
              return (
                <button
                  key={day}
                  type="button"
                  aria-pressed={on}
                  aria-label={t(`calendar.weekdays.${day}`)}
                  onClick={() => toggleDay(day)}
                  className={`min-w-11 rounded-xl border px-2 py-2 text-sm font-medium ${on ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-300 bg-white text-ink hover:bg-brand-50'}`}
                >
                  {t(`calendar.weekdaysShort.${day}`)}
                </button>
              );
            })}
          </div>
        </div>
      )}

      {value.frequency !== 'none' && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">{t('calendar.repeat.ends')}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-end`} checked={value.end.kind === 'never'} onChange={() => set({ end: { kind: 'never' } })} />
            {t('calendar.repeat.endNever')}
          </label>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name={`${id}-end`} checked={value.end.kind === 'on'} onChange={() => set({ end: { kind: 'on', date: start } })} />
              {t('calendar.repeat.endOn')}
            </label>
            {value.end.kind === 'on' && (
              <div className="w-44">
                <TextField
                  label={t('calendar.repeat.endDate')}
                  type="date"
                  value={value.end.date}
                  onChange={(e) => set({ end: { kind: 'on', date: e.target.value } })}
                />
              </div>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name={`${id}-end`} checked={value.end.kind === 'after'} onChange={() => set({ end: { kind: 'after', count: 10 } })} />
              {t('calendar.repeat.endAfter')}
            </label>
            {value.end.kind === 'after' && (
              <label className="flex items-center gap-2">
                <NumberInput
                  min={1}
                  max={999}
                  value={value.end.count}
                  onValue={(count) => set({ end: { kind: 'after', count } })}
                  className="w-20 rounded-xl border border-gray-300 bg-white px-3 py-2 text-base text-ink"
                />
                {t('calendar.repeat.occurrences')}
              </label>
            )}
          </div>
        </fieldset>
      )}
      <p className="text-sm text-muted" aria-live="polite">
        {describeRepeat(value, t, i18n.language)}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
