import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { AuthLayout } from '../../components/AuthLayout';
import { afterSignIn } from '../../lib/nextPath';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { isChallenge, login, reactivate, type SessionAnswer } from './api';
import { ClosedAccountPanel } from './ClosedAccountPanel';
import { loginSchema, type LoginValues } from './schemas';
import { useSession } from '../../lib/session';
import { TwoFactorStep } from './TwoFactorStep';

interface LoginState {
  from?: string;
  message?: string;
  email?: string;
}

/**
 * Where sign-in stands: the password form; the code of two-step verification (the password was
 * right, a challenge waits for the code); or a closed account that can be reopened. The email and
 * password typed stay in memory for the later steps (reopening signs in again with them).
 */
type Step =
  | { kind: 'password' }
  | { kind: 'code'; challenge: string; notice: string | undefined }
  | { kind: 'closed'; message: string };

export default function LoginPage() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as LoginState;
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema(t)),
    defaultValues: { email: state.email ?? '', password: '' },
  });

  const finish = (answer: SessionAnswer) => {
    signIn(answer.token, answer);
    navigate(afterSignIn(state.from, params.get('next')), { replace: true });
  };

  /** Signs in with a password: a session, the code step, or the closed-account panel. */
  const attempt = async (email: string, password: string, notice?: string) => {
    try {
      const answer = await login(email, password, t('login.failed'));
      if (isChallenge(answer)) setStep({ kind: 'code', challenge: answer.challenge, notice });
      else finish(answer);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'account_closed') {
        setStep({ kind: 'closed', message: err.message });
        return;
      }
      throw err;
    }
  };

  const onSubmit = async (values: LoginValues) => {
    setFailure(null);
    const email = values.email.toLowerCase();
    setCredentials({ email, password: values.password });
    try {
      await attempt(email, values.password);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('login.failed'));
    }
  };

  /** Back to the password form, with a message when the sign-in has to start again. */
  const startOver = (message: string | null) => {
    setStep({ kind: 'password' });
    setFailure(message);
    setCredentials({ email: '', password: '' });
    setValue('password', '');
    // The form is back on the next render.
    window.setTimeout(() => setFocus('password'), 0);
  };

  if (step.kind === 'code')
    return (
      <AuthLayout title={t('login.twoFactor.title')} subtitle={t('login.twoFactor.subtitle')}>
        <TwoFactorStep
          challenge={step.challenge}
          notice={step.notice}
          onSignedIn={finish}
          onExpired={startOver}
          onClosed={(message) => setStep({ kind: 'closed', message })}
          onCancel={() => startOver(null)}
        />
        <BackHome />
      </AuthLayout>
    );

  if (step.kind === 'closed')
    return (
      <AuthLayout title={t('login.closed.title')}>
        <ClosedAccountPanel
          message={step.message}
          onReactivate={async () => {
            await reactivate(credentials.email, credentials.password, t('login.closed.failed'));
            await attempt(credentials.email, credentials.password, t('login.closed.reopened'));
          }}
          onCancel={() => startOver(null)}
        />
        <BackHome />
      </AuthLayout>
    );

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
      <BackHome />
    </AuthLayout>
  );
}

function BackHome() {
  const { t } = useTranslation();
  return (
    <p className="mt-3 text-center text-sm">
      <Link to="/" className="text-muted hover:underline">
        {t('common.backHome')}
      </Link>
    </p>
  );
}
