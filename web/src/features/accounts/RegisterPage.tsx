import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from '../../i18n';
import { AuthLayout } from '../../app/AuthLayout';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { currentLanguage } from '../../i18n';
import { ApiError } from '../../api/client';
import { register as registerAccount } from './api';
import { registerSchema, type RegisterValues } from './schemas';
import { useSession } from './session';

const FIELDS = ['nombre', 'apellido', 'email', 'telefono', 'password'] as const;

/** /register, and /register-invited when a co-parent's invitation brought the visitor. */
export default function RegisterPage({ invited = false }: { invited?: boolean }) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invitedBy = params.get('invitedBy');
  const invitedEmail = params.get('email');
  const [failure, setFailure] = useState<string | null>(null);
  const [connected, setConnected] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema(t)),
    defaultValues: {
      nombre: '',
      apellido: '',
      email: invited ? (invitedEmail ?? '') : '',
      telefono: '',
      password: '',
      confirmPassword: '',
      terms: false,
    },
  });

  useEffect(() => {
    if (!connected) return;
    const id = window.setTimeout(
      () => navigate('/login', { state: { message: t('register.welcome'), email: invitedEmail ?? undefined } }),
      3000,
    );
    return () => window.clearTimeout(id);
  }, [connected, invitedEmail, navigate, t]);

  if (invited && !invitedBy) return <Navigate to="/register" replace />;

  const onSubmit = async (values: RegisterValues) => {
    setFailure(null);
    try {
      const answer = await registerAccount(
        {
          nombre: values.nombre,
          apellido: values.apellido,
          email: values.email.toLowerCase(),
          telefono: values.telefono || null,
          password: values.password,
          language: currentLanguage(),
          invitedBy: invited ? invitedBy : null,
          invitationToken: invited ? params.get('token') : null,
          linkingCode: invited ? params.get('code') : null,
        },
        t('register.failed'),
      );
      if (invited) {
        setConnected(invitedBy);
        return;
      }
      signIn(answer.token, answer);
      navigate('/children', { replace: true });
    } catch (err) {
      if (err instanceof ApiError) {
        for (const field of FIELDS) {
          const message = err.fields[field];
          if (message) setError(field, { message });
        }
        if (err.code === 'email_taken') setError('email', { message: err.message });
      }
      setFailure(err instanceof Error ? err.message : t('register.failed'));
    }
  };

  if (connected) {
    return (
      <AuthLayout title={t('register.successTitle')}>
        <Alert kind="success">{t('register.connected', { name: connected })}</Alert>
        <p className="mt-4 text-sm text-muted">{t('register.redirecting')}</p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      {invited && invitedBy && (
        <div className="mb-4">
          <Alert kind="info">{t('register.invitedBy', { name: invitedBy })}</Alert>
        </div>
      )}
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('fields.firstName')} autoComplete="given-name" error={errors.nombre?.message} {...register('nombre')} />
          <TextField label={t('fields.lastName')} autoComplete="family-name" error={errors.apellido?.message} {...register('apellido')} />
        </div>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          readOnly={invited && Boolean(invitedEmail)}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField label={t('fields.phoneOptional')} type="tel" autoComplete="tel" error={errors.telefono?.message} {...register('telefono')} />
        <PasswordField
          label={t('fields.password')}
          autoComplete="new-password"
          hint={t('validation.passwordHint')}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField label={t('fields.confirmPassword')} autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <div>
          <label className="flex items-start gap-3 text-sm text-ink">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 rounded border-gray-300 accent-brand-600"
              aria-invalid={errors.terms ? true : undefined}
              {...register('terms')}
            />
            <span>
              <Trans
                i18nKey="register.terms"
                components={{
                  terms: <Link to="/terms" className="font-medium text-brand-700 underline" />,
                  privacy: <Link to="/privacy" className="font-medium text-brand-700 underline" />,
                }}
              />
            </span>
          </label>
          {errors.terms && <p className="mt-1 text-sm text-red-700">{errors.terms.message}</p>}
        </div>
        <Button type="submit" full busy={isSubmitting}>
          {t('register.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          {t('register.signIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}
