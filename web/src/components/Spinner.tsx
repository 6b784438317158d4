import { useTranslation } from '../i18n';

export function Spinner({ small = false }: { small?: boolean }) {
  const size = small ? 'h-4 w-4 border-2' : 'h-10 w-10 border-4';
  return <span aria-hidden="true" className={`inline-block animate-spin rounded-full border-current border-t-transparent ${size}`} />;
}

/** A whole-area loading state that screen readers announce. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-brand-600">
      <Spinner />
      <span className="text-sm text-muted">{t('common.loading')}</span>
    </div>
  );
}
