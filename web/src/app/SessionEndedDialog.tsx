import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import { Button } from '../components/Button';
import { Modal } from '../components/Modal';
import { useSession } from '../lib/session';
import { loginPathFor } from '../lib/nextPath';

/**
 * Shown over the page when its session is over: what was on screen stays readable behind it, and
 * signing in again comes back to this very page (`/login?next=`). It cannot be dismissed, since
 * nothing on the page works without a session.
 */
export function SessionEndedDialog() {
  const { t } = useTranslation();
  const { ended, forget } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The session is dropped once the signed-in pages are gone (this dialog with them): dropped any
  // sooner, their guard would send the visitor to the sign-in page by its own way, without `next`.
  const leaving = useRef(false);
  useEffect(
    () => () => {
      if (leaving.current) forget();
    },
    [forget],
  );
  if (!ended) return null;

  const leave = (to: string, state?: { message: string }) => {
    leaving.current = true;
    void navigate(to, { replace: true, state });
  };

  return (
    <Modal open locked onClose={() => undefined} title={t('login.sessionEnded.title')}>
      <p className="text-sm text-ink">{t('login.sessionEnded.body')}</p>
      {/* Signing in comes first, for the focus too. */}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row-reverse">
        <Button onClick={() => leave(loginPathFor(pathname + search), { message: t('login.sessionEnded.welcomeBack') })}>{t('login.sessionEnded.signIn')}</Button>
        <Button variant="secondary" onClick={() => leave('/')}>
          {t('login.sessionEnded.home')}
        </Button>
      </div>
    </Modal>
  );
}
