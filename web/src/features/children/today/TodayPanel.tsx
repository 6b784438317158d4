import { Link } from 'react-router';
import { useTranslation } from '../../../i18n';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { formatDate } from '../../../lib/dates';
import { useFamilies } from '../../../api/families';
import type { FamilyToday, Holding, SwapToAnswer, Today } from './api';
import { useToday } from './api';
import { eventTitle, eventsInOrder, hasCustody, holdingGroups, isDeviceZone, joinNames, momentOf, timeInZone, type Moment } from './format';

/** The signed-in home's first block: for each family, who has the children, what happens today, what waits for an answer. */
export function TodayPanel() {
  const today = useToday();
  const families = useFamilies();
  // The swap's requester comes as an id: the families' member lists name them, and say which one is the caller.
  const members = (families.data ?? []).flatMap((f) => f.miembros);
  const names = Object.fromEntries(members.map((m) => [m.usuarioId, `${m.nombre} ${m.apellido}`.trim()]));
  return (
    <TodayPanelView
      loading={today.isLoading}
      error={today.isError ? today.error.message : null}
      today={today.data}
      me={members.find((m) => m.yo)?.usuarioId ?? ''}
      names={names}
      onRetry={() => void today.refetch()}
    />
  );
}

interface ViewProps {
  loading: boolean;
  error: string | null;
  today: Today | undefined;
  /** The signed-in user's id: "with you" rather than their own name. */
  me: string;
  /** User id → full name, for swap requests. */
  names: Record<string, string>;
  onRetry: () => void;
}

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

export function TodayPanelView({ loading, error, today, me, names, onRetry }: ViewProps) {
  const { t } = useTranslation();
  let body;
  if (loading)
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner small /> {t('common.loading')}
      </p>
    );
  else if (error || !today)
    body = (
      <div className="space-y-2">
        <Alert>
          <p className="font-semibold">{t('calendar.today.errors.title')}</p>
          <p>{error ?? t('calendar.today.errors.load')}</p>
        </Alert>
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else if (today.familias.length === 0)
    body = (
      <div className="space-y-2">
        <p className="text-sm text-ink">{t('calendar.noFamily')}</p>
        <Invitations count={today.invitacionesPendientes} />
      </div>
    );
  else
    body = (
      <div className="space-y-3">
        {today.familias.map((family, i) => (
          <FamilyCard
            key={family.familiaId}
            family={family}
            named={today.familias.length > 1}
            invitations={i === 0 ? today.invitacionesPendientes : 0}
            me={me}
            names={names}
          />
        ))}
      </div>
    );
  return (
    <section aria-labelledby="today-title" className="rounded-3xl bg-sand-100 p-3 sm:p-5" data-testid="today">
      <h2 id="today-title" className="text-lg font-bold text-ink">
        {t('calendar.today.title')}
      </h2>
      <div className="mt-3">{body}</div>
    </section>
  );
}

