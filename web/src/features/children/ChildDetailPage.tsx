import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Loading } from '../../components/Spinner';
import { ActivitiesTab } from './ActivitiesTab';
import { formatDate } from '../../lib/dates';
import { ageOn } from './age';
import { useFamilies } from '../../api/families';
import { useChild, useDeleteChild, useUpdateChild, type Child } from './api';
import { ChildAvatar, GenderIcon } from './ChildAvatar';
import { ChildForm } from './ChildForm';
import { ContactsTab } from './ContactsTab';
import { DeleteChildDialog } from './DeleteChildDialog';
import { EmergencyCard } from './EmergencyCard';
import { HealthAlertsPanel } from './HealthAlerts';
import { MedicalTab } from './MedicalTab';
import { PhotoModal } from './PhotoModal';
import { SchoolForm } from './SchoolForm';

const TABS = ['overview', 'activities', 'medical', 'contacts'] as const;
type Tab = (typeof TABS)[number];

/** The open tab lives in the address (`?tab=medico`), so reload, Back and a shared link keep it. */
const TAB_PARAM: Record<Tab, string> = { overview: 'resumen', activities: 'actividades', medical: 'medico', contacts: 'contactos' };

export function tabFromParam(value: string | null): Tab {
  return TABS.find((name) => TAB_PARAM[name] === value) ?? 'overview';
}

function useTabInUrl(): [Tab, (next: Tab) => void] {
  const [params, setParams] = useSearchParams();
  const tab = tabFromParam(params.get('tab'));
  const setTab = (next: Tab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'overview') updated.delete('tab');
        else updated.set('tab', TAB_PARAM[next]);
        return updated;
      },
      // Switching tabs is not a new page: Back leaves the record instead of stepping through tabs.
      { replace: true },
    );
  return [tab, setTab];
}

export default function ChildDetailPage() {
  const { childId = '' } = useParams();
  const { t } = useTranslation();
  const child = useChild(childId);
  if (child.isLoading) return <Loading />;
  if (child.isError || !child.data)
    return (
      <section className="mx-auto max-w-3xl space-y-4">
        <Alert>{child.error?.message ?? t('children.errors.loadOne')}</Alert>
        <Link to="/children" className={buttonClass('secondary')}>
          ← {t('children.back')}
        </Link>
      </section>
    );
  return <ChildDetail child={child.data} />;
}

