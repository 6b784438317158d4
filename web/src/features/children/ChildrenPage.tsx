import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Loading } from '../../components/Spinner';
import { formatDate } from '../../lib/dates';
import { relativeTime } from '../../lib/relativeTime';
import { ageOn } from './age';
import { useFamilies } from '../../api/families';
import { useChildren, useCreateChild, type Child } from './api';
import { ChildAvatar, GenderIcon } from './ChildAvatar';
import { ChildForm } from './ChildForm';
import { DeletedChildren } from './DeletedChildren';
import { HealthAlertChips } from './HealthAlerts';
import { useToday } from './today/api';
import { activityByChild, eventTitle, upcomingWhen, type ChildActivity } from './today/format';
import { TodayPanel } from './today/TodayPanel';

export default function ChildrenPage() {
  const { t } = useTranslation();
  const children = useChildren();
  const families = useFamilies();
  const create = useCreateChild();
  const today = useToday();
  // Only someone in several families needs to be told which one each child belongs to.
  const familyNames = families.data && families.data.length > 1 ? Object.fromEntries(families.data.map((f) => [f._id, f.nombre])) : undefined;
  const [adding, setAdding] = useState(false);
  const deletedName = useJustDeleted();
  // A viewer (a grandmother, a carer) adds no child to the families she reads: her own child is
  // a family of her own, made only when she says so.
  const viewerOf = families.data && families.data.length > 0 && !families.data.some((f) => f.miPermiso === 'coparent') ? families.data.map((f) => f.nombre).join(', ') : null;
  const canAdd = families.data !== undefined && viewerOf === null;

  return (
    <section className="mx-auto max-w-5xl">
      <div className="mb-6">
        <TodayPanel />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink">{t('children.title')}</h1>
          {children.data && children.data.length > 0 && (
            <p className="text-sm text-muted">{t('children.count', { count: children.data.length })}</p>
          )}
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void children.refetch()} busy={children.isRefetching} disabled={children.isLoading}>
            {t('children.refresh')}
          </Button>
          {canAdd && <Button onClick={() => setAdding(true)}>{t('children.add')}</Button>}
          {viewerOf !== null && (
            <Button variant="secondary" onClick={() => setAdding(true)}>
              {t('children.ownFamily.open')}
            </Button>
          )}
        </div>
      </div>
      {viewerOf !== null && <p className="mt-3 text-sm text-muted">{t('children.ownFamily.viewerNote', { families: viewerOf })}</p>}

      <div className="mt-6">
        <ChildrenView
          loading={children.isLoading}
          error={children.isError ? children.error.message : null}
          list={children.data}
          onRetry={() => void children.refetch()}
          onAdd={() => setAdding(true)}
          viewerOf={viewerOf}
          familyNames={familyNames}
          activity={activityByChild(today.data)}
        />
      </div>
      <DeletedChildren justDeleted={deletedName} />

      <Modal open={adding} onClose={() => setAdding(false)} title={viewerOf === null ? t('children.addTitle') : t('children.ownFamily.title')} locked={create.isPending}>
        {viewerOf !== null && <p className="mb-4 rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink">{t('children.ownFamily.body')}</p>}
        <ChildForm
          onSubmit={(body) => create.mutateAsync(viewerOf === null ? body : { ...body, nuevaFamilia: true })}
          onDone={() => setAdding(false)}
          fallbackError={t('children.errors.create')}
        />
      </Modal>
    </section>
  );
}

/**
 * The name of the child whose record was just deleted, passed by the record's page so the way back
 * is offered where the user lands. Read once: a reload after a restore must not announce it again.
 */
