import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { TimeZonePicker } from '../../components/TimeZonePicker';
import { formFailure } from '../../lib/serverErrors';
import { useSession } from '../../lib/session';
import { useUpdateProfile, type Profile } from './api';
import { isNewEmail, profileSchema, type ProfileValues } from './schemas';

const FIELDS = {
  nombre: 'nombre',
  apellido: 'apellido',
  email: 'email',
  telefono: 'telefono',
  zonaHoraria: 'zonaHoraria',
  currentPassword: 'currentPassword',
  password: 'currentPassword',
} as const;

const valuesOf = (profile: Profile): ProfileValues => ({
  nombre: profile.nombre,
  apellido: profile.apellido,
  email: profile.email,
  telefono: profile.telefono ?? '',
  zonaHoraria: profile.zonaHoraria,
  currentPassword: '',
});

/** Spec §2 profile edit, personal info: saved on the server, the session's user replaced, a toast. */
export function PersonalInfoForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { t } = useTranslation();
  const { updateUser } = useSession();
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({ resolver: zodResolver(profileSchema(t, profile.email)), defaultValues: valuesOf(profile) });
  const emailChanges = isNewEmail(useWatch({ control, name: 'email' }) ?? '', profile.email);

  const submit = async (values: ProfileValues) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync({
        nombre: values.nombre,
        apellido: values.apellido,
        email: values.email.toLowerCase(),
        telefono: values.telefono || null,
        language: profile.language,
        zonaHoraria: values.zonaHoraria,
        ...(emailChanges ? { currentPassword: values.currentPassword } : {}),
      });
      // A new email waits for confirmation: the form shows the address still in use.
      reset(valuesOf(saved));
      updateUser(saved);
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'email_taken') {
        setError('email', { message: err.message });
        return;
      }
      if (err instanceof ApiError && err.code === 'current_password_wrong') {
        setError('currentPassword', { message: err.message });
        return;
      }
      setFailure(formFailure(err, setError, FIELDS, t('profile.edit.personal.failed')));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      {profile.emailPendiente && (
        <Alert kind="info">
          <p className="font-medium">{t('profile.edit.personal.pending', { email: profile.emailPendiente })}</p>
          <p className="mt-1 text-muted">{t('profile.edit.personal.pendingHint', { current: profile.email })}</p>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('fields.firstName')} autoComplete="given-name" error={errors.nombre?.message} {...register('nombre')} />
        <TextField label={t('fields.lastName')} autoComplete="family-name" error={errors.apellido?.message} {...register('apellido')} />
      </div>
      <TextField label={t('fields.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      {emailChanges && (
        <PasswordField
          label={t('profile.edit.personal.currentPassword')}
          hint={t('profile.edit.personal.currentPasswordHint')}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
      <TextField label={t('fields.phoneOptional')} type="tel" autoComplete="tel" error={errors.telefono?.message} {...register('telefono')} />
      <Controller
        control={control}
        name="zonaHoraria"
        render={({ field }) => (
          <TimeZonePicker
            name={field.name}
            label={t('profile.edit.personal.timeZone')}
            hint={t('profile.edit.personal.timeZoneHint')}
            error={errors.zonaHoraria?.message}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <div className="flex justify-end pt-1">
        <Button type="submit" busy={isSubmitting} className="w-full sm:w-auto">
          {t('profile.edit.personal.submit')}
        </Button>
      </div>
    </form>
  );
}
