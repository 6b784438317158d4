import { useEffect, useRef, useState } from 'react';
import FullCalendar, { type CalendarRef, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import listPlugin from '@fullcalendar/react/list';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import esLocale from '@fullcalendar/react/locales/es';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';
import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';
import { wallClock } from './display';

export type CalendarViewName = 'month' | 'week' | 'agenda';

const VIEW_TYPE: Record<CalendarViewName, string> = { month: 'dayGridMonth', week: 'timeGridWeek', agenda: 'listWeek' };

/** The dates on screen: `start` inclusive, `end` exclusive, both YYYY-MM-DD. */
export interface VisibleRange {
  start: string;
  end: string;
}

interface Props {
  /** The family's time zone: "now" and "today" are its own. */
  zone: string;
  view: CalendarViewName;
  onViewChange: (view: CalendarViewName) => void;
  events: EventInput[];
  onRangeChange: (range: VisibleRange) => void;
  /** A day (YYYY-MM-DD) or a time (YYYY-MM-DDTHH:MM) picked on the grid; absent for who may not add events. */
  onPick?: ((when: { date: string; time?: string }) => void) | undefined;
  onEventPick: (id: string) => void;
  /** Per date, the text that tells whose night it is (the agenda's day headings carry it). */
  nightLabel?: (date: string) => string | undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** FullCalendar hands out dates as UTC-marked local values when its time zone is UTC. */
const dayOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const timeOf = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/**
 * The calendar itself: month, week and agenda. It runs in UTC with the family's wall-clock times
 * handed in as if they were UTC, so every person sees the family's times, whatever zone the
 * browser is in; the container does the conversion. Navigation is our own toolbar, in our words.
 */
export function CalendarGrid({ zone, view, onViewChange, events, onRangeChange, onPick, onEventPick, nightLabel }: Props) {
  const { t, i18n } = useTranslation();
  const ref = useRef<CalendarRef>(null);
  const [title, setTitle] = useState('');

  useEffect(() => {
    const api = ref.current?.getApi();
    if (api && api.view.type !== VIEW_TYPE[view]) api.changeView(VIEW_TYPE[view]);
  }, [view]);

  const move = (action: 'prev' | 'next' | 'today') => ref.current?.getApi()[action]();

  return (
    <div className="nido-calendar" data-view={view}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Button variant="secondary" className="px-3" onClick={() => move('prev')} aria-label={t('calendar.nav.previous')}>
            <span aria-hidden="true">‹</span>
          </Button>
          <Button variant="secondary" className="px-3" onClick={() => move('next')} aria-label={t('calendar.nav.next')}>
            <span aria-hidden="true">›</span>
          </Button>
          <Button variant="ghost" onClick={() => move('today')}>
            {t('calendar.nav.today')}
          </Button>
        </div>
        <h2 className="order-first w-full text-lg font-semibold text-ink first-letter:uppercase sm:order-none sm:w-auto" aria-live="polite">
          {title}
        </h2>
        <div role="group" aria-label={t('calendar.views.label')} className="flex rounded-xl border border-brand-200 bg-white p-0.5">
          {(Object.keys(VIEW_TYPE) as CalendarViewName[]).map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={view === name}
              onClick={() => onViewChange(name)}
              className={`rounded-lg px-3 py-1.5 text-sm font-medium ${view === name ? 'bg-brand-600 text-white' : 'text-brand-700 hover:bg-brand-50'}`}
            >
              {t(`calendar.views.${name}`)}
            </button>
          ))}
        </div>
      </div>
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicThemePlugin]}
        locales={[esLocale]}
        locale={i18n.language === 'es' ? 'es' : 'en-gb'}
        timeZone="UTC"
        initialView={VIEW_TYPE[view]}
        headerToolbar={false}
        firstDay={1}
        height="auto"
        dayMaxEvents={3}
        nowIndicator
        now={() => wallClock(new Date().toISOString(), zone)}
        listDayFormat={{ weekday: 'long', day: 'numeric', month: 'long' }}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        // The week's columns name their day and its number; the grid's own labels speak our languages.
        views={{ timeGridWeek: { dayHeaderFormat: { weekday: 'short', day: 'numeric' } } }}
        allDayText={t('calendar.grid.allDay')}
        timedText={t('calendar.grid.timed')}
        events={events}
        datesSet={(info) => {
          setTitle(info.view.title);
          onRangeChange({ start: dayOf(info.start), end: dayOf(info.end) });
        }}
        dateClick={onPick && ((info) => onPick(info.allDay ? { date: dayOf(info.date) } : { date: dayOf(info.date), time: timeOf(info.date) }))}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          const id = info.event.extendedProps.occurrenceKey as string | undefined;
          if (id) onEventPick(id);
        }}
        // The colour bands are hidden from screen readers: each day's number says whose night it is.
        dayCellTopContent={(info) => {
          const label = nightLabel?.(dayOf(info.date));
          return (
            <>
              {info.dayNumberText}
              {label && <span className="sr-only"> · {label}</span>}
            </>
          );
        }}
        // The heading's second part (level 1) says whose night it is rather than the date again.
        listDayHeaderContent={(info) => (info.level === 0 ? info.text : (nightLabel?.(dayOf(info.date)) ?? ''))}
        noEventsContent={t('calendar.agenda.empty')}
      />
    </div>
  );
}
