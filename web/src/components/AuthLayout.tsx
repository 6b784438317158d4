import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';
import { buttonClass } from './Button';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { SkipLink } from './SkipLink';
import { useSession } from '../lib/session';

/**
 * The frame of the sign-in, registration and password pages. `offerAccount` (on by default) shows
 * someone signed in the way to their account; a page that ends with its own way there turns it off,
 * so that it offers one button, not two.
 */
export function AuthLayout({ title, subtitle, children, offerAccount = true }: { title: string; subtitle?: string; children: ReactNode; offerAccount?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-sand-50 px-4 py-6">
      <SkipLink />
      <div className="mx-auto flex max-w-md items-center justify-between">
        <Logo />
        <LanguageSwitch />
      </div>
      {/* Prerendered for visitors without a session: someone signed in is offered their account once it is known. */}
      {user && offerAccount && (
        <div className="mx-auto mt-6 flex max-w-md flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 text-sm text-ink shadow-sm ring-1 ring-brand-200">
          <p>{t('landing.signedInAs', { name: user.nombre })}</p>
          <Link to="/children" className={buttonClass('primary')} data-testid="go-to-account">
            {t('landing.goToAccount')}
          </Link>
        </div>
      )}
      <main id="main" tabIndex={-1} className="mx-auto mt-8 max-w-md rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5 focus:outline-none sm:p-8">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
