import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { AuthLayout } from '../../components/AuthLayout';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { TextField } from '../../components/Field';
import { requestReset } from './api';
import { forgotSchema, type ForgotValues } from './schemas';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ForgotValues>({ resolver: zodResolver(forgotSchema(t)), defaultValues: { email: '' } });

  const onSubmit = async ({ email }: ForgotValues) => {
    setFailure(null);
    try {
      await requestReset(email.trim().toLowerCase(), t('forgot.failed'));
      setSentTo(email.trim());
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('forgot.failed'));
    }
  };

  if (sentTo) {
    return (
      <AuthLayout title={t('forgot.sentTitle')}>
        <Alert kind="success">{t('forgot.sentBody', { email: sentTo })}</Alert>
        <ol className="mt-4 list-decimal space-y-1 pl-5 text-sm text-muted">
          <li>{t('forgot.step1')}</li>
          <li>{t('forgot.step2')}</li>
          <li>{t('forgot.step3')}</li>
        </ol>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/login" className={buttonClass('primary')}>
            {t('forgot.backToLogin')}
          </Link>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => {
              reset({ email: '' });
              setSentTo(null);
            }}
          >
            {t('forgot.another')}
          </button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        <TextField label={t('fields.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Button type="submit" full busy={isSubmitting}>
          {t('forgot.submit')}
        </Button>
      </form>
      <div className="mt-6 space-y-3 rounded-2xl bg-sand-100 p-4 text-sm text-muted">
        <p className="font-semibold text-ink">{t('forgot.tipsTitle')}</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t('forgot.tip1')}</li>
          <li>{t('forgot.tip2')}</li>
          <li>{t('forgot.tip3')}</li>
        </ul>
        <p>
          {t('forgot.help')}{' '}
          <a href="mailto:soporte@nido.app" className="font-medium text-brand-700 underline">
            soporte@nido.app
          </a>
        </p>
      </div>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          {t('forgot.backToLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
