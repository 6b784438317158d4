import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { FieldHelp, TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { SelectField } from '../../components/SelectField';
import { formFailure } from '../../lib/serverErrors';
import { useAddPeriod } from './api';
import { describeRule, PERIOD_MODES, periodSchema, toPeriodInput, type Holders, type PeriodValues } from './holidayPeriods';
import { HolidaySuggestions } from './HolidaySuggestions';
import type { Parent } from './parents';
import type { Holiday } from './types';

interface Props {
  familiaId: string;
  /** The parents who may hold a period: the schedule's two. */
  parents: Parent[];
  holders: Holders;
  zone: string;
  today: string;
  onClose: () => void;
}

/**
 * Adding a holiday period: its name and nights, who holds it (one parent, alternating by years,
 * or in halves) and whether it comes back every year. National holidays are offered as
 * suggestions that fill the form; nothing is saved until the parent saves.
 */
export function PeriodDialog({ familiaId, parents, holders, zone, today, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const add = useAddPeriod(familiaId);
  const [failure, setFailure] = useState<string | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<PeriodValues>({
    resolver: zodResolver(periodSchema(t)),
    defaultValues: { nombre: '', desde: today, hasta: '', modo: 'progenitor', usuarioId: parents[0]?.usuarioId ?? '', anual: false },
  });
  const draft = useWatch({ control });
  const modo = draft.modo ?? 'progenitor';
  const anual = draft.anual ?? false;

  const pick = (holiday: Holiday) => {
    // Checked at once, so a message left from an earlier attempt goes when the suggestion fixes it.
    const options = { shouldValidate: true, shouldDirty: true } as const;
    setValue('nombre', holiday.nombre, options);
    setValue('desde', holiday.fecha, options);
    setValue('hasta', holiday.fecha, options);
    setPicked(holiday.nombre);
  };

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      await add.mutateAsync(toPeriodInput(v, holders.otherOf));
      onClose();
    } catch (err) {
      setFailure(formFailure(err, setError, { nombre: 'nombre', desde: 'desde', hasta: 'hasta', modo: 'modo', usuarioId: 'usuarioId' }, t('calendar.periods.failed')));
    }
  });

  const whoLabel = modo === 'progenitor' ? t('calendar.periods.form.who') : modo === 'alterna' ? t('calendar.periods.form.whoEven') : anual ? t('calendar.periods.form.whoFirstEven') : t('calendar.periods.form.whoFirst');
  const complete = draft.desde && draft.usuarioId && /^\d{4}-\d{2}-\d{2}$/.test(draft.desde);
  const preview = complete
    ? describeRule(toPeriodInput({ nombre: '', desde: draft.desde ?? '', hasta: '', modo, usuarioId: draft.usuarioId ?? '', anual }, holders.otherOf), holders, t)
    : null;

  return (
    <Modal open onClose={onClose} title={t('calendar.periods.form.title')} locked={add.isPending}>
      <div className="space-y-4">
        <HolidaySuggestions familiaId={familiaId} zone={zone} today={today} onPick={pick} />
        {picked && (
          <p role="status" className="text-sm text-brand-700">
            {t('calendar.periods.holidays.picked', { name: picked })}
          </p>
        )}
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
          {failure && <Alert>{failure}</Alert>}
          <TextField label={t('calendar.periods.form.name')} hint={t('calendar.periods.form.nameHint')} error={errors.nombre?.message} autoComplete="off" {...register('nombre')} />
          <div className="grid grid-cols-2 gap-3">
            <TextField label={t('calendar.periods.form.from')} type="date" error={errors.desde?.message} {...register('desde')} />
            <TextField label={t('calendar.periods.form.to')} type="date" error={errors.hasta?.message} {...register('hasta')} />
          </div>
          <p className="-mt-2 text-sm text-muted">{t('calendar.periods.form.nightsHint')}</p>
          <label className="flex items-start gap-2 text-sm text-ink">
            <input type="checkbox" className="mt-0.5" {...register('anual')} />
            <span>
              <span className="font-medium">{t('calendar.periods.form.yearly')}</span>
              <span className="block text-muted">{t('calendar.periods.form.yearlyHint')}</span>
            </span>
          </label>
          <fieldset aria-describedby={errors.modo ? `${id}-modo-error` : undefined} aria-invalid={errors.modo ? true : undefined}>
            <legend className="text-sm font-medium text-ink">{t('calendar.periods.form.mode')}</legend>
            <div className="mt-1.5 space-y-2">
              {PERIOD_MODES.map((m) => (
                <label key={m} className="flex cursor-pointer items-start gap-3 rounded-xl border border-sand-200 px-3 py-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                  <input type="radio" value={m} className="mt-1" {...register('modo')} />
                  <span>
                    <span className="block text-sm font-semibold text-ink">{t(`calendar.periods.modes.${m}.name`)}</span>
                    <span className="block text-sm text-muted">{t(`calendar.periods.modes.${m}.hint`)}</span>
                  </span>
                </label>
              ))}
            </div>
            <div className="mt-1.5">
              <FieldHelp id={`${id}-modo`} error={errors.modo?.message} />
            </div>
          </fieldset>
          <SelectField label={whoLabel} options={parents.map((p) => ({ value: p.usuarioId, label: p.name }))} error={errors.usuarioId?.message} {...register('usuarioId')} />
          {preview && (
            <p className="rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink" data-testid="period-preview">
              {t('calendar.periods.form.preview', { rule: preview })}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={onClose} disabled={add.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" busy={add.isPending}>
              {t('calendar.periods.form.save')}
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
