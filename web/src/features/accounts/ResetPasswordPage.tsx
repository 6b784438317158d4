import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { AuthLayout } from '../../components/AuthLayout';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { PasswordField } from '../../components/Field';
import { Loading } from '../../components/Spinner';
import { ApiError } from '../../api/client';
import { checkResetToken, resetPassword } from './api';
import { resetSchema, type ResetValues } from './schemas';

type TokenState = 'checking' | 'valid' | 'invalid' | 'missing';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token } = useParams();
  const navigate = useNavigate();
  const [tokenState, setTokenState] = useState<TokenState>(token ? 'checking' : 'missing');
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ resolver: zodResolver(resetSchema(t)), defaultValues: { password: '', confirmPassword: '' } });

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    checkResetToken(token, '')
      .then(() => !cancelled && setTokenState('valid'))
      .catch(() => !cancelled && setTokenState('invalid'));
    return () => {
      cancelled = true;
    };
  }, [token]);

  useEffect(() => {
    if (!done) return;
    const id = window.setTimeout(() => navigate('/login', { replace: true, state: { message: t('reset.success') } }), 2000);
    return () => window.clearTimeout(id);
  }, [done, navigate, t]);

  if (tokenState === 'checking') return <Loading />;

  if (tokenState === 'invalid' || tokenState === 'missing' || !token) {
    return (
      <AuthLayout title={t('reset.invalidTitle')}>
        <Alert>{tokenState === 'missing' ? t('reset.missing') : t('reset.invalid')}</Alert>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/login" className={buttonClass('primary')}>
            {t('forgot.backToLogin')}
          </Link>
          <Link to="/forgot-password" className={buttonClass('secondary')}>
            {t('reset.newLink')}
          </Link>
        </div>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title={t('reset.successTitle')}>
        <Alert kind="success">{t('reset.success')}</Alert>
        <p className="mt-4 text-sm text-muted">{t('register.redirecting')}</p>
      </AuthLayout>
    );
  }

  const onSubmit = async ({ password }: ResetValues) => {
    setFailure(null);
    try {
      await resetPassword(token, password, t('reset.failed'));
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_token') {
        setTokenState('invalid');
        return;
      }
      // Too easy to guess, or the same as now: the server says why, on the field.
      const onField = err instanceof ApiError ? err.fields.password : undefined;
      if (onField) {
        setError('password', { message: onField });
        return;
      }
      setFailure(err instanceof Error ? err.message : t('reset.failed'));
    }
  };

  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        <PasswordField
          label={t('fields.newPassword')}
          autoComplete="new-password"
          hint={t('validation.passwordHint')}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField label={t('fields.confirmPassword')} autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Button type="submit" full busy={isSubmitting}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
