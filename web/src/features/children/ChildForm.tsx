import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from '../../i18n';
import type { TFunction } from '../../i18n';
import { Alert } from '../../components/Alert';
import { TextField } from '../../components/Field';
import { FormActions } from '../../components/FormActions';
import { SelectField } from '../../components/SelectField';
import { applyServerErrors } from '../../lib/serverErrors';
import { bloodTypeValues, genderValues } from '../../api/schema';
import type { BloodType, Child, Gender, NewChildInput } from './api';

const isGender = (v: string): v is Gender => genderValues.some((g) => g === v);
const isBloodTypeOrNone = (v: string): v is BloodType | '' => v === '' || bloodTypeValues.some((b) => b === v);

/** Today as YYYY-MM-DD in the browser's own calendar, the latest birth date there can be. */
export function todayIso(now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const schema = (t: TFunction) =>
  z.object({
    nombre: z.string().trim().min(1, t('validation.nameRequired')),
    apellido: z.string().trim().min(1, t('validation.lastNameRequired')),
    fechaNacimiento: z
      .string()
      .min(1, { error: t('children.form.birthDateRequired'), abort: true })
      .refine((v) => v <= todayIso(), t('children.form.birthDateFuture')),
    // No default: a preselected value was saved unnoticed for children of the other gender.
    genero: z.string().refine(isGender, t('children.form.genderRequired')),
    // Picked from the list, so never refused here; the check only narrows its type.
    grupoSanguineo: z.string().refine(isBloodTypeOrNone),
    numeroSeguroSocial: z.string().trim().max(40),
  });

type Values = z.input<ReturnType<typeof schema>>;
type Checked = z.output<ReturnType<typeof schema>>;

interface Props {
  child?: Child;
  onSubmit: (body: NewChildInput) => Promise<unknown>;
  onDone: () => void;
  fallbackError: string;
}

/** The basic form of a child: add a child, or edit their basic information. */
export function ChildForm({ child, onSubmit, onDone, fallbackError }: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Checked>({
    resolver: zodResolver(schema(t)),
    defaultValues: {
      nombre: child?.nombre ?? '',
      apellido: child?.apellido ?? '',
      fechaNacimiento: child?.fechaNacimiento ?? '',
      genero: child?.genero ?? '',
      grupoSanguineo: child?.grupoSanguineo ?? '',
      numeroSeguroSocial: child?.numeroSeguroSocial ?? '',
    },
  });

  // The summary speaks of required fields only when one is empty; other mistakes speak for themselves.
  const invalid = () => {
    const v = getValues();
    const missing = [v.nombre, v.apellido, v.fechaNacimiento, v.genero].some((x) => !x.trim());
    setFailure(missing ? t('children.form.required') : null);
  };

  const submit = async (values: Checked) => {
    setFailure(null);
    try {
      await onSubmit({ ...values, grupoSanguineo: values.grupoSanguineo || null, numeroSeguroSocial: values.numeroSeguroSocial || null });
      onDone();
    } catch (err) {
      setFailure(
        applyServerErrors(err, setError, {
          nombre: 'nombre',
          apellido: 'apellido',
          fechaNacimiento: 'fechaNacimiento',
          genero: 'genero',
          grupoSanguineo: 'grupoSanguineo',
          numeroSeguroSocial: 'numeroSeguroSocial',
        }, fallbackError),
      );
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit, invalid)} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('fields.firstName')} error={errors.nombre?.message} {...register('nombre')} />
        <TextField label={t('fields.lastName')} error={errors.apellido?.message} {...register('apellido')} />
      </div>
      <TextField label={t('children.fields.birthDate')} type="date" max={todayIso()} error={errors.fechaNacimiento?.message} {...register('fechaNacimiento')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('children.fields.gender')}
          error={errors.genero?.message}
          required
          options={[{ value: '', label: t('children.form.genderChoose') }, ...genderValues.map((g) => ({ value: g, label: t(`children.gender.${g}`) }))]}
          {...register('genero')}
        />
        <SelectField
          label={t('children.fields.bloodType')}
          error={errors.grupoSanguineo?.message}
          options={[{ value: '', label: t('children.bloodUnknown') }, ...bloodTypeValues.map((b) => ({ value: b, label: b }))]}
          {...register('grupoSanguineo')}
        />
      </div>
      <TextField label={t('children.fields.socialSecurity')} error={errors.numeroSeguroSocial?.message} {...register('numeroSeguroSocial')} />
      <FormActions busy={isSubmitting} onCancel={onDone} />
    </form>
  );
}
