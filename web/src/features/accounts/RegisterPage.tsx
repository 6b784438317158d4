import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { AuthLayout } from '../../components/AuthLayout';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { currentLanguage } from '../../i18n';
import { SelectField } from '../../components/SelectField';
import { normaliseCode } from '../../lib/familyCodes';
import { relationKey, relationNamed, relationOptions } from '../../lib/familyLabels';
import { lookupInvitation } from '../../api/invitations';
import { register as registerAccount } from './api';
import { InvitationBanner, type InvitationState } from './InvitationBanner';
import { registerSchema, type RegisterValues } from './schemas';
import { registrationFailure, TermsField } from './registration';
import { useSession } from '../../lib/session';
import { browserTimeZone } from '../../lib/timeZones';

const CODE_LENGTH = 8;

type Lookup = { token: string } | { codigo: string } | null;

/** Looks the invitation up whenever the token or a complete code changes. */
function useInvitation(query: Lookup): InvitationState {
  const { t } = useTranslation();
  const key = query ? JSON.stringify(query) : '';
  const [result, setResult] = useState<{ key: string; state: InvitationState } | null>(null);
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    const fallback = t('register.invitation.lookupFailed');
    lookupInvitation(JSON.parse(key) as { token: string } | { codigo: string }, fallback)
      .then((invitation) => !cancelled && setResult({ key, state: { kind: 'found', invitation } }))
      .catch((err: unknown) => !cancelled && setResult({ key, state: { kind: 'failed', message: err instanceof Error ? err.message : fallback } }));
    return () => {
      cancelled = true;
    };
    // The language only changes the fallback text: no new look-up for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!key) return { kind: 'none' };
  return result?.key === key ? result.state : { kind: 'loading' };
}

/** /register, and /register-invited when a co-parent's invitation brought the visitor. */
export default function RegisterPage({ invited = false }: { invited?: boolean }) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invitedBy = params.get('invitedBy');
  const invitedEmail = params.get('email');
  const token = invited ? params.get('token') : null;
  const queryCode = invited ? params.get('code') : null;
  // The code field: shown for a shared code, or when there is no mailed token.
  const withCode = invited && (queryCode !== null || !token);
  const [code, setCode] = useState(() => normaliseCode(queryCode ?? ''));
  const invitation = useInvitation(
    !invited ? null : token ? { token } : code.length === CODE_LENGTH ? { codigo: code } : null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    // Joining by invitation, the invitation says the relation; otherwise the new parent does.
    resolver: zodResolver(registerSchema(t, !invited)),
    defaultValues: {
      nombre: '',
      apellido: '',
      email: invited ? (invitedEmail ?? '') : '',
      telefono: '',
      relacion: '',
      password: '',
      confirmPassword: '',
      terms: false,
    },
  });

  // A link that carries an invitation is checked even without `invitedBy`, so a bad one is named.
  if (invited && !invitedBy && !token && queryCode === null) return <Navigate to="/register" replace />;

  const onSubmit = async (values: RegisterValues) => {
    setFailure(null);
    try {
      const answer = await registerAccount(
        {
          nombre: values.nombre,
          apellido: values.apellido,
          email: values.email.toLowerCase(),
          telefono: values.telefono || null,
          relacion: invited ? null : relationNamed(values.relacion),
          password: values.password,
          language: currentLanguage(),
          invitedBy: invited ? invitedBy : null,
          invitationToken: token,
          linkingCode: withCode && code ? code : null,
          // The account and the family it starts with keep this device's clock.
          zonaHoraria: browserTimeZone() ?? null,
        },
        t('register.failed'),
      );
      // The answer carries a session, invited or not: the new member goes straight to the children.
      signIn(answer.token, answer);
      navigate('/children', { replace: true });
    } catch (err) {
      setFailure(registrationFailure(err, setError, t('register.failed')));
    }
  };

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      {invited && (
        <div className="mb-4">
          <InvitationBanner
            state={invitation}
            acceptPath={token ? `/profile/coparents?${new URLSearchParams({ token }).toString()}` : null}
            email={invitedEmail}
          />
        </div>
      )}
      {/* A mailed link that cannot be used, or an address that already has an account: no form. */}
      {!(token && invitation.kind === 'failed') && !(invitation.kind === 'found' && invitation.invitation.cuentaExiste) && (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
          {failure && <Alert>{failure}</Alert>}
          {withCode && (
            <TextField
              label={t('register.invitation.code')}
              hint={t('register.invitation.codeHint')}
              value={code}
              onChange={(e) => setCode(normaliseCode(e.target.value))}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={CODE_LENGTH + 4}
            />
          )}
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
          {!invited && (
            <SelectField
              label={t('register.relation')}
              options={[{ value: '', label: t('register.relationChoose') }, ...relationOptions((r) => t(relationKey(r)))]}
              error={errors.relacion?.message}
              {...register('relacion')}
            />
          )}
          <PasswordField
            label={t('fields.password')}
            autoComplete="new-password"
            hint={t('validation.passwordHint')}
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordField label={t('fields.confirmPassword')} autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
          <TermsField field={register('terms')} error={errors.terms} />
          <Button type="submit" full busy={isSubmitting}>
            {t('register.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-muted">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          {t('register.signIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}
