import { useTranslation } from '../../i18n';
import { Spinner } from '../../components/Spinner';
import { useSession } from '../../lib/session';
import { useResendVerification } from './api';

/** At the top of the signed-in area while the account's email is not verified: a reminder and a resend. */
export function VerificationBanner() {
  const { user } = useSession();
  if (!user || user.emailVerificado !== false) return null;
  return <Banner email={user.email} />;
}

function Banner({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <div role="region" aria-label={t('profile.verify.bannerLabel')} className="mx-auto mb-6 flex max-w-5xl flex-col gap-3 rounded-2xl border border-sand-200 bg-sand-100 px-4 py-3 text-sm text-ink sm:flex-row sm:items-center">
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" className="hidden shrink-0 text-brand-700 sm:block">
        <path d="M3 6h18v12H3zM3 7l9 6 9-6" />
      </svg>
      <p className="min-w-0 flex-1 break-words">{t('profile.verify.banner', { email })}</p>
      <div className="flex items-center gap-3" aria-live="polite">
        {resend.isError && <span className="text-red-700">{resend.error.message}</span>}
        {resend.isSuccess ? (
          <span className="font-semibold text-brand-700">{t('profile.verify.sent')}</span>
        ) : (
          <button
            type="button"
            onClick={() => resend.mutate()}
            disabled={resend.isPending}
            className="inline-flex items-center gap-2 rounded-xl bg-white px-3 py-1.5 font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-60"
          >
            {resend.isPending && <Spinner small />}
            {t('profile.verify.resend')}
          </button>
        )}
      </div>
    </div>
  );
}
