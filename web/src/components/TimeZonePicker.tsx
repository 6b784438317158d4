import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n';
import { describedBy, FieldHelp } from './Field';
import { filterZones, zoneLabel, zoneOptions } from '../lib/timeZones';

interface Props {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  name?: string;
}

/** Matches shown at once: enough to scan, few enough to keep typing cheap on a phone. */
const SHOWN = 80;

/**
 * A searchable time zone field (the WAI-ARIA combobox pattern with a list box): typing filters
 * by city, region or offset; arrows move, Enter picks, Escape leaves the saved zone.
 */
export function TimeZonePicker({ label, value, onChange, error, hint, name }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  // Every zone's offset costs a formatter: built the first time the list opens, for the value it had.
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const options = useMemo(() => (loadedFor === null ? [] : zoneOptions(loadedFor)), [loadedFor]);
  const matches = useMemo(() => filterZones(options, query).slice(0, SHOWN), [options, query]);

  const show = () => {
    if (loadedFor === null) setLoadedFor(value);
    setQuery('');
    setActive(0);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const pick = (zone: string) => {
    onChange(zone);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return show();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(matches.length - 1, 0)));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const chosen = matches[active];
      if (chosen) pick(chosen.value);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const activeId = open && matches[active] ? `${id}-option-${active}` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={input}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          autoComplete="off"
          spellCheck={false}
          placeholder={open ? t('timeZone.search') : undefined}
          value={open ? query : zoneLabel(value)}
          onFocus={show}
          onClick={() => !open && show()}
          onBlur={close}
          onChange={(event) => {
            if (!open) show();
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className={`block w-full rounded-xl border bg-white py-2.5 pl-3.5 pr-10 text-base text-ink placeholder:text-gray-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 ${error ? 'border-red-500' : 'border-gray-300'}`}
        />
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted">
          ▾
        </span>
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!open}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-xl border border-gray-200 bg-white py-1 shadow-lg"
        >
          {matches.map((option, i) => (
            <li
              key={option.value}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={option.value === value}
              // Picked on mouse down, before the field's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option.value);
              }}
              onMouseMove={() => setActive(i)}
              className={`cursor-pointer px-3.5 py-2 ${i === active ? 'bg-brand-100' : ''} ${option.value === value ? 'font-semibold' : ''}`}
            >
              <span className="block text-ink">{option.label}</span>
              <span className="block text-xs text-muted">{option.value}</span>
            </li>
          ))}
          {open && matches.length === 0 && <li className="px-3.5 py-2 text-sm text-muted">{t('timeZone.none')}</li>}
        </ul>
      </div>
      <p className="sr-only" aria-live="polite">
        {open ? t('timeZone.count', { count: matches.length }) : ''}
      </p>
      <FieldHelp id={id} error={error} hint={hint} />
    </div>
  );
}
