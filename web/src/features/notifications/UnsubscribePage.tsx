import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { AuthLayout } from '../../components/AuthLayout';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { confirmUnsubscription, fetchUnsubscription, type Unsubscription } from './preferencesApi';

type State =
  | { step: 'checking' }
  | { step: 'ready'; what: Unsubscription; failure: string | null }
  | { step: 'done'; what: Unsubscription }
  | { step: 'invalid'; message: string | null };

/** A link that cannot work: unknown, expired or cut short. Other failures keep their message. */
function isBadLink(err: unknown) {
  return err instanceof ApiError && (err.status === 400 || err.status === 404 || err.status === 410 || err.status === 422);
}

/** What the link stops: one kind of notice, the summary mail, or every mail. */
function whatKey(what: Unsubscription) {
  if (what.tipo === 'todo') return 'unsubscribe.whatAll';
  if (what.tipo === 'resumen') return 'unsubscribe.whatSummary';
  return 'unsubscribe.whatKind';
}

/**
 * /unsubscribe?t=: the page the link at the foot of every mail opens. Public (it is opened from a
 * mail client, signed in or not), never prerendered and kept out of search engines: it depends on
 * the token. Opening it changes nothing; the button does.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [state, setState] = useState<State>(() => (token ? { step: 'checking' } : { step: 'invalid', message: null }));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    fetchUnsubscription(token, t('unsubscribe.failed'))
      .then((what) => !cancelled && setState({ step: 'ready', what, failure: null }))
      .catch((err: unknown) => {
        if (cancelled) return;
        setState({ step: 'invalid', message: isBadLink(err) || !(err instanceof Error) ? null : err.message });
      });
    return () => {
      cancelled = true;
    };
    // The language may change while the page is open; the link is looked up once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const confirm = async (what: Unsubscription) => {
    setBusy(true);
    try {
      setState({ step: 'done', what: await confirmUnsubscription(token, t('unsubscribe.failed')) });
    } catch (err) {
      if (isBadLink(err)) setState({ step: 'invalid', message: null });
      else setState({ step: 'ready', what, failure: err instanceof Error ? err.message : t('unsubscribe.failed') });
    } finally {
      setBusy(false);
    }
  };

  const toPreferences = (
    <Link to="/profile/notifications" className={buttonClass('secondary')}>
      {t('unsubscribe.toPreferences')}
    </Link>
  );
  const noindex = <meta name="robots" content="noindex" />;

  if (state.step === 'checking') {
    return (
      <>
        {noindex}
        <Loading />
      </>
    );
  }

  if (state.step === 'invalid') {
    return (
      <AuthLayout title={t('unsubscribe.invalidTitle')}>
        {noindex}
        <Alert>{state.message ?? t('unsubscribe.invalid')}</Alert>
        <p className="mt-4 text-sm text-muted">{t('unsubscribe.invalidHint')}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">{toPreferences}</div>
      </AuthLayout>
    );
  }

  if (state.step === 'done') {
    return (
      <AuthLayout title={t('unsubscribe.doneTitle')}>
        {noindex}
        <Alert kind="success">{t(state.what.tipo === 'todo' ? 'unsubscribe.doneAll' : 'unsubscribe.done', { name: state.what.nombre })}</Alert>
        <p className="mt-4 text-sm text-muted">{t('unsubscribe.doneHint')}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">{toPreferences}</div>
      </AuthLayout>
    );
  }

  // Emergencies cannot be turned off: the page says so rather than offer a button that stops nothing.
  if (state.what.siempre) {
    return (
      <AuthLayout title={t('unsubscribe.title')}>
        {noindex}
        <p className="text-ink">{t('unsubscribe.whatAlways', { name: state.what.nombre })}</p>
        <p className="mt-2 text-sm text-muted">{t('unsubscribe.alwaysHint')}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">{toPreferences}</div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('unsubscribe.title')}>
      {noindex}
      <p className="text-ink">{t(whatKey(state.what), { name: state.what.nombre })}</p>
      <p className="mt-2 text-sm text-muted">{t('unsubscribe.inApp')}</p>
      {state.failure && (
        <div className="mt-4">
          <Alert>{state.failure}</Alert>
        </div>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button busy={busy} onClick={() => void confirm(state.what)}>
          {t('unsubscribe.confirm')}
        </Button>
        {toPreferences}
      </div>
    </AuthLayout>
  );
}
