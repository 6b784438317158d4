import { useTranslation } from '../../i18n';

/** How much of the file has gone up, as a bar and as words. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  const label = t('documents.upload.progress', { percent });
  return (
    <div className="space-y-1">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-sand-100">
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {label}
      </p>
    </div>
  );
}
