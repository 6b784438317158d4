import { useTranslation } from '../../i18n';
import { PhotoUploadModal } from '../../components/PhotoUploadModal';
import { useUploadPhoto } from './api';

/** A child's photo: the shared photo modal, sending to the child's record. */
export function PhotoModal({ childId, open, onClose }: { childId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadPhoto(childId);
  return (
    <PhotoUploadModal
      open={open}
      onClose={onClose}
      title={t('children.photo.title')}
      onUpload={(file) => upload.mutateAsync(file)}
      uploading={upload.isPending}
      fallbackError={t('children.errors.photo')}
    />
  );
}
