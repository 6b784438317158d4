import { useRef, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from '../i18n';
import { buttonClass } from '../components/Button';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Logo } from '../components/Logo';
import { SkipLink } from '../components/SkipLink';
import { useSession } from '../lib/session';
import { CONTACT_EMAIL, LEGAL_DOCS, LEGAL_PATHS } from '../content/legal/types';

/** Spec §2: one header anchor per landing section. */
const SECTIONS = [
  ['hero', 'home'],
  ['features', 'features'],
  ['how-it-works', 'howItWorks'],
  ['pricing', 'pricing'],
  ['download', 'download'],
] as const;

function useFooterColumns() {
  const { t } = useTranslation();
  return [
    {
      id: 'product',
      title: t('landing.footer.product'),
      links: [
        { to: '/#features', label: t('landing.nav.features') },
        { to: '/#pricing', label: t('landing.nav.pricing') },
        { to: '/subscription', label: t('pages.subscription') },
        { to: '/updates', label: t('pages.updates') },
      ],
    },
    {
      id: 'company',
      title: t('landing.footer.company'),
      links: (['about', 'blog', 'careers', 'press'] as const).map((p) => ({ to: `/${p}`, label: t(`pages.${p}`) })),
    },
    {
      id: 'support',
      title: t('landing.footer.support'),
      links: (['help', 'faq', 'contact', 'status'] as const).map((p) => ({ to: `/${p}`, label: t(`pages.${p}`) })),
    },
    {
      id: 'legal',
      title: t('landing.footer.legal'),
      links: LEGAL_DOCS.map((doc) => ({ to: LEGAL_PATHS[doc], label: t(`pages.${doc}`) })),
    },
  ];
}

export function PublicLayout() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const columns = useFooterColumns();
  const links = [
    ...SECTIONS.map(([id, key]) => ({ to: `/#${id}`, label: t(`landing.nav.${key}`) })),
    { to: '/help', label: t('landing.nav.help') },
  ];
  const close = () => setOpen(false);
  // Prerendered pages are for visitors without a session; the swap happens once the session is known.
  const signedIn = useSession().user !== null;

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header
        className="sticky top-0 z-20 border-b border-sand-200 bg-sand-50/95 backdrop-blur"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            close();
            menuButton.current?.focus();
          }
        }}
      >
        <nav className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3" aria-label={t('landing.nav.label')}>
          <Logo />
          <ul className="hidden items-center gap-5 text-sm font-medium text-muted lg:flex">
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="rounded-md py-1 hover:text-brand-700">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="hidden items-center gap-2 lg:flex">
            <LanguageSwitch />
            {signedIn ? (
              <Link to="/children" className={buttonClass('primary')} data-testid="go-to-account">
                {t('landing.goToAccount')}
              </Link>
            ) : (
              <>
                <Link to="/login" className={buttonClass('ghost')}>
                  {t('landing.signIn')}
                </Link>
                <Link to="/register" className={buttonClass('primary')}>
                  {t('landing.startFree')}
                </Link>
              </>
            )}
          </div>
          <div className="flex items-center gap-2 lg:hidden">
            <Link to={signedIn ? '/children' : '/register'} className={`${buttonClass('primary')} px-3 py-2`}>
              {signedIn ? t('landing.goToAccount') : t('landing.startFree')}
            </Link>
            <button
              ref={menuButton}
              type="button"
              className="rounded-lg p-2 text-brand-700 hover:bg-brand-50"
              aria-expanded={open}
              aria-controls="public-menu"
              onClick={() => setOpen((o) => !o)}
            >
              <span className="sr-only">{open ? t('common.closeMenu') : t('common.openMenu')}</span>
              <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
              </svg>
            </button>
          </div>
        </nav>
        <div id="public-menu" hidden={!open} className="border-t border-sand-200 px-4 pb-5 lg:hidden">
          <ul className="space-y-1 py-2">
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} onClick={close} className="block rounded-lg px-2 py-2.5 font-medium text-ink hover:bg-brand-50">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3 border-t border-sand-200 pt-4">
            <LanguageSwitch />
            {!signedIn && (
              <Link to="/login" onClick={close} className={buttonClass('secondary')}>
                {t('landing.signIn')}
              </Link>
            )}
          </div>
        </div>
      </header>

      <div id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </div>

      <footer className="border-t border-sand-200 bg-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1.3fr_2.7fr]">
          <div className="text-sm text-muted">
            <Logo />
            <p className="mt-3 max-w-xs">{t('landing.footer.tagline')}</p>
            <p className="mt-4">
              {t('landing.footer.contact')}{' '}
              <a className="font-medium text-brand-700 underline" href={`mailto:${CONTACT_EMAIL}`}>
                {CONTACT_EMAIL}
              </a>
            </p>
            <nav aria-labelledby="footer-social" className="mt-6">
              <h2 id="footer-social" className="text-sm font-semibold text-ink">
                {t('landing.footer.social')}
              </h2>
              <p className="mt-1 text-xs">{t('landing.footer.socialBody')}</p>
              <ul className="mt-3 flex flex-wrap gap-2">
                <li>
                  <Link to="/blog" className="inline-flex rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700 hover:bg-brand-100">
                    {t('pages.blog')}
                  </Link>
                </li>
                <li>
                  <Link to="/updates" className="inline-flex rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700 hover:bg-brand-100">
                    {t('pages.updates')}
                  </Link>
                </li>
                <li>
                  <a href={`mailto:${CONTACT_EMAIL}`} className="inline-flex rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700 hover:bg-brand-100">
                    {t('landing.footer.writeUs')}
                  </a>
                </li>
              </ul>
            </nav>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {columns.map((column) => (
              <nav key={column.id} aria-labelledby={`footer-${column.id}`}>
                <h2 id={`footer-${column.id}`} className="text-sm font-semibold text-ink">
                  {column.title}
                </h2>
                <ul className="mt-3 space-y-2 text-sm">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="text-muted hover:text-brand-700 hover:underline">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        <div className="border-t border-sand-200">
          <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 text-xs text-muted sm:flex-row sm:items-center sm:justify-between">
            <p>
              © {new Date().getFullYear()} Nido · {t('landing.footer.made')} ·{' '}
              <Link to="/updates" className="hover:text-brand-700 hover:underline" data-testid="footer-version">
                {t('landing.footer.version', { version: __APP_VERSION__ })}
              </Link>
            </p>
            <div className="self-start sm:self-auto">
              <LanguageSwitch />
            </div>
          </div>
        </div>
      </footer>
    </div>
  );
}
