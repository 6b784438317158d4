import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import * as Dialog from '@radix-ui/react-dialog';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Logo } from '../components/Logo';
import { useSession } from '../lib/session';
import { VerificationBanner } from '../features/profile/VerificationBanner';
import { formatDay, formatTime } from '../lib/format';
import { greetingKey } from '../lib/greeting';
import { QueryProvider } from '../api/QueryProvider';
import { SkipLink } from '../components/SkipLink';
import { routeTitleKey } from './routeTitle';
import { LiveProvider } from './live';
import { SessionEndedDialog } from './SessionEndedDialog';
import { useInstall } from './installPrompt';
import { registerWorker } from './pwa';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { useUnreadMessages } from '../features/messages/api';
import { SearchBox } from '../features/search/SearchBox';
import { useFamilies } from '../api/families';
import { useCases } from '../api/professionals';

const MENU = [
  { to: '/children', key: 'nav.children', icon: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-7 8a7 7 0 0114 0' },
  { to: '/messages', key: 'nav.messages', icon: 'M4 5h16v11H8l-4 4V5z' },
  { to: '/finances', key: 'nav.finances', icon: 'M4 7h16v10H4zM12 10a2 2 0 100 4 2 2 0 000-4' },
  { to: '/calendar', key: 'nav.calendar', icon: 'M5 6h14v14H5zM5 10h14M9 3v5M15 3v5' },
  { to: '/profile/documents', key: 'nav.documents', icon: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6' },
  { to: '/profile', key: 'nav.profile', icon: 'M12 11a3 3 0 100-6 3 3 0 000 6zM6 20a6 6 0 0112 0' },
] as const;

type MenuItem = { to: string; key: string; icon: string };

const CASES: MenuItem = { to: '/casos', key: 'nav.cases', icon: 'M4 8h16v11H4zM9 8V5h6v3M4 13h16' };
const PROFILE: MenuItem = MENU[5];

/**
 * The menu for whoever is signed in: a parent's, with their cases too if they are also a
 * professional; only the cases and the profile for a professional who belongs to no family.
 */
function useMenu(): { items: readonly MenuItem[]; home: string } {
  const families = useFamilies();
  const cases = useCases();
  const hasCases = (cases.data?.length ?? 0) > 0;
  const professionalOnly = hasCases && families.data !== undefined && families.data.length === 0;
  if (professionalOnly) return { items: [CASES, PROFILE], home: '/casos' };
  return { items: hasCases ? [...MENU.slice(0, -1), CASES, PROFILE] : MENU, home: '/children' };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The current minute, refreshed every 60 s (spec §2). */
function useMinuteClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/** The unread messages beside "Messages" in the menu; live events keep it current. */
function UnreadMessagesBadge() {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  const count = unread.data ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-red-700 px-2 text-xs font-bold leading-5 text-white" data-testid="messages-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('messages.menuUnread', { count })}</span>
    </span>
  );
}

function Menu({ items, onNavigate }: { items: readonly MenuItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The most specific item is the current one: Documents lives under /profile, yet is its own.
  const current = items.filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`)).sort((a, b) => b.to.length - a.to.length)[0]?.to;
  return (
    <ul className="space-y-1">
      {items.map((item) => {
        const active = item.to === current;
        return (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              // Said either way: NavLink alone would also call Profile current under /profile/documents.
              aria-current={active ? 'page' : 'false'}
              className={`flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium ${
                active ? 'bg-brand-600 text-white' : 'text-ink hover:bg-brand-50'
              }`}
            >
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
                <path d={item.icon} />
              </svg>
              {t(item.key)}
              {item.to === '/messages' && <UnreadMessagesBadge />}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

/** "Install Nido", while the browser offers to install it. */
function InstallButton() {
  const { t } = useTranslation();
  const install = useInstall();
  if (!install) return null;
  return (
    <button
      type="button"
      onClick={() => void install()}
      className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-brand-700 hover:bg-brand-50"
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5M5 19h14" />
      </svg>
      {t('pwa.install')}
    </button>
  );
}

function SignedInLayout() {
  const { t, i18n } = useTranslation();
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const now = useMinuteClock();
  const [drawer, setDrawer] = useState(false);
  const { pathname } = useLocation();
  const menu = useMenu();
  const titleKey = routeTitleKey(pathname);
  const pageTitle = titleKey ? t(titleKey) : undefined;
  // Every signed-in page names itself, for tabs, history and screen readers.
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · Nido` : 'Nido';
  }, [pageTitle]);

  const logout = async () => {
    await signOut();
    navigate('/login', { replace: true });
  };

  const logoutButton = (
    <button type="button" onClick={() => void logout()} className="w-full rounded-xl px-3 py-2.5 text-left text-sm font-medium text-red-700 hover:bg-red-50">
      {t('nav.logout')}
    </button>
  );

  return (
    <div className="min-h-screen md:flex">
      <SkipLink />
      <aside className="hidden w-64 shrink-0 flex-col border-r border-sand-200 bg-white p-4 md:flex print:hidden">
        <Logo to={menu.home} />
        <nav className="mt-8 flex-1" aria-label={t('nav.label')}>
          <Menu items={menu.items} />
        </nav>
        <div className="space-y-3">
          <InstallButton />
          <LanguageSwitch />
          {logoutButton}
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-sand-200 bg-white/80 px-4 py-2 md:px-8 md:py-3 print:hidden">
          <div className="flex min-w-0 items-center gap-2 md:gap-3">
            <Dialog.Root open={drawer} onOpenChange={setDrawer}>
              <Dialog.Trigger className="rounded-lg p-2 text-brand-700 md:hidden">
                <span className="sr-only">{t('common.openMenu')}</span>
                <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M4 7h16M4 12h16M4 17h16" />
                </svg>
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
                <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white p-4 shadow-xl" aria-describedby={undefined}>
                  <div className="flex items-center justify-between">
                    <Dialog.Title asChild>
                      <span>
                        <Logo to={menu.home} />
                      </span>
                    </Dialog.Title>
                    <Dialog.Close className="rounded-lg p-2 text-brand-700">
                      <span className="sr-only">{t('common.closeMenu')}</span>
                      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                        <path d="M6 6l12 12M18 6L6 18" />
                      </svg>
                    </Dialog.Close>
                  </div>
                  <SearchBox className="mt-6" onSubmitted={() => setDrawer(false)} />
                  <nav className="mt-4 flex-1" aria-label={t('nav.label')}>
                    <Menu items={menu.items} onNavigate={() => setDrawer(false)} />
                  </nav>
                  <div className="space-y-3">
                    <InstallButton />
                    <LanguageSwitch />
                    {logoutButton}
                  </div>
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
            {/* On a phone the greeting sits small above the name, which has the line to itself (the
                language switch lives in the menu there): cut short only if it is very long. From md
                up, one line, and the date and time under it. */}
            <div className="min-w-0">
              <p className="text-base font-semibold leading-tight text-ink md:truncate" data-testid="greeting">
                <span className="block text-xs font-normal text-muted md:inline md:text-base md:font-semibold md:text-ink">{t(greetingKey(now))},</span>{' '}
                <span className="block truncate md:inline">{user?.nombre}</span>
              </p>
              <p className="hidden text-xs text-muted md:block">
                <time dateTime={now.toISOString()}>
                  {capitalize(formatDay(now, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' }))} · {formatTime(now, i18n.language)}
                </time>
              </p>
            </div>
          </div>
          <SearchBox className="hidden max-w-sm flex-1 md:block" />
          <div className="flex shrink-0 items-center gap-1">
            <NavLink to="/search" className="rounded-lg p-2 text-brand-700 md:hidden">
              <span className="sr-only">{t('search.box.open')}</span>
              <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <circle cx="11" cy="11" r="6.5" />
                <path d="M16 16l4.5 4.5" />
              </svg>
            </NavLink>
            <NotificationBell />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8 print:p-0">
          <div className="print:hidden">
            <VerificationBanner />
          </div>
          {/* A professional with no family of their own starts at their cases, not at an empty list of children. */}
          {menu.home === '/casos' && pathname === '/children' ? <Navigate to="/casos" replace /> : <Outlet />}
        </main>
      </div>
      <SessionEndedDialog />
    </div>
  );
}

export function AppLayout() {
  const { user, ended } = useSession();
  // The installable app's worker, from here rather than at start: the public site does not load it.
  useEffect(registerWorker, []);
  // A new cache for each person who signs in on this browser, and their own live events.
  return (
    <QueryProvider key={user?._id ?? 'signed-out'}>
      <LiveProvider enabled={user !== null && !ended}>
        <SignedInLayout />
      </LiveProvider>
    </QueryProvider>
  );
}
