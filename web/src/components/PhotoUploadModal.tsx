import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n';
import { Alert } from './Alert';
import { Button } from './Button';
import { Modal } from './Modal';

const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** Whether the browser can decode the file as a picture. */
function canDraw(file: File): Promise<boolean> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve) => {
    const img = new Image();
    const done = (ok: boolean) => {
      URL.revokeObjectURL(url);
      resolve(ok);
    };
    img.onload = () => done(img.naturalWidth > 0);
    img.onerror = () => done(false);
    img.src = url;
  });
}

interface UploadProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Sends the chosen file; the modal closes when it resolves and shows the error when it fails. */
  onUpload: (file: File) => Promise<unknown>;
  uploading: boolean;
  fallbackError: string;
}

/**
 * Spec §4 photo modal, for any photo (a child's, the user's): no file, file with preview
 * (clearable), uploading (cannot close), closed on success. Checks type and size before sending.
 */
export function PhotoUploadModal({ open, onClose, title, onUpload, uploading, fallbackError }: UploadProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const file = picked?.file ?? null;
  const preview = picked?.url ?? null;

  const setFile = (next: File | null) => {
    setPicked(next ? { file: next, url: URL.createObjectURL(next) } : null);
  };
  // Which choice is current, so a slow check of an earlier file cannot replace a later one.
  const choice = useRef(0);

  // Release the preview's memory if the page goes away with a file still chosen.
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );

  const close = () => {
    choice.current++;
    setFile(null);
    setFailure(null);
    onClose();
  };

  const choose = async (chosen: File | undefined) => {
    setFailure(null);
    const mine = ++choice.current;
    if (!chosen) return;
    if (!TYPES.includes(chosen.type)) {
      setFailure(t('children.photo.invalid'));
      return;
    }
    if (chosen.size > MAX_BYTES) {
      setFailure(t('children.photo.tooLarge'));
      return;
    }
    // A name ending in .jpg says nothing of the bytes: only a file the browser can draw gets a preview.
    const drawable = await canDraw(chosen);
    if (mine !== choice.current) return;
    if (!drawable) {
      setFailure(t('children.photo.notImage'));
      return;
    }
    setFile(chosen);
  };

  const send = async () => {
    if (!file) {
      // Keep saying why the last file was refused ("too large") rather than "choose a photo".
      setFailure((current) => current ?? t('children.photo.required'));
      return;
    }
    try {
      await onUpload(file);
      close();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : fallbackError);
    }
  };

  return (
    <Modal open={open} onClose={close} title={title} locked={uploading}>
      <div className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        {preview ? (
          <div className="flex flex-col items-center gap-3">
            <img src={preview} alt={t('children.photo.preview')} className="h-40 w-40 rounded-full object-cover" />
            <Button variant="ghost" onClick={() => setFile(null)} disabled={uploading}>
              {t('children.photo.clear')}
            </Button>
          </div>
        ) : (
          <label className="flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-brand-200 p-6 text-center hover:bg-brand-50">
            <span className="font-semibold text-brand-700">{t('children.photo.choose')}</span>
            <span className="text-sm text-muted">{t('children.photo.formats')}</span>
            <input
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              className="sr-only"
              aria-label={t('children.photo.choose')}
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                // Cleared, so choosing the same file again is checked (and explained) again.
                e.target.value = '';
              }}
            />
          </label>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={uploading}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void send()} busy={uploading}>
            {uploading ? t('children.photo.uploading') : t('children.photo.upload')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
