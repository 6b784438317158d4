import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField } from '../../components/Field';
import { FormActions } from '../../components/FormActions';
import { Modal } from '../../components/Modal';
import { applyServerErrors } from '../../lib/serverErrors';
import { weekdayValues } from '../../api/schema';
import { useListItem, type Activity, type Child, type Weekday } from './api';
import { ItemActions, ItemSection } from './ItemList';

interface Values {
  nombre: string;
  lugar: string;
  horario: string;
  diasSemana: Weekday[];
  horaInicio: string;
  horaFin: string;
}

/** The activity's form: on the child's record, and opened from the calendar for the same activity. */
export function ActivityForm({ child, activity, onDone }: { child: Child; activity: Activity | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useListItem(child._id, 'actividades');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      nombre: activity?.nombre ?? '',
      lugar: activity?.lugar ?? '',
      horario: activity?.horario ?? '',
      diasSemana: activity?.diasSemana ?? [],
      horaInicio: activity?.horaInicio ?? '',
      horaFin: activity?.horaFin ?? '',
    },
  });
  const submit = async (v: Values) => {
    setFailure(null);
    if (!v.nombre.trim()) {
      setError('nombre', { message: t('children.activities.nameRequired') });
      return;
    }
    try {
      await save.mutateAsync({ itemId: activity?.id, body: v });
      onDone();
    } catch (err) {
      setFailure(applyServerErrors(err, setError, { nombre: 'nombre', lugar: 'lugar', horario: 'horario', diasSemana: 'diasSemana', horaInicio: 'horaInicio', horaFin: 'horaFin' }, t('children.errors.update')));
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <TextField label={t('children.activities.name')} error={errors.nombre?.message} {...register('nombre')} />
      <TextField label={t('children.activities.place')} error={errors.lugar?.message} {...register('lugar')} />
      <TextField label={t('children.activities.schedule')} hint={t('children.activities.scheduleHint')} error={errors.horario?.message} {...register('horario')} />
      <fieldset>
        <legend className="text-sm font-medium text-ink">{t('children.activities.days')}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {weekdayValues.map((d) => (
            <label key={d} className="inline-flex items-center gap-2 rounded-xl border border-gray-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
              <input type="checkbox" value={d} className="accent-brand-600" {...register('diasSemana')} />
              {t(`weekdays.${d}`)}
            </label>
          ))}
        </div>
        {errors.diasSemana?.message && <p className="mt-1 text-sm text-red-700">{errors.diasSemana.message}</p>}
      </fieldset>
      <div className="grid grid-cols-2 gap-4">
        <TextField label={t('children.activities.start')} type="time" error={errors.horaInicio?.message} {...register('horaInicio')} />
        <TextField label={t('children.activities.end')} type="time" error={errors.horaFin?.message} {...register('horaFin')} />
      </div>
      <FormActions busy={isSubmitting} onCancel={onDone} />
    </form>
  );
}

export function ActivitiesTab({ child, canEdit }: { child: Child; canEdit: boolean }) {
  const { t } = useTranslation();
  const remove = useListItem(child._id, 'actividades');
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);
  return (
    <>
      <ItemSection
        title={t('children.tabs.activities')}
        addLabel={t('children.activities.add')}
        onAdd={() => setEditing('new')}
        empty={child.actividades.length === 0 ? t('children.activities.empty') : null}
        canEdit={canEdit}
      >
        {child.actividades.map((a) => (
          <li key={a.id} className="flex items-start justify-between gap-3 rounded-2xl bg-sand-50 p-4">
            <div className="min-w-0 flex-1 wrap-anywhere">
              <p className="font-semibold text-ink">{a.nombre}</p>
              <p className="text-sm text-muted">
                {[a.lugar, a.diasSemana.map((d) => t(`weekdays.${d}`)).join(', '), a.horaInicio && `${a.horaInicio}${a.horaFin ? `–${a.horaFin}` : ''}`, a.horario]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            {canEdit && <ItemActions name={a.nombre} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />}
          </li>
        ))}
      </ItemSection>
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('children.activities.add') : t('children.activities.edit')}>
        {editing !== null && <ActivityForm child={child} activity={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={t('children.activities.deleteTitle')}
        body={t('children.confirmDelete', { name: deleting?.nombre ?? '' })}
        confirmLabel={t('common.delete')}
        onConfirm={() => remove.mutateAsync({ itemId: deleting?.id, remove: true })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
