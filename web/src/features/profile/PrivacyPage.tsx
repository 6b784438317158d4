import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Loading } from '../../components/Spinner';
import { DataSection } from './DataSection';
import { TwoFactorSection } from './TwoFactorSection';
import { useEndOtherSessions, useEndSession, useSessions, type SessionInfo } from './api';
import { deviceLabel, isMobile, lastSeenLabel } from './sessionLabels';
import { useToast } from '../../components/Toast';
import { BackLink, Card } from '../../components/ui';

/** Spec §2 /profile/privacy: the open sessions, two-step verification, and a copy of one's data. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <section className="mx-auto max-w-2xl">
      <BackLink to="/profile">{t('profile.edit.back')}</BackLink>
      <h1 className="mt-4 text-2xl font-bold text-ink">{t('profile.privacy.title')}</h1>
      <div className="mt-6 space-y-4">
        <Card title={t('profile.privacy.sessions.title')}>
          <Sessions onDone={toast.show} />
        </Card>
        <Card title={t('profile.privacy.twoFactor.title')}>
          <TwoFactorSection onDone={toast.show} />
        </Card>
        <Card title={t('profile.privacy.data.title')}>
          <DataSection onDone={toast.show} />
        </Card>
      </div>
      {toast.element}
    </section>
  );
}

/** The current minute, so "hace 5 minutos" stays true while the page is open. */
function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

function Sessions({ onDone }: { onDone: (toastKey: string) => void }) {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const now = useNow();
  const [ending, setEnding] = useState<SessionInfo | 'others' | null>(null);

  if (sessions.isLoading) return <Loading />;
  if (sessions.isError || !sessions.data)
    return (
      <div className="space-y-3">
        <Alert>{sessions.error?.message ?? t('profile.privacy.sessions.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void sessions.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );

  const list = sessions.data;
  const others = list.filter((s) => !s.actual).length;
  const endingLabel = ending && ending !== 'others' ? deviceLabel(ending.userAgent, t) : '';

  return (
    <>
      <p className="text-sm text-muted">{t('profile.privacy.sessions.intro')}</p>
      <ul className="mt-4 divide-y divide-sand-200" aria-label={t('profile.privacy.sessions.title')}>
        {list.map((session) => {
          const device = deviceLabel(session.userAgent, t);
          return (
            <li key={session._id} className="flex flex-wrap items-center gap-3 py-3" data-testid="session">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700" aria-hidden="true">
                <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
                  <path d={isMobile(session.userAgent) ? 'M7 3h10v18H7zM11 18h2' : 'M3 5h18v11H3zM8 20h8M12 16v4'} />
                </svg>
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-ink">
                  {device}
                  {session.actual && (
                    <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">{t('profile.privacy.sessions.current')}</span>
                  )}
                </p>
                <p className="text-sm text-muted">
                  {[session.ip ? t('profile.privacy.sessions.ip', { ip: session.ip }) : null, t('profile.privacy.sessions.lastSeen', { when: lastSeenLabel(session.lastSeenAt, now, i18n.language, t) })]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              {!session.actual && (
                <Button variant="secondary" onClick={() => setEnding(session)} aria-label={t('profile.privacy.sessions.endLabel', { device })} className="w-full sm:w-auto">
                  {t('profile.privacy.sessions.end')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <Button variant="secondary" className="mt-3 w-full sm:w-auto" onClick={() => setEnding('others')}>
          {t('profile.privacy.sessions.endOthers')}
        </Button>
      ) : (
        <p className="mt-3 text-sm text-muted">{t('profile.privacy.sessions.onlyThis')}</p>
      )}

      <ConfirmDialog
        open={ending !== null && ending !== 'others'}
        title={t('profile.privacy.sessions.endTitle')}
        body={t('profile.privacy.sessions.endBody', { device: endingLabel })}
        confirmLabel={t('profile.privacy.sessions.end')}
        onClose={() => setEnding(null)}
        onConfirm={async () => {
          if (ending && ending !== 'others') await endOne.mutateAsync(ending._id);
          onDone('profile.privacy.sessions.ended');
        }}
      />
      <ConfirmDialog
        open={ending === 'others'}
        title={t('profile.privacy.sessions.endOthersTitle')}
        body={t('profile.privacy.sessions.endOthersBody')}
        confirmLabel={t('profile.privacy.sessions.endOthers')}
        onClose={() => setEnding(null)}
        onConfirm={async () => {
          await endOthers.mutateAsync();
          onDone('profile.privacy.sessions.othersEnded');
        }}
      />
    </>
  );
}
