import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../i18n';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { Loading } from '../../components/Spinner';
import { formFailure } from '../../lib/serverErrors';
import { codeSchema, compactCode, type CodeValues } from '../../lib/twoFactorCodes';
import { useSession } from '../../lib/session';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useResendVerification,
  useStartTwoFactor,
  useTwoFactorStatus,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from './api';
import { twoFactorOffSchema, twoFactorStartSchema, type StartValues, type TwoFactorOffValues } from './schemas';
import { saveFile } from '../../api/files';
import { groupSecret, recoveryCodesText } from './twoFactor';
import { Disclosure } from '../../components/ui';

/** Fewer recovery codes than this left: the page suggests getting new ones. */
const FEW_CODES = 3;

/** Where turning it on stands: nothing under way, the app being set up, or the recovery codes just made. */
type Phase = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };

/** The "two-step verification" block of /profile/privacy: its state, turning it on (authenticator app) and off. */
export function TwoFactorSection({ onDone }: { onDone: (toastKey: string) => void }) {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  /** Why the setup had to start again. */
  const [notice, setNotice] = useState<string | null>(null);

  if (phase.kind === 'setup')
    return (
      <SetupView
        setup={phase.setup}
        onEnabled={(codes) => setPhase({ kind: 'codes', codes })}
        onExpired={(message) => {
          setNotice(message);
          setPhase({ kind: 'idle' });
        }}
        onCancel={() => setPhase({ kind: 'idle' })}
      />
    );
  if (phase.kind === 'codes')
    return (
      <CodesView
        codes={phase.codes}
        onDone={() => {
          setPhase({ kind: 'idle' });
          onDone('profile.privacy.twoFactor.turnedOn');
        }}
      />
    );

  if (status.isLoading) return <Loading />;
  if (status.isError || !status.data)
    return (
      <div className="space-y-3">
        <Alert>{status.error?.message ?? t('profile.privacy.twoFactor.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void status.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  return status.data.enabled ? (
    <OnView status={status.data} onOff={() => onDone('profile.privacy.twoFactor.turnedOff')} />
  ) : (
    <OffView
      notice={notice}
      onStarted={(setup) => {
        setNotice(null);
        setPhase({ kind: 'setup', setup });
      }}
    />
  );
}

function NoSms() {
  const { t } = useTranslation();
  return <p className="mt-3 text-sm text-muted">{t('profile.privacy.twoFactor.noSms')}</p>;
}

function OffView({ notice, onStarted }: { notice: string | null; onStarted: (setup: TwoFactorSetup) => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <>
      <p>
        <span className="inline-flex items-center rounded-full bg-sand-100 px-2.5 py-0.5 text-xs font-semibold text-muted" data-testid="two-factor-status">
          {t('profile.privacy.twoFactor.statusOff')}
        </span>
      </p>
      <p className="mt-2 text-sm text-muted">{t('profile.privacy.twoFactor.body')}</p>
      <NoSms />
      {notice && (
        <div className="mt-3">
          <Alert>{notice}</Alert>
        </div>
      )}
      {user?.emailVerificado === false ? <VerifyFirst email={user.email} /> : <StartForm onStarted={onStarted} />}
    </>
  );
}

/** A second factor waits for a confirmed address: whoever registered someone else's could lock its owner out. */
function VerifyFirst({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <div className="mt-4 space-y-3" data-testid="two-factor-verify-first">
      <Alert kind="info">
        <p className="font-medium">{t('profile.privacy.twoFactor.verifyFirst')}</p>
        <p className="mt-1 text-muted">{t('profile.privacy.twoFactor.verifyFirstHint', { email })}</p>
      </Alert>
      {resend.isSuccess && <p role="status" className="text-sm text-brand-800">{resend.data.msg}</p>}
      {resend.isError && <Alert>{resend.error.message}</Alert>}
      <Button variant="secondary" className="w-full sm:w-auto" busy={resend.isPending} onClick={() => resend.mutate()}>
        {t('profile.privacy.twoFactor.resendLink')}
      </Button>
    </div>
  );
}

/** Starting the setup asks for the password again: a borrowed session must not add its holder's authenticator. */
function StartForm({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const { t } = useTranslation();
  const start = useStartTwoFactor();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StartValues>({ resolver: zodResolver(twoFactorStartSchema(t)), defaultValues: { password: '' } });
  const submit = async (values: StartValues) => {
    setFailure(null);
    try {
      onStarted(await start.mutateAsync(values.password));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'current_password_wrong') {
        setError('password', { message: err.message });
        return;
      }
      setFailure(formFailure(err, setError, { password: 'password', currentPassword: 'password' }, t('profile.privacy.twoFactor.startFailed')));
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="mt-4 space-y-3">
      {failure && <Alert>{failure}</Alert>}
      <PasswordField
        label={t('profile.privacy.twoFactor.startPassword')}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full sm:w-auto" busy={start.isPending}>
        {t('profile.privacy.twoFactor.start')}
      </Button>
    </form>
  );
}

/** Copies a text; says "Copied" for a moment (or that it could not). */
function CopyButton({ text, label, srLabel }: { text: string; label: string; srLabel?: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setResult('copied');
    } catch {
      setResult('failed');
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setResult(null), 2500);
  };
  const shown = result === 'copied' ? t('profile.privacy.twoFactor.copied') : result === 'failed' ? t('profile.privacy.twoFactor.copyFailed') : label;
  return (
    <Button variant="secondary" onClick={() => void copy()} aria-label={result ? undefined : srLabel} className="shrink-0">
      <span aria-live="polite">{shown}</span>
    </Button>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span aria-hidden="true" className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
      {n}
    </span>
  );
}

function SetupView({
  setup,
  onEnabled,
  onExpired,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onExpired: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactor();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues>({ resolver: zodResolver(codeSchema(t, 'app')), defaultValues: { code: '' } });

  const submit = async ({ code }: CodeValues) => {
    setFailure(null);
    try {
      onEnabled(await enable.mutateAsync(compactCode(code)));
    } catch (err) {
      // The QR code shown is no longer good (15 minutes, or a newer one was made elsewhere): start again.
      if (err instanceof ApiError && err.code === 'two_factor_setup_expired') return onExpired(err.message);
      setFailure(formFailure(err, setError, { code: 'code' }, t('profile.privacy.twoFactor.enableFailed')));
      setFocus('code');
    }
  };

  return (
    <div data-testid="two-factor-setup">
      <p className="text-sm text-muted">{t('profile.privacy.twoFactor.setupIntro')}</p>
      {failure && (
        <div className="mt-3">
          <Alert>{failure}</Alert>
        </div>
      )}
      <ol className="mt-5 space-y-6">
        <li className="flex gap-3">
          <StepNumber n={1} />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-ink">{t('profile.privacy.twoFactor.scan')}</p>
            <img
              src={setup.qr}
              alt={t('profile.privacy.twoFactor.qrAlt')}
              width={176}
              height={176}
              className="mt-3 h-44 w-44 rounded-xl bg-white p-1 ring-1 ring-sand-200 [image-rendering:pixelated]"
            />
            <p className="mt-4 text-sm text-muted">{t('profile.privacy.twoFactor.manual')}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code className="min-w-0 break-words rounded-xl bg-sand-100 px-3 py-2 font-mono text-sm tracking-wide text-ink" data-testid="two-factor-secret">
                {groupSecret(setup.secret)}
              </code>
              <CopyButton text={setup.secret} label={t('profile.privacy.twoFactor.copy')} srLabel={t('profile.privacy.twoFactor.copyKey')} />
            </div>
          </div>
        </li>
        <li className="flex gap-3">
          <StepNumber n={2} />
          <form noValidate onSubmit={handleSubmit(submit)} className="min-w-0 flex-1 space-y-4">
            <p className="font-medium text-ink">{t('profile.privacy.twoFactor.typeCode')}</p>
            <TextField
              label={t('profile.privacy.twoFactor.codeLabel')}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              error={errors.code?.message}
              {...register('code')}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button type="button" variant="secondary" onClick={onCancel} disabled={isSubmitting}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" busy={isSubmitting}>
                {t('profile.privacy.twoFactor.enable')}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

function CodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const text = recoveryCodesText(
    codes,
    t('profile.privacy.twoFactor.fileTitle', { email: user?.email ?? '' }),
    t('profile.privacy.twoFactor.fileNote'),
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had the focus is gone: the codes' heading takes it, so they are read next.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div data-testid="recovery-codes">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold text-ink focus:outline-none">
        {t('profile.privacy.twoFactor.codesTitle')}
      </h3>
      <div role="note" className="mt-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        {t('profile.privacy.twoFactor.codesWarning')}
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-2" aria-label={t('profile.privacy.twoFactor.codesTitle')}>
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-sand-100 px-2 py-2 text-center font-mono text-sm text-ink">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <CopyButton text={codes.join('\n')} label={t('profile.privacy.twoFactor.copyCodes')} />
        <Button variant="secondary" onClick={() => saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), t('profile.privacy.twoFactor.fileName'))}>
          {t('profile.privacy.twoFactor.download')}
        </Button>
        <Button onClick={onDone} className="sm:ml-auto">
          {t('profile.privacy.twoFactor.done')}
        </Button>
      </div>
    </div>
  );
}

const OFF_FIELDS = { password: 'password', code: 'code' } as const;
const OFF_EMPTY: TwoFactorOffValues = { password: '', code: '' };

function OnView({ status, onOff }: { status: TwoFactorStatus; onOff: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TwoFactorOffValues>({ resolver: zodResolver(twoFactorOffSchema(t)), defaultValues: OFF_EMPTY });

  const submit = async ({ password, code }: TwoFactorOffValues) => {
    setFailure(null);
    try {
      await disable.mutateAsync({ password, code: code.trim() });
      reset(OFF_EMPTY);
      onOff();
    } catch (err) {
      setFailure(formFailure(err, setError, OFF_FIELDS, t('profile.privacy.twoFactor.offFailed')));
    }
  };

  return (
    <>
      <p className="flex items-start gap-2 text-sm font-medium text-brand-800" data-testid="two-factor-status">
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" className="mt-0.5 shrink-0">
          <path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z" />
          <path d="M9 12l2 2 4-4" />
        </svg>
        <span>{t('profile.privacy.twoFactor.statusOn', { count: status.recoveryCodesLeft })}</span>
      </p>
      <p className="mt-2 text-sm text-muted">{t('profile.privacy.twoFactor.onBody')}</p>
      {status.recoveryCodesLeft < FEW_CODES && <p className="mt-2 text-sm text-amber-800">{t('profile.privacy.twoFactor.fewCodes')}</p>}
      <NoSms />
      <div className="mt-4 border-t border-sand-200 pt-2">
        <Disclosure label={t('profile.privacy.twoFactor.turnOff')} open={open} onToggle={() => setOpen((v) => !v)}>
          <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
            <p className="text-sm text-muted">{t('profile.privacy.twoFactor.turnOffIntro')}</p>
            {failure && <Alert>{failure}</Alert>}
            <PasswordField label={t('fields.password')} autoComplete="current-password" error={errors.password?.message} {...register('password')} />
            <TextField
              label={t('profile.privacy.twoFactor.offCodeLabel')}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.code?.message}
              {...register('code')}
            />
            <div className="flex justify-end">
              <Button type="submit" variant="danger" busy={isSubmitting} className="w-full sm:w-auto">
                {t('profile.privacy.twoFactor.turnOffSubmit')}
              </Button>
            </div>
          </form>
        </Disclosure>
      </div>
    </>
  );
}
