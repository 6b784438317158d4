import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { fetchFile, saveFile } from '../../api/files';

/** A receipt or a proof to show: where it is served, its media type and the name a download gets. */
export interface ShownFile {
  path: string;
  tipo: string;
  name: string;
  title: string;
}

/**
 * Shows a receipt or a payment's proof in the page, downloading it being the second choice. The
 * file needs the session's token, which an <img> or <iframe> cannot send: it is fetched and shown
 * from a blob URL, typed as the image or PDF the server says it stored (never as what the answer
 * claims), so nothing in it can run as a page; the URL is freed when the dialog closes.
 */
export function ReceiptViewer({ file, onClose }: { file: ShownFile | null; onClose: () => void }) {
  return (
    <Modal open={file !== null} onClose={onClose} title={file?.title ?? ''} wide>
      {file && <Shown key={file.path} file={file} />}
    </Modal>
  );
}

function Shown({ file }: { file: ShownFile }) {
  const { t } = useTranslation();
  const [blob, setBlob] = useState<Blob | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pdf = file.tipo === 'application/pdf';

  useEffect(() => {
    let made: string | null = null;
    let gone = false;
    fetchFile(file.path, t('money.errors.receipt'), pdf ? 'application/pdf' : 'image/jpeg')
      .then((got) => {
        if (gone) return;
        made = URL.createObjectURL(got);
        setBlob(got);
        setUrl(made);
      })
      .catch((e: Error) => {
        if (!gone) setFailure(e.message);
      });
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file.path, pdf, t]);

  return (
    <div className="space-y-4">
      {failure ? (
        <Alert>{failure}</Alert>
      ) : !url ? (
        <div className="flex h-48 items-center justify-center rounded-2xl bg-sand-100" aria-busy="true">
          <Spinner />
        </div>
      ) : pdf ? (
        <iframe src={url} title={file.title} className="h-[60vh] w-full rounded-2xl border border-gray-200 bg-white" />
      ) : (
        <img src={url} alt={file.title} className="mx-auto max-h-[60vh] w-auto rounded-2xl bg-sand-100 object-contain" />
      )}
      <div className="flex justify-end">
        <Button variant="secondary" disabled={!blob} onClick={() => blob && saveFile(blob, file.name)}>
          {t('money.receiptViewer.download')}
        </Button>
      </div>
    </div>
  );
}
