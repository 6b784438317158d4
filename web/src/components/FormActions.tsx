import { useTranslation } from '../i18n';
import { Button } from './Button';

export function FormActions({ busy, onCancel, submitLabel }: { busy: boolean; onCancel: () => void; submitLabel?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" busy={busy}>
        {submitLabel ?? t('common.save')}
      </Button>
    </div>
  );
}
