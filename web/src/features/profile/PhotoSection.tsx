import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSession } from '../../lib/session';
import { PhotoUploadModal } from '../../components/PhotoUploadModal';
import { useDeleteProfilePhoto, useUploadProfilePhoto, type Profile } from './api';
import { UserAvatar } from './UserAvatar';

/** The profile picture: the current one or the initial, upload (same checks as a child's photo), remove. */
export function PhotoSection({ profile, onDone }: { profile: Profile; onDone: (toastKey: string) => void }) {
  const { t } = useTranslation();
  const { updateUser } = useSession();
  const upload = useUploadProfilePhoto();
  const remove = useDeleteProfilePhoto();
  const [modal, setModal] = useState<'upload' | 'remove' | null>(null);

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row">
      <UserAvatar nombre={profile.nombre} foto={profile.foto} size="lg" />
      <div className="flex-1 text-center sm:text-left">
        <p className="text-sm text-muted">{t('profile.edit.photo.hint')}</p>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" onClick={() => setModal('upload')}>
            {profile.foto ? t('profile.edit.photo.change') : t('profile.edit.photo.add')}
          </Button>
          {profile.foto && (
            <Button variant="ghost" onClick={() => setModal('remove')}>
              {t('profile.edit.photo.remove')}
            </Button>
          )}
        </div>
      </div>

      <PhotoUploadModal
        open={modal === 'upload'}
        onClose={() => setModal(null)}
        title={t('profile.edit.photo.title')}
        uploading={upload.isPending}
        fallbackError={t('profile.edit.photo.failed')}
        onUpload={async (file) => {
          updateUser(await upload.mutateAsync(file));
          onDone('profile.edit.photo.updated');
        }}
      />
      <ConfirmDialog
        open={modal === 'remove'}
        title={t('profile.edit.photo.removeTitle')}
        body={t('profile.edit.photo.removeBody')}
        confirmLabel={t('profile.edit.photo.remove')}
        onClose={() => setModal(null)}
        onConfirm={async () => {
          updateUser(await remove.mutateAsync());
          onDone('profile.edit.photo.removed');
        }}
      />
    </div>
  );
}