function ChildDetail({ child }: { child: Child }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateChild(child._id);
  const remove = useDeleteChild(child._id);
  const [tab, setTab] = useTabInUrl();
  const [modal, setModal] = useState<'basic' | 'school' | 'photo' | 'delete' | null>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ overview: null, activities: null, medical: null, contacts: null });
  const families = useFamilies();
  // Read-only members (viewers) see the record without the controls; the server refuses their changes anyway.
  const canEdit = families.data?.find((f) => f._id === child.familiaId)?.miPermiso === 'coparent';

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onTabKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : null;
    if (next) {
      setTab(next);
      tabRefs.current[next]?.focus();
    }
  };

  const school = child.informacionEscolar;
  const age = ageOn(child.fechaNacimiento, new Date());
  return (
    <section className="mx-auto max-w-4xl">
      <Link to="/children" className="text-sm font-medium text-brand-700 hover:underline">
        ← {t('children.back')}
      </Link>

      <header className="mt-4 flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:flex-row sm:items-center">
        <div className="relative self-center sm:self-auto">
          <ChildAvatar child={child} size="lg" full />
        </div>
        <div className="min-w-0 flex-1 text-center sm:text-left">
          <h1 className="text-2xl font-bold text-ink wrap-anywhere">
            {child.nombre} {child.apellido} <GenderIcon genero={child.genero} />
          </h1>
          <p className="text-muted">
            {t(`children.gender.${child.genero === 'masculino' ? 'masculino' : 'femenino'}`)} · {t('children.age', { count: age })} ·{' '}
            {t('children.birthday', { date: formatDate(child.fechaNacimiento, i18n.language, { day: 'numeric', month: 'long' }) })}
          </p>
        </div>
        {canEdit && (
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="secondary" onClick={() => setModal('photo')}>
              {t('children.photo.button')}
            </Button>
            <Button variant="secondary" onClick={() => setModal('basic')}>
              {t('children.editBasic')}
            </Button>
          </div>
        )}
      </header>

      {/* Two rows on a phone rather than labels cut to "Activida…". */}
      <div role="tablist" aria-label={t('children.tabs.label')} className="mt-6 grid grid-cols-2 gap-1 rounded-2xl bg-sand-100 p-1 sm:grid-cols-4" onKeyDown={onTabKey}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={`min-w-0 rounded-xl px-2 py-2 text-sm font-semibold wrap-break-word ${tab === name ? 'bg-white text-brand-700 shadow-sm' : 'text-muted hover:text-ink'}`}
          >
            {t(`children.tabs.${name}`)}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="mt-4">
        {tab === 'overview' && (
          <div className="grid gap-4 md:grid-cols-2">
            <HealthAlertsPanel child={child} />
            <section className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5">
              <h2 className="text-lg font-semibold text-ink">{t('children.basicInfo')}</h2>
              <dl className="mt-3 space-y-2 text-sm">
                <Row label={t('children.fields.birthDate')} value={formatDate(child.fechaNacimiento, i18n.language)} />
                <Row label={t('children.fields.bloodType')} value={child.grupoSanguineo ?? t('children.none')} />
                <Row label={t('children.fields.socialSecurityShort')} value={child.numeroSeguroSocial ?? t('children.none')} />
              </dl>
            </section>
            <section className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5">
              <div className="flex items-center justify-between gap-3">
                <h2 className="text-lg font-semibold text-ink">{t('children.school.title')}</h2>
                {canEdit && (
                  <Button variant="ghost" onClick={() => setModal('school')}>
                    {t('common.edit')}
                  </Button>
                )}
              </div>
              <dl className="mt-3 space-y-2 text-sm">
                <Row label={t('children.school.name')} value={school.escuela ?? t('children.none')} />
                <Row label={t('children.school.grade')} value={school.grado ?? t('children.none')} />
                <Row label={t('children.school.teacher')} value={school.profesorPrincipal ?? t('children.none')} />
                <Row label={t('children.school.phone')} value={school.telefonoEscuela ?? t('children.none')} />
                <Row
                  label={t('children.school.hours')}
                  value={school.horarioEscolar.entrada ? `${school.horarioEscolar.entrada} – ${school.horarioEscolar.salida ?? ''}` : t('children.none')}
                />
              </dl>
            </section>
            <EmergencyCard child={child} canEdit={canEdit} />
            {canEdit && (
              <div className="md:col-span-2">
                <Button variant="ghost" className="text-red-700" onClick={() => setModal('delete')}>
                  {t('children.delete')}
                </Button>
              </div>
            )}
          </div>
        )}
        {tab === 'activities' && <ActivitiesTab child={child} canEdit={canEdit} />}
        {tab === 'medical' && <MedicalTab child={child} canEdit={canEdit} />}
        {tab === 'contacts' && <ContactsTab child={child} canEdit={canEdit} />}
      </div>

      <Modal open={modal === 'basic'} onClose={() => setModal(null)} title={t('children.editBasic')} locked={update.isPending}>
        {modal === 'basic' && (
          <ChildForm child={child} onSubmit={(body) => update.mutateAsync(body)} onDone={() => setModal(null)} fallbackError={t('children.errors.basic')} />
        )}
      </Modal>
      <Modal open={modal === 'school'} onClose={() => setModal(null)} title={t('children.school.edit')}>
        {modal === 'school' && <SchoolForm child={child} onDone={() => setModal(null)} />}
      </Modal>
      <PhotoModal childId={child._id} open={modal === 'photo'} onClose={() => setModal(null)} />
      <DeleteChildDialog
        open={modal === 'delete'}
        firstName={child.nombre}
        onConfirm={async () => {
          await remove.mutateAsync();
          navigate('/children', { replace: true, state: { deletedName: `${child.nombre} ${child.apellido}` } });
        }}
        onClose={() => setModal(null)}
      />
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 text-right font-medium text-ink wrap-anywhere">{value}</dd>
    </div>
  );
}
