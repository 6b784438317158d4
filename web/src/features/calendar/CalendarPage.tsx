import { useCallback, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Loading } from '../../components/Spinner';
import { useSession } from '../../lib/session';
import { useChildren, type Child } from '../../api/children';
import { useFamilies } from '../../api/families';
import { useNights, useOccurrences, useSchedule, useSwaps } from './api';
import type { CalendarViewName, VisibleRange } from './CalendarGrid';
import { CalendarView } from './CalendarView';
import { CustodyWizard } from './CustodyWizard';
import { addDays, calendarItems, lastExchange, limitedSeries, nightsByDate, occurrenceKey, startOfDay, todayIn } from './display';
import { EventDialog } from './EventDialog';
import { HandoverDialog } from './HandoverDialog';
import { FeedPanel } from './FeedPanel';
import type { Holders } from './holidayPeriods';
import { HolidayPeriods } from './HolidayPeriods';
import { parentsOf } from './parents';
import { PeriodDialog } from './PeriodDialog';
import { ShareSummary } from './ShareSummary';
import { SwapDialog } from './SwapDialog';
import { SwapRequests } from './SwapRequests';
import { CustodyProposals } from './CustodyProposals';
import type { Occurrence, Swap } from './types';

type Dialog =
  | { kind: 'event'; key: string | null; date: string; time?: string | undefined }
  | { kind: 'record'; origin: NonNullable<Occurrence['origen']> }
  | { kind: 'custody' }
  | { kind: 'period' }
  | { kind: 'swap'; answering?: Swap }
  | { kind: 'handover' };

/**
 * A child's activity or appointment opened from the calendar. The child's record draws it with its
 * own form (the calendar holds no copy of it); the app passes that dialog in.
 */
export interface ChildItemProps {
  origin: NonNullable<Occurrence['origen']>;
  /** The family's children as the children list has them, each with their activities and appointments. */
  children: Child[];
  canEdit: boolean;
  onClose: () => void;
}

/** Phones start on the agenda, which reads better than a month grid at that width. */
const startingView = (): CalendarViewName => (typeof window !== 'undefined' && window.matchMedia?.('(max-width: 640px)').matches ? 'agenda' : 'month');

/** How far ahead the swap form offers nights. */
const SWAP_HORIZON_DAYS = 60;

/**
 * /calendar: the family's events and whose night each one is, the to-do of swap requests, and the
 * ways to add events, set up the custody schedule, ask for a swap and record a handover.
 */
