import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation, type TFunction } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { formFailure } from '../../lib/serverErrors';
import { browserTimeZone } from '../../lib/timeZones';
import type { NewFamily } from './api';

const schema = (t: TFunction) =>
  z.object({
    nombre: z.string().trim().min(1, t('families.settings.nameRequired')).max(100, t('families.settings.nameTooLong')),
  });

const FIELDS = { nombre: 'nombre' } as const;

/** Starts another family, in this device's time zone (the admin can change it in its settings). */
export function NewFamilyForm({ onCreate, onCreated }: { onCreate: (body: NewFamily) => Promise<unknown>; onCreated: () => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ nombre: string }>({ resolver: zodResolver(schema(t)), defaultValues: { nombre: '' } });

  const submit = async ({ nombre }: { nombre: string }) => {
    setFailure(null);
    try {
      await onCreate({ nombre: nombre.trim(), zonaHoraria: browserTimeZone() ?? null });
      reset({ nombre: '' });
      onCreated();
    } catch (err) {
      setFailure(formFailure(err, setError, FIELDS, t('families.new.failed')));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-3">
      {failure && <Alert>{failure}</Alert>}
      <p className="text-sm text-muted">{t('families.new.intro')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:w-64">
          <TextField label={t('families.new.name')} autoComplete="off" error={errors.nombre?.message} {...register('nombre')} />
        </div>
        <Button type="submit" busy={isSubmitting} className="sm:mt-7">
          {t('families.new.submit')}
        </Button>
      </div>
    </form>
  );
}
