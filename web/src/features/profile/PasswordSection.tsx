import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/Field';
import { formFailure } from '../../lib/serverErrors';
import { useChangePassword } from './api';
import { passwordSchema, type PasswordValues } from './schemas';
import { Disclosure } from '../../components/ui';

const FIELDS = { currentPassword: 'currentPassword', newPassword: 'newPassword' } as const;
const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec §4 password change: a collapsible block; on success the fields clear, it closes, a toast says so. */
export function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema(t)), defaultValues: EMPTY });

  const submit = async ({ currentPassword, newPassword }: PasswordValues) => {
    setFailure(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset(EMPTY);
      setOpen(false);
      onChanged();
    } catch (err) {
      setFailure(formFailure(err, setError, FIELDS, t('profile.edit.security.failed')));
    }
  };

  return (
    <Disclosure label={t('profile.edit.security.changePassword')} open={open} onToggle={() => setOpen((v) => !v)}>
      <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
        <p className="text-sm text-muted">{t('profile.edit.security.intro')}</p>
        {failure && <Alert>{failure}</Alert>}
        <PasswordField
          label={t('profile.edit.security.currentPassword')}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordField
          label={t('fields.newPassword')}
          autoComplete="new-password"
          hint={t('validation.passwordHint')}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField label={t('fields.confirmPassword')} autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <div className="flex justify-end">
          <Button type="submit" busy={isSubmitting} className="w-full sm:w-auto">
            {t('profile.edit.security.submit')}
          </Button>
        </div>
      </form>
    </Disclosure>
  );
}
