import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { loginSecondStep, type SessionAnswer } from './api';
import { codeSchema, compactCode, type CodeKind, type CodeValues } from '../../lib/twoFactorCodes';

interface Props {
  challenge: string;
  /** A note above the form (e.g. the account was just reopened). */
  notice: string | undefined;
  onSignedIn: (answer: SessionAnswer) => void;
  /** The challenge expired (5 minutes) or was used: the sign-in starts again with this message. */
  onExpired: (message: string) => void;
  /** The account was closed meanwhile. */
  onClosed: (message: string) => void;
  onCancel: () => void;
}

/** The second step of signing in: a code from the authenticator app, or else a recovery code. */
export function TwoFactorStep({ challenge, notice, onSignedIn, onExpired, onClosed, onCancel }: Props) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<CodeKind>('app');
  return (
    <div className="space-y-4">
      {notice && <Alert kind="success">{notice}</Alert>}
      <p className="text-sm text-muted">{t(kind === 'app' ? 'login.twoFactor.appIntro' : 'login.twoFactor.recoveryIntro')}</p>
      {/* A new form per kind: its own rules, and an empty field. */}
      <CodeForm key={kind} kind={kind} challenge={challenge} onSignedIn={onSignedIn} onExpired={onExpired} onClosed={onClosed} />
      <div className="flex flex-col items-center gap-2 text-sm">
        <button
          type="button"
          onClick={() => setKind(kind === 'app' ? 'recovery' : 'app')}
          className="rounded-lg px-2 py-1 font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {t(kind === 'app' ? 'login.twoFactor.useRecovery' : 'login.twoFactor.useApp')}
        </button>
        <button type="button" onClick={onCancel} className="rounded-lg px-2 py-1 text-muted underline-offset-2 hover:underline">
          {t('login.twoFactor.startOver')}
        </button>
      </div>
    </div>
  );
}

function CodeForm({ kind, challenge, onSignedIn, onExpired, onClosed }: Omit<Props, 'notice' | 'onCancel'> & { kind: CodeKind }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues>({ resolver: zodResolver(codeSchema(t, kind)), defaultValues: { code: '' } });

  useEffect(() => setFocus('code'), [setFocus]);

  const submit = async ({ code }: CodeValues) => {
    setFailure(null);
    try {
      const answer = await loginSecondStep(challenge, kind === 'app' ? compactCode(code) : code.trim(), t('login.twoFactor.failed'));
      onSignedIn(answer);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'two_factor_challenge_invalid') return onExpired(err.message);
      if (err instanceof ApiError && err.code === 'account_closed') return onClosed(err.message);
      // A wrong or used code, or too many tries: the message, and the field ready for another code.
      setFailure(err instanceof Error ? err.message : t('login.twoFactor.failed'));
      resetField('code');
      setFocus('code');
    }
  };

  const appFieldProps =
    kind === 'app'
      ? { inputMode: 'numeric' as const, autoComplete: 'one-time-code', placeholder: '123456' }
      : { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, placeholder: 'k7m2-x9pq-4hzt' };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <TextField
        label={t(kind === 'app' ? 'login.twoFactor.appLabel' : 'login.twoFactor.recoveryLabel')}
        type="text"
        {...appFieldProps}
        error={errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" full busy={isSubmitting}>
        {t('login.twoFactor.submit')}
      </Button>
    </form>
  );
}
