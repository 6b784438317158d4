import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useExportData } from './api';
import { saveFile } from '../../api/files';

/** The name of the downloaded copy. */
export const EXPORT_FILE_NAME = 'nido-mis-datos.zip';

/** "Your data": a ZIP of everything Nido holds about the user and their children. */
export function DataSection({ onDone }: { onDone: (toastKey: string) => void }) {
  const { t } = useTranslation();
  const exportData = useExportData();
  const download = () =>
    exportData.mutate(undefined, {
      onSuccess: (blob) => {
        saveFile(blob, EXPORT_FILE_NAME);
        onDone('profile.privacy.data.started');
      },
    });
  return (
    <>
      <p className="text-sm text-muted">{t('profile.privacy.data.body')}</p>
      <p className="mt-3 text-sm text-muted">{t('profile.privacy.data.contents')}</p>
      {exportData.isError && (
        <div className="mt-3">
          <Alert>{exportData.error.message}</Alert>
        </div>
      )}
      <Button variant="secondary" className="mt-4 w-full sm:w-auto" busy={exportData.isPending} onClick={download}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
        </svg>
        {t('profile.privacy.data.button')}
      </Button>
    </>
  );
}
