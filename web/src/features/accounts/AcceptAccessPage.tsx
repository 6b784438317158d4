import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation, currentLanguage } from '../../i18n';
import { AuthLayout } from '../../components/AuthLayout';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField, TextField } from '../../components/Field';
import { SelectField } from '../../components/SelectField';
import { Loading } from '../../components/Spinner';
import { professionValues } from '../../api/schema';
import { useSession } from '../../lib/session';
import { loginPathFor } from '../../lib/nextPath';
import { browserTimeZone } from '../../lib/timeZones';
import { register as registerAccount } from './api';
import { registerSchema, type RegisterValues } from './schemas';
import { registrationFailure, TermsField } from './registration';
import { acceptAccess, type Profession } from '../../api/professionals';
import { professionKey } from '../../lib/professionals';


/**
 * /casos/aceptar: the mailed link of a professional's access. Signed in, one button takes it up;
 * signed out, the professional registers here (an account that reads cases, with no family of its
 * own) or signs in and comes back.
 */
export default function AcceptPage() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  const here = `/casos/aceptar?${params.toString()}`;

  let body;
  if (!token) body = <Alert>{t('cases.accept.noToken')}</Alert>;
  else if (loading) body = <Loading />;
  else if (user) body = <TakeUp token={token} invited={email} signedInAs={user.email} />;
  else
    body = (
      <>
        <RegisterProfessional token={token} email={email} />
        <p className="mt-6 text-center text-sm text-muted">
          {t('register.haveAccount')}{' '}
          <Link to={loginPathFor(here)} className="font-semibold text-brand-700 hover:underline">
            {t('register.signIn')}
          </Link>
        </p>
      </>
    );

  return (
    <AuthLayout title={t('cases.accept.title')} subtitle={t('cases.accept.subtitle')}>
      {body}
    </AuthLayout>
  );
}

function TakeUp({ token, invited, signedInAs }: { token: string; invited: string | null; signedInAs: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const other = invited !== null && invited.toLowerCase() !== signedInAs.toLowerCase();

  const accept = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await acceptAccess(token, t('cases.accept.failed'));
      navigate('/casos', { replace: true });
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('cases.accept.failed'));
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      {other && <Alert kind="info">{t('cases.accept.otherAddress', { invited: invited ?? '', current: signedInAs })}</Alert>}
      <p className="text-sm text-ink">{t('cases.accept.signedIn', { email: signedInAs })}</p>
      <Button full busy={busy} onClick={() => void accept()}>
        {t('cases.accept.submit')}
      </Button>
    </div>
  );
}

function RegisterProfessional({ token, email }: { token: string; email: string | null }) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [profesion, setProfesion] = useState<Profession>('abogado');
  const [matricula, setMatricula] = useState('');
  const [organizacion, setOrganizacion] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema(t, false)),
    defaultValues: { nombre: '', apellido: '', email: email ?? '', telefono: '', relacion: '', password: '', confirmPassword: '', terms: false },
  });

  const onSubmit = async (values: RegisterValues) => {
    setFailure(null);
    try {
      const answer = await registerAccount(
        {
          nombre: values.nombre,
          apellido: values.apellido,
          email: values.email.toLowerCase(),
          password: values.password,
          language: currentLanguage(),
          accesoToken: token,
          profesion,
          matricula: matricula.trim() || null,
          organizacion: organizacion.trim() || null,
          zonaHoraria: browserTimeZone() ?? null,
        },
        t('register.failed'),
      );
      signIn(answer.token, answer);
      navigate('/casos', { replace: true });
    } catch (err) {
      setFailure(registrationFailure(err, setError, t('register.failed')));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={t('cases.accept.register')}>
      <p className="text-sm text-muted">{t('cases.accept.registerLead')}</p>
      {failure && <Alert>{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('fields.firstName')} autoComplete="given-name" error={errors.nombre?.message} {...register('nombre')} />
        <TextField label={t('fields.lastName')} autoComplete="family-name" error={errors.apellido?.message} {...register('apellido')} />
      </div>
      <TextField label={t('fields.email')} type="email" autoComplete="email" readOnly={Boolean(email)} error={errors.email?.message} {...register('email')} />
      <SelectField
        label={t('cases.accept.profession')}
        value={profesion}
        onChange={(e) => setProfesion(professionValues.find((p) => p === e.target.value) ?? 'otro')}
        options={professionValues.map((p) => ({ value: p, label: t(professionKey(p)) }))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('cases.accept.licence')} value={matricula} maxLength={60} onChange={(e) => setMatricula(e.target.value)} />
        <TextField label={t('cases.accept.organisation')} value={organizacion} maxLength={120} onChange={(e) => setOrganizacion(e.target.value)} />
      </div>
      <PasswordField label={t('fields.password')} autoComplete="new-password" hint={t('validation.passwordHint')} error={errors.password?.message} {...register('password')} />
      <PasswordField label={t('fields.confirmPassword')} autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <TermsField field={register('terms')} error={errors.terms} />
      <Button type="submit" full busy={isSubmitting}>
        {t('cases.accept.registerSubmit')}
      </Button>
    </form>
  );
}