export default function CalendarPage({ ChildItem }: { ChildItem: ComponentType<ChildItemProps> }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const families = useFamilies();
  const children = useChildren();
  const [chosenFamily, setChosenFamily] = useState<string | null>(null);
  const [view, setView] = useState<CalendarViewName>(startingView);
  const [range, setRange] = useState<VisibleRange>({ start: '', end: '' });
  const [dialog, setDialog] = useState<Dialog | null>(null);

  // By default the family shared with another parent: everyone also has a family of their own.
  const family =
    families.data?.find((f) => f._id === chosenFamily) ??
    families.data?.find((f) => parentsOf(f).length > 1) ??
    families.data?.[0];
  const familiaId = family?._id ?? null;
  const zone = family?.zonaHoraria ?? 'UTC';
  const me = user?._id ?? '';
  const parents = useMemo(() => parentsOf(family), [family]);
  const today = todayIn(zone);

  const desde = range.start ? startOfDay(range.start, zone) : '';
  const hasta = range.end ? startOfDay(range.end, zone) : '';
  const occurrences = useOccurrences(familiaId, desde, hasta);
  const nights = useNights(familiaId, range.start, range.end ? addDays(range.end, -1) : '');
  const upcoming = useNights(dialog?.kind === 'swap' ? familiaId : null, addDays(today, 1), addDays(today, SWAP_HORIZON_DAYS));
  // A handover is recorded for the latest exchange, most often today's or a recent one.
  const recent = useNights(dialog?.kind === 'handover' ? familiaId : null, addDays(today, -14), today);
  const schedule = useSchedule(familiaId);
  const swaps = useSwaps(familiaId);

  // A child's activity or appointment is named with the child's name; an appointment without its kind, for what it is.
  const titleOf = useCallback(
    (o: Occurrence) => {
      if (!o.origen) return o.titulo;
      const { hijoId, tipo } = o.origen;
      const title = o.titulo || (tipo === 'turno' ? t('calendar.record.appointment') : '');
      const child = children.data?.find((c) => c._id === hijoId)?.nombre;
      return child ? t('calendar.record.title', { title, child }) : title;
    },
    [children.data, t],
  );
  const items = useMemo(
    () => calendarItems(occurrences.data ?? [], nights.data ?? [], zone, (id) => parents.find((p) => p.usuarioId === id), titleOf),
    [occurrences.data, nights.data, zone, parents, titleOf],
  );
  const limited = useMemo(() => limitedSeries(occurrences.data ?? []), [occurrences.data]);
  const holderOn = useMemo(() => nightsByDate(nights.data ?? []), [nights.data]);
  const nameOf = (usuarioId: string | undefined) => parents.find((p) => p.usuarioId === usuarioId)?.name;
  const childOptions = useMemo(
    () => (children.data ?? []).filter((c) => c.familiaId === familiaId).map((c) => ({ id: c._id, name: `${c.nombre}` })),
    [children.data, familiaId],
  );

  if (families.isLoading) return <Loading />;
  if (families.isError) return <Alert>{families.error.message}</Alert>;
  if (!family || !familiaId) return <Alert kind="info">{t('calendar.noFamily')}</Alert>;

  // Each button only for who may use it (a viewer reads; swaps are between the schedule's parents).
  const canEdit = family.miPermiso === 'coparent';
  const canSwap = canEdit && Boolean(schedule.data) && (schedule.data?.progenitorA === me || schedule.data?.progenitorB === me);
  const editing = dialog?.kind === 'event' && dialog.key ? (occurrences.data ?? []).find((o) => occurrenceKey(o) === dialog.key) ?? null : null;
  const hasSchedule = Boolean(schedule.data);
  // A period is held by one of the schedule's two parents; the other takes the rest.
  const scheduleParents = schedule.data ? parents.filter((p) => p.usuarioId === schedule.data?.progenitorA || p.usuarioId === schedule.data?.progenitorB) : parents;
  const holders: Holders = {
    nameOf: (id) => nameOf(id) ?? t('calendar.someone'),
    otherOf: (id) => {
      const current = schedule.data;
      if (current && id === current.progenitorA) return current.progenitorB;
      if (current && id === current.progenitorB) return current.progenitorA;
      return parents.find((p) => p.usuarioId !== id)?.usuarioId;
    },
  };

  return (
    <CalendarView
      families={families.data ?? []}
      familiaId={familiaId}
      onFamily={setChosenFamily}
      zone={zone}
      me={me}
      parents={parents}
      canEdit={canEdit}
      canSwap={canSwap}
      hasSchedule={hasSchedule}
      scheduleLoading={schedule.isLoading}
      loadFailed={occurrences.isError || nights.isError}
      limited={limited}
      swaps={swaps.data ?? []}
      view={view}
      onViewChange={setView}
      items={items}
      holderOn={holderOn}
      onRangeChange={(next) => setRange((prev) => (prev.start === next.start && prev.end === next.end ? prev : next))}
      onPick={({ date, time }) => setDialog({ kind: 'event', key: null, date, time })}
      onEventPick={(key) => {
        const origin = (occurrences.data ?? []).find((o) => occurrenceKey(o) === key)?.origen;
        setDialog(origin ? { kind: 'record', origin } : { kind: 'event', key, date: today });
      }}
      onNewEvent={() => setDialog({ kind: 'event', key: null, date: today })}
      onCustody={() => setDialog({ kind: 'custody' })}
      onPeriod={() => setDialog({ kind: 'period' })}
      onSwap={() => setDialog({ kind: 'swap' })}
      onHandover={() => setDialog({ kind: 'handover' })}
      requests={
        <>
          <CustodyProposals familiaId={familiaId} me={me} parents={parents} canAnswer={canEdit} />
          <SwapRequests familiaId={familiaId} me={me} parents={parents} swaps={swaps.data ?? []} zone={zone} onCounter={(swap) => setDialog({ kind: 'swap', answering: swap })} />
        </>
      }
      holidays={<HolidayPeriods familiaId={familiaId} holders={holders} canEdit={canEdit} onAdd={() => setDialog({ kind: 'period' })} />}
      share={<ShareSummary familiaId={familiaId} parents={parents} year={Number(today.slice(0, 4))} />}
      feed={<FeedPanel />}
      dialogs={
        <>
          {dialog?.kind === 'event' && (
            <EventDialog
              key={dialog.key ?? `new-${dialog.date}-${dialog.time ?? ''}`}
              familiaId={familiaId}
              zone={zone}
              childOptions={childOptions}
              occurrence={editing}
              readOnly={!canEdit}
              initial={{ date: dialog.date, time: dialog.time }}
              onClose={() => setDialog(null)}
            />
          )}
          {dialog?.kind === 'record' && <ChildItem origin={dialog.origin} children={children.data ?? []} canEdit={canEdit} onClose={() => setDialog(null)} />}
          {dialog?.kind === 'custody' && <CustodyWizard familiaId={familiaId} parents={parents} current={schedule.data ?? null} today={today} onClose={() => setDialog(null)} />}
          {dialog?.kind === 'period' && <PeriodDialog familiaId={familiaId} parents={scheduleParents} holders={holders} zone={zone} today={today} onClose={() => setDialog(null)} />}
          {dialog?.kind === 'swap' && (
            <SwapDialog familiaId={familiaId} zone={zone} me={me} upcoming={upcoming.data ?? []} answering={dialog.answering} onClose={() => setDialog(null)} />
          )}
          {dialog?.kind === 'handover' && !recent.isLoading && (
            <HandoverDialog
              familiaId={familiaId}
              zone={zone}
              date={lastExchange(recent.data ?? []) ?? today}
              plannedTime={schedule.data?.horaIntercambio}
              onClose={() => setDialog(null)}
            />
          )}
        </>
      }
    />
  );
}
