import type { ReactNode } from 'react';
import type { EventInput } from '@fullcalendar/react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { zoneLabel } from '../../lib/timeZones';
import type { Family } from '../../api/families';
import { CalendarActions } from './CalendarActions';
import { CalendarGrid, type CalendarViewName, type VisibleRange } from './CalendarGrid';
import type { Parent } from './parents';
import { SwapHistory } from './SwapHistory';
import type { Swap } from './types';
import { FamilyPicker } from '../../components/FamilyPicker';

export interface CalendarViewProps {
  families: Family[];
  familiaId: string;
  onFamily: (id: string) => void;
  /** The family's time zone, in which every date and time is shown. */
  zone: string;
  me: string;
  parents: Parent[];
  /** A co-parent of the family: a viewer reads the calendar and changes nothing. */
  canEdit: boolean;
  /** One of the schedule's two parents, the only ones a swap is between. */
  canSwap: boolean;
  hasSchedule: boolean;
  /** The schedule is still being asked for: until it is known, nothing says there is none. */
  scheduleLoading: boolean;
  /** The events or the nights could not be read. */
  loadFailed: boolean;
  /** The titles of the series shown only in part. */
  limited: string[];
  swaps: Swap[];
  view: CalendarViewName;
  onViewChange: (view: CalendarViewName) => void;
  /** The events and nights on the grid, as FullCalendar draws them. */
  items: EventInput[];
  /** Who holds each night on screen (YYYY-MM-DD to user id). */
  holderOn: ReadonlyMap<string, string>;
  onRangeChange: (range: VisibleRange) => void;
  /** A day or a time picked on the grid; only offered to who may add events. */
  onPick: (when: { date: string; time?: string }) => void;
  onEventPick: (key: string) => void;
  onNewEvent: () => void;
  onCustody: () => void;
  onPeriod: () => void;
  onSwap: () => void;
  onHandover: () => void;
  /** The swap requests still open, whose answers the page sends. */
  requests: ReactNode;
  /** The holiday periods, which read their own list; shown once there is a schedule. */
  holidays: ReactNode;
  /** The year's share of nights, which reads its own figures; shown once there is a schedule. */
  share: ReactNode;
  /** The calendar-feed link, which reads its own data. */
  feed: ReactNode;
  /** The dialogs the page opens. */
  dialogs: ReactNode;
}

/** /calendar as it is drawn: the header and its buttons, the notices, the legend, the grid and the panels under it. */
export function CalendarView({
  families,
  familiaId,
  onFamily,
  zone,
  me,
  parents,
  canEdit,
  canSwap,
  hasSchedule,
  scheduleLoading,
  loadFailed,
  limited,
  swaps,
  view,
  onViewChange,
  items,
  holderOn,
  onRangeChange,
  onPick,
  onEventPick,
  onNewEvent,
  onCustody,
  onPeriod,
  onSwap,
  onHandover,
  requests,
  holidays,
  share,
  feed,
  dialogs,
}: CalendarViewProps) {
  const { t } = useTranslation();
  const nameOf = (usuarioId: string | undefined) => parents.find((p) => p.usuarioId === usuarioId)?.name;
  return (
    <section className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink">{t('calendar.title')}</h1>
          <p className="text-sm text-muted">{t('calendar.zone', { zone: zoneLabel(zone) })}</p>
        </div>
        <CalendarActions
          canEdit={canEdit}
          canSwap={canSwap}
          hasSchedule={hasSchedule}
          onNewEvent={onNewEvent}
          onCustody={onCustody}
          onPeriod={onPeriod}
          onSwap={onSwap}
          onHandover={onHandover}
        />
      </div>
      {!canEdit && <p className="text-sm text-muted">{t('calendar.viewerNote')}</p>}

      <FamilyPicker families={families} value={familiaId} onChange={onFamily} label={t('calendar.family')} className="max-w-sm" />

      {!scheduleLoading && !hasSchedule && <Alert kind="info">{canEdit ? t('calendar.noSchedule') : t('calendar.noScheduleViewer')}</Alert>}
      {loadFailed && <Alert>{t('calendar.errors.load')}</Alert>}
      {limited.length > 0 && <Alert kind="info">{t('calendar.limited', { titles: limited.join(', ') })}</Alert>}

      {requests}

      {parents.length > 0 && hasSchedule && (
        <ul className="nido-calendar flex flex-wrap gap-4 text-sm text-ink" aria-label={t('calendar.legend')}>
          {parents.map((p) => (
            <li key={p.usuarioId} className={`flex items-center gap-2 ${p.colourClass}`}>
              <span className="nido-swatch" aria-hidden="true" />
              {t('calendar.nightsWith', { name: p.name })}
            </li>
          ))}
        </ul>
      )}

      <div className="rounded-3xl bg-white p-3 shadow-sm ring-1 ring-black/5 sm:p-4" data-testid="calendar">
        <CalendarGrid
          zone={zone}
          view={view}
          onViewChange={onViewChange}
          events={items}
          onRangeChange={onRangeChange}
          onPick={canEdit ? onPick : undefined}
          onEventPick={onEventPick}
          nightLabel={(date) => {
            const name = nameOf(holderOn.get(date));
            return name ? t('calendar.nightWith', { name }) : undefined;
          }}
        />
      </div>

      {hasSchedule && holidays}
      <SwapHistory me={me} parents={parents} swaps={swaps} zone={zone} />
      {hasSchedule && share}
      {feed}

      {dialogs}
    </section>
  );
}
