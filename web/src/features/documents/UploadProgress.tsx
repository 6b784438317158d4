import { useTranslation } from '../../i18n';
import { ProgressBar } from '../../components/ProgressBar';

/** How much of the file has gone up, as a bar and as words. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return <ProgressBar percent={percent} label={t('documents.upload.progress', { percent })} />;
}
