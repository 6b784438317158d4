import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../app/AuthLayout';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { login } from './api';
import { loginSchema, type LoginValues } from './schemas';
import { useSession } from './session';

interface LoginState {
  from?: string;
  message?: string;
  email?: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as LoginState;
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema(t)),
    defaultValues: { email: state.email ?? '', password: '' },
  });

  const onSubmit = async (values: LoginValues) => {
    setFailure(null);
    try {
      const answer = await login(values.email.toLowerCase(), values.password, t('login.failed'));
      signIn(answer.token, answer);
      navigate(state.from && state.from !== '/login' ? state.from : '/children', { replace: true });
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('login.failed'));
    }
  };

  const email = register('email');
  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
        {state.message && !failure && <Alert kind="success">{state.message}</Alert>}
        {failure && <Alert>{failure}</Alert>}
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...email}
          onChange={(e) => {
            // Spec §5: the email is lowercased as it is typed.
            setValue('email', e.target.value.toLowerCase(), { shouldValidate: false });
            void email.onChange(e);
          }}
        />
        <PasswordField label={t('fields.password')} autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="submit" full busy={isSubmitting}>
          {t('login.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t('login.noAccount')}{' '}
        <Link to="/register" className="font-semibold text-brand-700 hover:underline">
          {t('login.register')}
        </Link>
      </p>
      <p className="mt-3 text-center text-sm">
        <Link to="/" className="text-muted hover:underline">
          {t('common.backHome')}
        </Link>
      </p>
    </AuthLayout>
  );
}