function FamilyCard({ family, named, invitations, me, names }: { family: FamilyToday; named: boolean; invitations: number; me: string; names: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const zone = family.zonaHoraria;
  const when = (instant: string) => sayMoment(t, momentOf(instant, zone, family.fecha, i18n.language));
  const person = (usuarioId: string, nombre: string) => (usuarioId === me ? t('calendar.today.you') : nombre || t('calendar.someone'));
  const groups = holdingGroups(family);
  const exchange = family.proximoIntercambio;
  const events = eventsInOrder(family);
  const headingId = `today-${family.familiaId}`;
  // Headings stay in order: under the family's name when there are several, right under "Today" otherwise.
  const Sub = named ? 'h4' : 'h3';

  return (
    <article aria-labelledby={named ? headingId : undefined} className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-black/5 wrap-anywhere sm:p-4">
      {named && (
        <h3 id={headingId} className="mb-2 font-semibold text-ink wrap-anywhere">
          {family.nombre}
        </h3>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        <div>
          <Sub className="text-xs font-semibold uppercase tracking-wide text-muted">{t('calendar.today.now')}</Sub>
          {hasCustody(family) ? (
            <ul className="mt-1 space-y-1 text-sm text-ink" data-testid="today-custody">
              {groups.map((g) => (
                <li key={`${g.holder.usuarioId}|${g.holder.hasta ?? ''}`}>{holdingSentence(t, i18n.language, g.children, g.holder, me, when)}</li>
              ))}
              {exchange && (
                <li className="text-muted">
                  {t('calendar.today.nextExchange', {
                    when: when(exchange.at),
                    from: person(exchange.deUsuarioId, exchange.deNombre),
                    to: person(exchange.aUsuarioId, exchange.aNombre),
                  })}
                </li>
              )}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-ink">
              {t('calendar.today.noSchedule')}{' '}
              <Link to="/calendar" className={linkClass}>
                {t('calendar.today.setUp')}
              </Link>
            </p>
          )}
          {!isDeviceZone(zone) && <p className="mt-1 text-xs text-muted">{t('calendar.zone', { zone })}</p>}
        </div>

        <div>
          <Sub className="text-xs font-semibold uppercase tracking-wide text-muted">{t('calendar.today.events')}</Sub>
          {events.length === 0 ? (
            <p className="mt-1 text-sm text-muted">{t('calendar.today.noEvents')}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm text-ink" data-testid="today-events">
              {events.map((e) => (
                <li key={`${e.eventoId}|${e.inicio}`} className="flex gap-2">
                  <span className="w-[5.5rem] shrink-0 whitespace-nowrap font-medium tabular-nums text-brand-700">
                    {e.todoElDia ? t('calendar.today.allDay') : timeInZone(e.inicio, zone, i18n.language)}
                  </span>
                  <span className="min-w-0 wrap-anywhere">{eventTitle(e, t('calendar.record.appointment'))}</span>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div>
          <Sub className="text-xs font-semibold uppercase tracking-wide text-muted">{t('calendar.today.waiting')}</Sub>
          {family.cambiosPorResponder.length === 0 && invitations === 0 ? (
            <p className="mt-1 text-sm text-muted">{t('calendar.today.nothingWaiting')}</p>
          ) : (
            <ul className="mt-1 space-y-2 text-sm text-ink" data-testid="today-waiting">
              {family.cambiosPorResponder.map((swap) => (
                <SwapItem key={swap.cambioId} swap={swap} name={names[swap.solicitanteId] ?? t('calendar.someone')} when={when} />
              ))}
              {invitations > 0 && (
                <li>
                  <Invitations count={invitations} />
                </li>
              )}
            </ul>
          )}
        </div>
      </div>
    </article>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function sayMoment(t: T, moment: Moment): string {
  return t(`calendar.today.when.${moment.kind}`, { day: moment.day, time: moment.time });
}

/** "Lucía está con Ana hasta el viernes a las 18:00", "Lucía y Mateo están contigo". */
function holdingSentence(t: T, language: string, children: string[], holder: Holding, me: string, when: (instant: string) => string): string {
  const who = children.length > 0 ? joinNames(children, language) : t('calendar.today.theChildren');
  const count = children.length === 1 ? 1 : 2;
  const name = holder.nombre || t('calendar.someone');
  const key = holder.usuarioId === me ? 'withYou' : 'withParent';
  return holder.hasta
    ? t(`calendar.today.${key}Until`, { count, children: who, name, when: when(holder.hasta) })
    : t(`calendar.today.${key}`, { count, children: who, name });
}

function SwapItem({ swap, name, when }: { swap: SwapToAnswer; name: string; when: (instant: string) => string }) {
  const { t, i18n } = useTranslation();
  const dates = swap.noches.map((d) => formatDate(d, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })).join(', ');
  return (
    <li>
      <Link to="/calendar" className="block rounded-xl border border-sand-200 px-3 py-2 hover:border-brand-200 hover:bg-brand-50">
        <span className="block font-semibold text-ink">{t('calendar.swaps.asksYou', { name })}</span>
        <span className="block">{t('calendar.swaps.nightsList', { dates })}</span>
        <span className="block text-muted">“{swap.motivo}”</span>
        <span className="block text-xs text-muted">{t('calendar.today.answerBy', { when: when(swap.responderAntesDe) })}</span>
        <span className="mt-1 block text-xs font-semibold text-brand-700">{t('calendar.today.answer')}</span>
      </Link>
    </li>
  );
}

function Invitations({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Link to="/profile/coparents" className={linkClass}>
      {t('calendar.today.invitations', { count })}
    </Link>
  );
}
