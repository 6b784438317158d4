import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { formatDate } from '../../lib/dates';
import { useNationalHolidays } from './api';
import { holidayCountryValues } from '../../api/schema';
import { countryFor, holidayName, holidayYears, type Country } from './holidayPeriods';
import type { Holiday } from './types';

interface Props {
  familiaId: string;
  zone: string;
  today: string;
  onPick: (holiday: Holiday) => void;
}

const COUNTRIES = holidayCountryValues;

const selectClass =
  'rounded-xl border border-gray-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';

/**
 * National holidays of Argentina or Spain, from the server's maintained holiday data, offered as
 * suggestions: one tap fills the form with the day and its name. Folded until asked for, so the
 * form stays short for holidays that are not national.
 */
export function HolidaySuggestions({ familiaId, zone, today, onPick }: Props) {
  const { t, i18n } = useTranslation();
  const years = holidayYears(today);
  const [open, setOpen] = useState(false);
  const [country, setCountry] = useState<Country>(() => countryFor(zone));
  const [year, setYear] = useState(years[0] ?? Number(today.slice(0, 4)));
  const holidays = useNationalHolidays(familiaId, country, year, open && years.length > 0);

  const choose = (holiday: Holiday) => {
    onPick({ fecha: holiday.fecha, nombre: holidayName(holiday.nombre, i18n.language) });
    setOpen(false);
  };

  return (
    <section className="rounded-2xl border border-sand-200 bg-sand-50" aria-labelledby="holiday-suggestions">
      <h3 id="holiday-suggestions">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="holiday-suggestions-list"
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center justify-between gap-3 rounded-2xl px-4 py-3 text-left text-sm font-semibold text-brand-700 hover:bg-sand-100"
        >
          {t('calendar.periods.holidays.title')}
          <span aria-hidden="true">{open ? '−' : '+'}</span>
        </button>
      </h3>
      {open && (
        <div id="holiday-suggestions-list" className="space-y-3 px-4 pb-4">
          <p className="text-sm text-muted">{t('calendar.periods.holidays.intro')}</p>
          <div className="flex flex-wrap gap-3">
            <label className="flex items-center gap-2 text-sm font-medium text-ink">
              {t('calendar.periods.holidays.country')}
              <select className={selectClass} value={country} onChange={(e) => setCountry(COUNTRIES.find((c) => c === e.target.value) ?? country)}>
                {COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`calendar.periods.holidays.countries.${c}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm font-medium text-ink">
              {t('calendar.periods.holidays.year')}
              <select className={selectClass} value={year} onChange={(e) => setYear(Number(e.target.value))}>
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {years.length === 0 && <p className="text-sm text-ink">{t('calendar.periods.holidays.noYears')}</p>}
          {holidays.isLoading && <Spinner small />}
          {holidays.isError && <Alert>{holidays.error.message}</Alert>}
          {holidays.data && (
            <ul className="divide-y divide-sand-200 rounded-xl bg-white ring-1 ring-sand-200" aria-label={t('calendar.periods.holidays.listLabel', { year })}>
              {holidays.data.map((h) => (
                <li key={`${h.fecha}-${h.nombre}`}>
                  <button
                    type="button"
                    onClick={() => choose(h)}
                    className={`flex w-full items-baseline gap-3 px-3 py-2.5 text-left text-sm hover:bg-brand-50 focus:bg-brand-50 focus:outline-none ${h.fecha < today ? 'text-muted' : 'text-ink'}`}
                  >
                    <span className="w-24 shrink-0 font-medium">{formatDate(h.fecha, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })}</span>
                    <span>{holidayName(h.nombre, i18n.language)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
