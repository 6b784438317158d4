import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../components/Button';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Logo } from '../components/Logo';

export function PublicLayout() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const links = [
    { href: '/#features', label: t('landing.nav.features') },
    { href: '/#how-it-works', label: t('landing.nav.howItWorks') },
    { href: '/#pricing', label: t('landing.nav.pricing') },
    { href: '/help', label: t('landing.nav.help') },
  ];
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-20 border-b border-sand-200 bg-sand-50/95 backdrop-blur">
        <nav className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3" aria-label={t('landing.nav.label')}>
          <Logo />
          <ul className="hidden items-center gap-6 text-sm font-medium text-muted md:flex">
            {links.map((l) => (
              <li key={l.href}>
                <a href={l.href} className="hover:text-brand-700">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="hidden items-center gap-3 md:flex">
            <LanguageSwitch />
            <Link to="/login" className={buttonClass('ghost')}>
              {t('landing.signIn')}
            </Link>
            <Link to="/register" className={buttonClass('primary')}>
              {t('landing.startFree')}
            </Link>
          </div>
          <button
            type="button"
            className="rounded-lg p-2 text-brand-700 md:hidden"
            aria-expanded={open}
            aria-controls="public-menu"
            onClick={() => setOpen((o) => !o)}
          >
            <span className="sr-only">{open ? t('common.closeMenu') : t('common.openMenu')}</span>
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </nav>
        {open && (
          <div id="public-menu" className="border-t border-sand-200 px-4 pb-4 md:hidden">
            <ul className="space-y-1 py-2">
              {links.map((l) => (
                <li key={l.href}>
                  <a href={l.href} onClick={() => setOpen(false)} className="block rounded-lg px-2 py-2 text-ink hover:bg-brand-50">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center gap-3">
              <LanguageSwitch />
              <Link to="/login" className={buttonClass('secondary')}>
                {t('landing.signIn')}
              </Link>
              <Link to="/register" className={buttonClass('primary')}>
                {t('landing.startFree')}
              </Link>
            </div>
          </div>
        )}
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
      <footer className="border-t border-sand-200 bg-white">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-muted sm:grid-cols-3">
          <div>
            <Logo />
            <p className="mt-2">{t('landing.footer.tagline')}</p>
            <a className="mt-2 inline-block text-brand-700 underline" href="mailto:soporte@nido.app">
              soporte@nido.app
            </a>
          </div>
          <ul className="space-y-1">
            <li><Link to="/about">{t('pages.about')}</Link></li>
            <li><Link to="/help">{t('pages.help')}</Link></li>
            <li><Link to="/faq">{t('pages.faq')}</Link></li>
            <li><Link to="/contact">{t('pages.contact')}</Link></li>
          </ul>
          <ul className="space-y-1">
            <li><Link to="/terms">{t('pages.terms')}</Link></li>
            <li><Link to="/privacy">{t('pages.privacy')}</Link></li>
            <li><Link to="/cookies">{t('pages.cookies')}</Link></li>
            <li><Link to="/status">{t('pages.status')}</Link></li>
          </ul>
        </div>
      </footer>
    </div>
  );
}
