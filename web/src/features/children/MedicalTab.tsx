import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField } from '../../components/Field';
import { FormActions } from '../../components/FormActions';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { TextArea } from '../../components/TextArea';
import { applyServerErrors } from '../../lib/serverErrors';
import { appointmentStatusValues } from '../../api/schema';
import { useListItem, useSetMedical, type Appointment, type AppointmentStatus, type Child } from './api';
import { ItemActions, ItemSection } from './ItemList';
import { formatDateTime } from '../../lib/format';

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

interface MedicalValues {
  doctorNombre: string;
  doctorTelefono: string;
  alergias: string;
  medicamentos: string;
  condicionesEspeciales: string;
  notasMedicas: string;
}

function MedicalForm({ child, onDone }: { child: Child; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSetMedical(child._id);
  const [failure, setFailure] = useState<string | null>(null);
  const m = child.informacionMedica;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MedicalValues>({
    defaultValues: {
      doctorNombre: m.doctorPrimario.nombre ?? '',
      doctorTelefono: m.doctorPrimario.telefono ?? '',
      alergias: m.alergias.join('\n'),
      medicamentos: m.medicamentos.join('\n'),
      condicionesEspeciales: m.condicionesEspeciales.join('\n'),
      notasMedicas: m.notasMedicas ?? '',
    },
  });
  const submit = async (v: MedicalValues) => {
    setFailure(null);
    try {
      await save.mutateAsync({
        doctorPrimario: { nombre: v.doctorNombre, telefono: v.doctorTelefono },
        alergias: lines(v.alergias),
        medicamentos: lines(v.medicamentos),
        condicionesEspeciales: lines(v.condicionesEspeciales),
        notasMedicas: v.notasMedicas,
      });
      onDone();
    } catch (err) {
      setFailure(
        applyServerErrors(err, setError, {
          'doctorPrimario.nombre': 'doctorNombre',
          'doctorPrimario.telefono': 'doctorTelefono',
          alergias: 'alergias',
          medicamentos: 'medicamentos',
          condicionesEspeciales: 'condicionesEspeciales',
          notasMedicas: 'notasMedicas',
        }, t('children.errors.update')),
      );
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('children.medical.doctor')} error={errors.doctorNombre?.message} {...register('doctorNombre')} />
        <TextField label={t('children.medical.doctorPhone')} type="tel" error={errors.doctorTelefono?.message} {...register('doctorTelefono')} />
      </div>
      <TextArea label={t('children.medical.allergies')} hint={t('children.medical.onePerLine')} error={errors.alergias?.message} {...register('alergias')} />
      <TextArea label={t('children.medical.medicines')} hint={t('children.medical.onePerLine')} error={errors.medicamentos?.message} {...register('medicamentos')} />
      <TextArea label={t('children.medical.conditions')} hint={t('children.medical.onePerLine')} error={errors.condicionesEspeciales?.message} {...register('condicionesEspeciales')} />
      <TextArea label={t('children.medical.notes')} error={errors.notasMedicas?.message} {...register('notasMedicas')} />
      <FormActions busy={isSubmitting} onCancel={onDone} />
    </form>
  );
}

/** An ISO time as the value of a datetime-local input, in the browser's time zone. */
function toLocalInput(iso: string | undefined) {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

interface AppointmentValues {
  tipoConsulta: string;
  estado: AppointmentStatus;
  fechaHora: string;
  medicoNombre: string;
  medicoEspecialidad: string;
  notas: string;
}

/** The appointment's form: on the child's record, and opened from the calendar for the same appointment. */
export function AppointmentForm({ child, appointment, onDone }: { child: Child; appointment: Appointment | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useListItem(child._id, 'turnos-medicos');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AppointmentValues>({
    defaultValues: {
      tipoConsulta: appointment?.tipoConsulta ?? '',
      estado: appointment?.estado ?? 'programado',
      fechaHora: toLocalInput(appointment?.fechaHora),
      medicoNombre: appointment?.medico.nombre ?? '',
      medicoEspecialidad: appointment?.medico.especialidad ?? '',
      notas: appointment?.notas ?? '',
    },
  });
  const submit = async (v: AppointmentValues) => {
    setFailure(null);
    if (!v.fechaHora) {
      setError('fechaHora', { message: t('children.appointments.dateRequired') });
      return;
    }
    try {
      await save.mutateAsync({
        itemId: appointment?._id,
        body: {
          tipoConsulta: v.tipoConsulta,
          estado: v.estado,
          fechaHora: new Date(v.fechaHora).toISOString(),
          medico: { nombre: v.medicoNombre, especialidad: v.medicoEspecialidad },
          notas: v.notas,
        },
      });
      onDone();
    } catch (err) {
      setFailure(
        applyServerErrors(err, setError, {
          tipoConsulta: 'tipoConsulta',
          estado: 'estado',
          fechaHora: 'fechaHora',
          'medico.nombre': 'medicoNombre',
          'medico.especialidad': 'medicoEspecialidad',
          notas: 'notas',
        }, t('children.errors.update')),
      );
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <TextField label={t('children.appointments.type')} placeholder={t('children.appointments.defaultType')} error={errors.tipoConsulta?.message} {...register('tipoConsulta')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('children.appointments.when')} type="datetime-local" error={errors.fechaHora?.message} {...register('fechaHora')} />
        <SelectField
          label={t('children.appointments.status')}
          error={errors.estado?.message}
          options={appointmentStatusValues.map((s) => ({ value: s, label: t(`children.appointments.states.${s}`) }))}
          {...register('estado')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('children.appointments.doctor')} error={errors.medicoNombre?.message} {...register('medicoNombre')} />
        <TextField label={t('children.appointments.specialty')} error={errors.medicoEspecialidad?.message} {...register('medicoEspecialidad')} />
      </div>
      <TextArea label={t('children.appointments.notes')} error={errors.notas?.message} {...register('notas')} />
      <FormActions busy={isSubmitting} onCancel={onDone} />
    </form>
  );
}

function StatusBadge({ estado }: { estado: string }) {
  const { t } = useTranslation();
  // Spec §3: anything other than programado or completado reads as cancelled, in red.
  const known = estado === 'programado' || estado === 'completado';
  const style = estado === 'programado' ? 'bg-brand-100 text-brand-800' : estado === 'completado' ? 'bg-gray-100 text-gray-700' : 'bg-red-100 text-red-800';
  return <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${style}`}>{t(`children.appointments.states.${known ? estado : 'cancelado'}`)}</span>;
}

export function MedicalTab({ child, canEdit }: { child: Child; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const remove = useListItem(child._id, 'turnos-medicos');
  const [editingInfo, setEditingInfo] = useState(false);
  const [editing, setEditing] = useState<Appointment | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Appointment | null>(null);
  const m = child.informacionMedica;
  // Typed one per line, shown one per line: a comma may be part of an item ("ibuprofen, 5 ml").
  const list = (items: string[]) =>
    items.length ? (
      <ul className="space-y-0.5">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    ) : (
      t('children.none')
    );
  return (
    <div className="space-y-4">
      <section className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-ink">{t('children.medical.title')}</h2>
          {canEdit && (
            <Button variant="secondary" onClick={() => setEditingInfo(true)}>
              {t('children.medical.edit')}
            </Button>
          )}
        </div>
        <dl className="mt-4 grid gap-3 text-sm wrap-anywhere sm:grid-cols-2">
          <div>
            <dt className="text-muted">{t('children.medical.doctor')}</dt>
            <dd className="font-medium text-ink">
              {m.doctorPrimario.nombre ?? t('children.none')}
              {m.doctorPrimario.telefono && (
                <>
                  {' · '}
                  <a className="text-brand-700 underline" href={`tel:${m.doctorPrimario.telefono}`}>
                    {m.doctorPrimario.telefono}
                  </a>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t('children.medical.allergies')}</dt>
            <dd className="font-medium text-ink">{list(m.alergias)}</dd>
          </div>
          <div>
            <dt className="text-muted">{t('children.medical.medicines')}</dt>
            <dd className="font-medium text-ink">{list(m.medicamentos)}</dd>
          </div>
          <div>
            <dt className="text-muted">{t('children.medical.conditions')}</dt>
            <dd className="font-medium text-ink">{list(m.condicionesEspeciales)}</dd>
          </div>
          {m.notasMedicas && (
            <div className="sm:col-span-2">
              <dt className="text-muted">{t('children.medical.notes')}</dt>
              <dd className="whitespace-pre-line font-medium text-ink">{m.notasMedicas}</dd>
            </div>
          )}
        </dl>
      </section>

      <ItemSection
        title={t('children.appointments.title')}
        addLabel={t('children.appointments.add')}
        onAdd={() => setEditing('new')}
        empty={child.turnosMedicos.length === 0 ? t('children.appointments.empty') : null}
        canEdit={canEdit}
      >
        {child.turnosMedicos.map((a) => (
          <li key={a._id} className="flex items-start justify-between gap-3 rounded-2xl bg-sand-50 p-4">
            <div className="min-w-0 flex-1 wrap-anywhere">
              <p className="font-semibold text-ink">
                {a.tipoConsulta || t('children.appointments.defaultType')} <StatusBadge estado={a.estado} />
              </p>
              <p className="text-sm text-muted">
                {formatDateTime(a.fechaHora, i18n.language)}
                {a.medico.nombre && ` · ${a.medico.nombre}`}
                {a.medico.especialidad && ` (${a.medico.especialidad})`}
              </p>
            </div>
            {canEdit && (
              <ItemActions name={a.tipoConsulta || t('children.appointments.defaultType')} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />
            )}
          </li>
        ))}
      </ItemSection>

      <Modal open={editingInfo} onClose={() => setEditingInfo(false)} title={t('children.medical.edit')}>
        {editingInfo && <MedicalForm child={child} onDone={() => setEditingInfo(false)} />}
      </Modal>
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('children.appointments.add') : t('children.appointments.edit')}>
        {editing !== null && <AppointmentForm child={child} appointment={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={t('children.appointments.deleteTitle')}
        body={t('children.confirmDelete', { name: deleting?.tipoConsulta || t('children.appointments.defaultType') })}
        confirmLabel={t('common.delete')}
        onConfirm={() => remove.mutateAsync({ itemId: deleting?._id, remove: true })}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
