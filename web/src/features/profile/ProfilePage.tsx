import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSession } from '../../lib/session';
import { isLive } from '../../lib/areas';
import { useSummary, type Summary } from './api';
import { SoonBadge } from '../../components/ui';
import { UserAvatar } from './UserAvatar';

/** The ten sub-pages of spec §2, with whether they are built yet (from lib/areas.ts where an area decides). */
const MENU = [
  { id: 'edit', to: '/profile/edit', icon: 'M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4', ready: true },
  { id: 'coparents', to: '/profile/coparents', icon: 'M9 11a3 3 0 100-6 3 3 0 000 6zM3 20a6 6 0 0112 0M16 5a3 3 0 010 6M18 14.5a6 6 0 013 5.5', ready: true },
  { id: 'documents', to: '/profile/documents', icon: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6', ready: isLive('documents') },
  { id: 'reports', to: '/profile/reports', icon: 'M5 20V11M12 20V5M19 20v-6M3 20h18', ready: isLive('reports') },
  { id: 'suggestions', to: '/profile/suggestions', icon: 'M9 18h6M10 21h4M12 3a6 6 0 00-3.5 10.9V16h7v-2.1A6 6 0 0012 3z', ready: true },
  { id: 'notifications', to: '/profile/notifications', icon: 'M6 16v-5a6 6 0 0112 0v5l2 2H4zM10 21h4', ready: true },
  { id: 'privacy', to: '/profile/privacy', icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4', ready: true },
  { id: 'blocked', to: '/profile/blocked', icon: 'M12 21a9 9 0 100-18 9 9 0 000 18zM5.6 5.6l12.8 12.8', ready: true },
  { id: 'help', to: '/profile/help', icon: 'M12 21a9 9 0 100-18 9 9 0 000 18zM9.5 9.5a2.5 2.5 0 114 2c-1 .7-1.5 1.2-1.5 2.5M12 17h.01', ready: true },
  { id: 'about', to: '/profile/about', icon: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v6M12 7.5h.01', ready: true },
] as const;

const COUNTERS = [
  ['children', 'hijos'],
  ['coparents', 'coparents'],
  ['messages', 'mensajes'],
  ['documents', 'documentos'],
] as const;

/** Spec §2 profile hub: who you are, your numbers, the way to every profile page, logout. */
export default function ProfilePage() {
  const { user, signOut } = useSession();
  const summary = useSummary();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <ProfileHubView
      user={user}
      summary={summary.data}
      summaryFailed={summary.isError}
      version={__APP_VERSION__}
      onLogout={async () => {
        // Leave the guarded area first: otherwise the guard sends to /login "from /profile", and
        // the next sign-in would come back here instead of to /children.
        navigate('/login', { replace: true });
        await signOut();
      }}
    />
  );
}

interface ViewProps {
  user: { nombre: string; apellido: string; email: string; foto?: string | null | undefined };
  /** Undefined while loading. */
  summary: Summary | undefined;
  summaryFailed: boolean;
  version: string;
  onLogout: () => Promise<unknown>;
}

export function ProfileHubView({ user, summary, summaryFailed, version, onLogout }: ViewProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const fullName = `${user.nombre} ${user.apellido}`.trim();

  return (
    <section className="mx-auto max-w-4xl">
      <header className="flex flex-col items-center gap-4 rounded-3xl bg-gradient-to-br from-brand-50 to-sand-50 p-6 text-center shadow-sm ring-1 ring-black/5 sm:flex-row sm:text-left">
        <UserAvatar nombre={user.nombre} foto={user.foto} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="break-words text-2xl font-bold text-ink">{fullName}</h1>
          <p className="mt-1 break-all text-sm text-muted">{user.email}</p>
        </div>
        <Link
          to="/profile/edit"
          className="rounded-xl border border-brand-200 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('profile.hub.edit')}
        </Link>
      </header>

      <h2 className="sr-only">{t('profile.hub.countersLabel')}</h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy={!summary && !summaryFailed}>
        {COUNTERS.map(([label, field]) => (
          <div key={label} className="rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-black/5">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t(`profile.hub.counters.${label}`)}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink">{summary ? summary[field] : <span className="text-muted">–</span>}</dd>
          </div>
        ))}
      </dl>
      {summaryFailed && <p className="mt-2 text-sm text-muted">{t('profile.hub.countersFailed')}</p>}

      <nav aria-label={t('profile.hub.menuLabel')} className="mt-6">
        <ul className="grid gap-3 sm:grid-cols-2">
          {MENU.map((item) => (
            <li key={item.id}>
              <Link
                to={item.to}
                className="flex h-full items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 transition hover:ring-brand-200"
              >
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                    <path d={item.icon} />
                  </svg>
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-semibold text-ink">{t(item.id === 'edit' ? 'sections.profileEdit' : `sections.${item.id}`)}</span>
                    {!item.ready && <SoonBadge>{t('profile.hub.soon')}</SoonBadge>}
                  </span>
                  <span className="mt-0.5 block text-sm text-muted">{t(`profile.hub.menu.${item.id}`)}</span>
                </span>
                <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="shrink-0 text-muted">
                  <path d="M9 6l6 6-6 6" />
                </svg>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <button
        type="button"
        onClick={() => setConfirming(true)}
        className="mt-3 flex w-full items-center gap-4 rounded-2xl bg-white p-4 text-left shadow-sm ring-1 ring-black/5 transition hover:ring-red-200"
      >
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-red-50 text-red-700">
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" />
          </svg>
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-red-800">{t('profile.hub.logout.title')}</span>
          <span className="mt-0.5 block text-sm text-muted">{t('profile.hub.logout.description')}</span>
        </span>
      </button>

      <p className="mt-8 text-center text-xs text-muted">{t('profile.hub.version', { version })}</p>

      <ConfirmDialog
        open={confirming}
        title={t('profile.hub.logout.confirmTitle')}
        body={t('profile.hub.logout.confirmBody')}
        confirmLabel={t('profile.hub.logout.confirm')}
        onConfirm={onLogout}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
