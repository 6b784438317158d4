import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation, type TFunction } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { TimeZonePicker } from '../../components/TimeZonePicker';
import { formFailure } from '../../lib/serverErrors';
import type { Family, FamilyInput } from './api';

/** The server's limits: a name of 1 to 100 characters and an IANA time zone. */
export const familySchema = (t: TFunction) =>
  z.object({
    nombre: z.string().trim().min(1, t('families.settings.nameRequired')).max(100, t('families.settings.nameTooLong')),
    zonaHoraria: z.string().min(1),
  });

const FIELDS = { nombre: 'nombre', zonaHoraria: 'zonaHoraria' } as const;

/** Admins only: rename the family and change its time zone. */
export function FamilySettingsForm({
  family,
  onSave,
  onSaved,
}: {
  family: Family;
  onSave: (body: FamilyInput) => Promise<unknown>;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FamilyInput>({
    resolver: zodResolver(familySchema(t)),
    defaultValues: { nombre: family.nombre, zonaHoraria: family.zonaHoraria },
  });

  const submit = async (values: FamilyInput) => {
    setFailure(null);
    const body = { nombre: values.nombre.trim(), zonaHoraria: values.zonaHoraria };
    try {
      await onSave(body);
      reset(body);
      onSaved();
    } catch (err) {
      setFailure(formFailure(err, setError, FIELDS, t('families.settings.failed')));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <TextField label={t('families.settings.name')} autoComplete="off" error={errors.nombre?.message} {...register('nombre')} />
      <Controller
        control={control}
        name="zonaHoraria"
        render={({ field }) => (
          <TimeZonePicker
            name={field.name}
            label={t('families.settings.timeZone')}
            hint={t('families.settings.timeZoneHint')}
            error={errors.zonaHoraria?.message}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <div className="flex justify-end">
        <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
          {t('families.settings.save')}
        </Button>
      </div>
    </form>
  );
}