function useJustDeleted() {
  const location = useLocation();
  const navigate = useNavigate();
  const [name] = useState(() => (location.state as { deletedName?: string } | null)?.deletedName ?? null);
  useEffect(() => {
    if (location.state) void navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);
  return name;
}

interface ViewProps {
  loading: boolean;
  error: string | null;
  list: Child[] | undefined;
  onRetry: () => void;
  onAdd: () => void;
  /** The names of the families the user only views, when she co-parents none: no child to add there. */
  viewerOf?: string | null | undefined;
  /** Family id → name, when the user belongs to more than one family. */
  familyNames?: Record<string, string> | undefined;
  /** Child id → their last activity and coming events; undefined until known. */
  activity?: Record<string, ChildActivity> | undefined;
}

export function ChildrenView({ loading, error, list, onRetry, onAdd, viewerOf, familyNames, activity }: ViewProps) {
  const { t, i18n } = useTranslation();
  if (loading) return <Loading />;
  if (error)
    return (
      <div className="space-y-3">
        <Alert>
          <p className="font-semibold">{t('children.errors.loadTitle')}</p>
          <p>{error}</p>
        </Alert>
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  if ((!list || list.length === 0) && viewerOf)
    return (
      <div className="rounded-3xl border-2 border-dashed border-brand-200 bg-white p-8 text-center">
        <p className="text-lg font-semibold text-ink">{t('children.ownFamily.viewerEmptyTitle', { families: viewerOf })}</p>
        <p className="mt-2 text-muted">{t('children.ownFamily.viewerEmptyBody')}</p>
      </div>
    );
  if (!list || list.length === 0)
    return (
      <div className="rounded-3xl border-2 border-dashed border-brand-200 bg-white p-8 text-center">
        <p className="text-lg font-semibold text-ink">{t('children.emptyTitle')}</p>
        <p className="mt-2 text-muted">{t('children.emptyBody')}</p>
        <Button className="mt-6" onClick={onAdd}>
          {t('children.addFirst')}
        </Button>
      </div>
    );

  const today = new Date();
  const ages = list.map((c) => ageOn(c.fechaNacimiento, today));
  const stats = [
    { label: t('children.stats.total'), value: list.length },
    { label: t('children.stats.boys'), value: list.filter((c) => c.genero === 'masculino').length },
    { label: t('children.stats.girls'), value: list.filter((c) => c.genero === 'femenino').length },
    { label: t('children.stats.averageAge'), value: Math.round(ages.reduce((a, b) => a + b, 0) / ages.length) },
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {stats.map((s) => (
          <div key={s.label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted">{s.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink">{s.value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {list.map((child, i) => (
          <li key={child._id}>
            <Link
              to={`/children/${child._id}`}
              className="flex items-start gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 transition hover:ring-brand-200"
            >
              <ChildAvatar child={child} />
              <div className="min-w-0 flex-1 wrap-anywhere">
                <p className="font-semibold text-ink">
                  {child.nombre} {child.apellido} <GenderIcon genero={child.genero} />
                </p>
                <HealthAlertChips child={child} />
                <p className="text-sm text-muted">
                  {t('children.age', { count: ages[i] ?? 0 })} · {formatDate(child.fechaNacimiento, i18n.language)}
                </p>
                {familyNames?.[child.familiaId] && (
                  <p className="text-sm font-medium text-brand-700">{t('children.family', { name: familyNames[child.familiaId] ?? '' })}</p>
                )}
                <ActivityLines activity={activity?.[child._id]} now={today} />
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}



/** How many events to name on a child's card; the count says how many more there are. */
const NAMED_EVENTS = 2;

/** A child's last activity and coming events, on their card. */
function ActivityLines({ activity, now }: { activity: ChildActivity | undefined; now: Date }) {
  const { t, i18n } = useTranslation();
  // Not known yet (or Today failed): say nothing rather than something untrue.
  if (!activity) return null;
  const { child, zone } = activity;
  const list = child.proximosEventos
    .slice(0, NAMED_EVENTS)
    .map((e) => `${eventTitle(e, t('calendar.record.appointment'))} (${upcomingWhen(e, zone, i18n.language)})`)
    .join(', ');
  return (
    <div className="mt-1 space-y-0.5 text-sm text-muted" data-testid="child-activity">
      <p>{child.ultimaActividad ? t('children.lastActivity', { when: relativeTime(child.ultimaActividad, now, i18n.language) }) : t('children.noActivity')}</p>
      <p>{child.proximosEventosTotal > 0 ? t('children.upcoming', { count: child.proximosEventosTotal, list }) : t('children.noUpcoming')}</p>
    </div>
  );
}
