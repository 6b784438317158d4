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
import type { Child, ChildInput } from './api';

export const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;

const schema = (t: TFunction) =>
  z.object({
    nombre: z.string().trim().min(1, t('validation.nameRequired')),
    apellido: z.string().trim().min(1, t('validation.lastNameRequired')),
    fechaNacimiento: z
      .string()
      .min(1, { error: t('children.form.birthDateRequired'), abort: true })
      .refine((v) => v <= new Date().toISOString().slice(0, 10), t('children.form.birthDateFuture')),
    genero: z.enum(['masculino', 'femenino']),
    grupoSanguineo: z.string(),
    numeroSeguroSocial: z.string().trim().max(40),
  });

type Values = z.infer<ReturnType<typeof schema>>;

interface Props {
  child?: Child;
  onSubmit: (body: ChildInput) => Promise<unknown>;
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
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema(t)),
    defaultValues: {
      nombre: child?.nombre ?? '',
      apellido: child?.apellido ?? '',
      fechaNacimiento: child?.fechaNacimiento ?? '',
      genero: child?.genero === 'masculino' ? 'masculino' : 'femenino',
      grupoSanguineo: child?.grupoSanguineo ?? '',
      numeroSeguroSocial: child?.numeroSeguroSocial ?? '',
    },
  });

  const submit = async (values: Values) => {
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
    <form noValidate onSubmit={handleSubmit(submit, () => setFailure(t('children.form.required')))} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('fields.firstName')} error={errors.nombre?.message} {...register('nombre')} />
        <TextField label={t('fields.lastName')} error={errors.apellido?.message} {...register('apellido')} />
      </div>
      <TextField label={t('children.fields.birthDate')} type="date" error={errors.fechaNacimiento?.message} {...register('fechaNacimiento')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('children.fields.gender')}
          error={errors.genero?.message}
          options={[
            { value: 'femenino', label: t('children.gender.femenino') },
            { value: 'masculino', label: t('children.gender.masculino') },
          ]}
          {...register('genero')}
        />
        <SelectField
          label={t('children.fields.bloodType')}
          error={errors.grupoSanguineo?.message}
          options={[{ value: '', label: t('children.bloodUnknown') }, ...BLOOD_TYPES.map((b) => ({ value: b, label: b }))]}
          {...register('grupoSanguineo')}
        />
      </div>
      <TextField label={t('children.fields.socialSecurity')} error={errors.numeroSeguroSocial?.message} {...register('numeroSeguroSocial')} />
      <FormActions busy={isSubmitting} onCancel={onDone} />
    </form>
  );
}
