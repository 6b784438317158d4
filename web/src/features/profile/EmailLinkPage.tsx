import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { AuthLayout } from '../../components/AuthLayout';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { buttonClass } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { fetchProfile } from '../../api/session';
import { useSession } from '../../lib/session';
import { followEmailLink, type EmailLink } from './api';

// A token works once: the page may mount twice (development's strict mode), so both share one call.
const calls = new Map<string, Promise<unknown>>();

function followOnce(kind: EmailLink, token: string) {
  const key = `${kind}:${token}`;
  let call = calls.get(key);
  if (!call) {
    call = followEmailLink(kind, token, '');
    calls.set(key, call);
  }
  return call;
}

type State = { step: 'checking' } | { step: 'done' } | { step: 'used' } | { step: 'failed'; message: string | null };

/**
 * The links mailed to confirm an address: `verify` for the address given at registration,
 * `confirm` for a new address after a change. Public pages: the link may be opened on a device
 * where the person is not signed in.
 */
export default function EmailLinkPage({ kind }: { kind: EmailLink }) {
  const { t } = useTranslation();
  const { token } = useParams();
  const { user, loading, updateUser } = useSession();
  const [state, setState] = useState<State>(() => (token ? { step: 'checking' } : { step: 'failed', message: null }));

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    followOnce(kind, token)
      .then(() => !cancelled && setState({ step: 'done' }))
      .catch((err: unknown) => {
        if (cancelled) return;
        // Opened a second time (a double tap, an old mail): what it confirms is already in place.
        if (err instanceof ApiError && err.code === 'link_already_used') {
          setState({ step: 'used' });
          return;
        }
        const invalid = !(err instanceof ApiError) || err.code === 'invalid_token' || err.status === 400 || err.status === 404;
        setState({ step: 'failed', message: invalid || !err.message ? null : err.message });
      });
    return () => {
      cancelled = true;
    };
  }, [kind, token]);

  // Signed in on this browser: the stored user learns the new state (verified, or the new email).
  const signedIn = user !== null;
  useEffect(() => {
    if ((state.step !== 'done' && state.step !== 'used') || !signedIn) return;
    fetchProfile('')
      .then(updateUser)
      .catch(() => {
        // The next start fetches it anyway.
      });
  }, [state.step, signedIn, updateUser]);

  if (state.step === 'checking' || loading) return <Loading />;

  // The one way on: the layout's own "go to my account" would be a second button to the same place.
  const next = user ? (
    <Link to="/children" className={buttonClass('primary')}>
      {t('profile.verify.toApp')}
    </Link>
  ) : (
    <Link to="/login" className={buttonClass('primary')}>
      {t('profile.verify.toLogin')}
    </Link>
  );

  if (state.step === 'used') {
    return (
      <AuthLayout title={t('profile.verify.usedTitle')} offerAccount={false}>
        <Alert kind="info">{t(kind === 'verify' ? 'profile.verify.usedVerify' : 'profile.verify.usedConfirm')}</Alert>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">{next}</div>
      </AuthLayout>
    );
  }

  if (state.step === 'failed') {
    return (
      <AuthLayout title={t('profile.verify.invalidTitle')} offerAccount={false}>
        <Alert>{state.message ?? t('profile.verify.invalid')}</Alert>
        <p className="mt-4 text-sm text-muted">{t(kind === 'verify' ? 'profile.verify.verifyHint' : 'profile.verify.confirmHint')}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">{next}</div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t(kind === 'verify' ? 'profile.verify.emailTitle' : 'profile.verify.changeTitle')} offerAccount={false}>
      <Alert kind="success">{t(kind === 'verify' ? 'profile.verify.emailBody' : 'profile.verify.changeBody')}</Alert>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">{next}</div>
    </AuthLayout>
  );
}
