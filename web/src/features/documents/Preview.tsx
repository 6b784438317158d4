import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Spinner } from '../../components/Spinner';
import { fetchFile } from './api';
import { kindOf } from './files';
import type { DocumentView } from './types';

/**
 * The document's current file shown in the page. The file needs the session's token, which an
 * <img> or <iframe> cannot send: it is fetched, and shown from a blob URL freed when it goes.
 */
export function Preview({ document: doc }: { document: DocumentView }) {
  const { t } = useTranslation();
  const kind = kindOf(doc.archivo.tipo);
  const key = `${doc._id}:${doc.version}`;
  // Which file the shown URL (or failure) belongs to: another version shows the spinner until its own is in.
  const [shown, setShown] = useState<{ key: string; url: string | null; failed: boolean } | null>(null);

  useEffect(() => {
    if (kind === 'other') return undefined;
    let made: string | null = null;
    let gone = false;
    // Only whether it failed is shown, so the error's text is not needed.
    // The blob URL lives in this page's origin: it is typed as the PDF or image the document
    // says it is, never as whatever the answer claimed, so nothing in it can run as a page.
    fetchFile({ id: doc._id, version: doc.version, inline: true }, '', doc.archivo.tipo)
      .then((blob) => {
        if (gone) return;
        made = URL.createObjectURL(blob);
        setShown({ key, url: made, failed: false });
      })
      .catch(() => {
        if (!gone) setShown({ key, url: null, failed: true });
      });
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [doc._id, doc.version, doc.archivo.tipo, kind, key]);

  const current = shown?.key === key ? shown : null;
  const url = current?.url ?? null;
  const failed = current?.failed ?? false;
  const title = t('documents.detail.preview', { title: doc.titulo });
  if (kind === 'other' || failed) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-sand-100 p-6 text-center text-sm text-muted">
        <svg aria-hidden="true" width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="text-brand-700">
          <path d="M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6" />
        </svg>
        <p>{failed ? t('documents.detail.previewFailed') : t('documents.detail.noPreview')}</p>
      </div>
    );
  }
  if (!url) {
    return (
      <div className="flex h-48 items-center justify-center rounded-2xl bg-sand-100" aria-busy="true">
        <Spinner />
      </div>
    );
  }
  return kind === 'image' ? (
    <img src={url} alt={title} className="mx-auto max-h-[50vh] w-auto sm:max-h-[60vh] rounded-2xl bg-sand-100 object-contain" />
  ) : (
    <iframe src={url} title={title} className="h-[50vh] w-full rounded-2xl border border-gray-200 bg-white sm:h-[60vh]" />
  );
}
