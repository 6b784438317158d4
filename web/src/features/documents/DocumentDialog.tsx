import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { FormActions } from '../../components/FormActions';
import { Modal } from '../../components/Modal';
import { downloadFile, useAddVersion, useDocument, useUpdateDocument } from './api';
import { DocumentFieldsEditor, type Kid } from './DocumentFieldsEditor';
import { placeErrors } from './errors';
import { FilePicker } from './FilePicker';
import { formatBytes } from './files';
import { Preview } from './Preview';
import { UploadProgress } from './UploadProgress';
import { type DocumentFields, type DocumentView, type Version } from './types';
import { formatDay } from '../../lib/format';

interface Props {
  /** The document as the list had it: shown at once, while its versions load. */
  document: DocumentView | null;
  onClose: () => void;
  onDelete: (doc: DocumentView) => void;
  kids: Kid[];
}

/** The form's values for a document. */
const fieldsOf = (doc: DocumentView): DocumentFields => ({
  titulo: doc.titulo,
  categoria: doc.categoria,
  hijos: doc.hijos,
  notas: doc.notas ?? '',
  visibilidad: doc.visibilidad,
});

/** One document: its preview, what it is, its versions, and what whoever may edit it can do. */
export function DocumentDialog({ document: listed, onClose, onDelete, kids }: Props) {
  const { t } = useTranslation();
  const detail = useDocument(listed?._id ?? null);
  const doc = detail.data && detail.data._id === listed?._id ? detail.data : listed;
  const [mode, setMode] = useState<'view' | 'edit' | 'version'>('view');
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => {
    setMode('view');
    setNotice(null);
    onClose();
  };
  return (
    <Modal open={listed !== null} onClose={close} title={doc?.titulo ?? ''} wide>
      {doc && (
        <div className="space-y-4">
          {notice && <Alert kind="success">{notice}</Alert>}
          {mode === 'edit' ? (
            <EditForm
              doc={doc}
              kids={kids}
              onDone={() => {
                setMode('view');
                setNotice(t('documents.detail.saved'));
              }}
              onCancel={() => setMode('view')}
            />
          ) : mode === 'version' ? (
            <VersionForm
              doc={doc}
              onDone={() => {
                setMode('view');
                setNotice(t('documents.detail.versionAdded'));
              }}
              onCancel={() => setMode('view')}
            />
          ) : (
            <Overview
              doc={doc}
              kids={kids}
              versions={detail.data?.versiones ?? undefined}
              versionsFailed={detail.isError ? detail.error.message : null}
              onEdit={() => {
                setNotice(null);
                setMode('edit');
              }}
              onAddVersion={() => {
                setNotice(null);
                setMode('version');
              }}
              onDelete={() => onDelete(doc)}
            />
          )}
        </div>
      )}
    </Modal>
  );
}

interface OverviewProps {
  doc: DocumentView;
  kids: Kid[];
  versions: Version[] | undefined;
  versionsFailed: string | null;
  onEdit: () => void;
  onAddVersion: () => void;
  onDelete: () => void;
}

function Overview({ doc, kids, versions, versionsFailed, onEdit, onAddVersion, onDelete }: OverviewProps) {
  const { t, i18n } = useTranslation();
  // An erased account leaves its uploads to the family under no name.
  const nameOf = (p: DocumentView['subidoPor']) => `${p.nombre} ${p.apellido}`.trim() || t('documents.item.erased');
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const names = doc.hijos.map((id) => kids.find((k) => k.id === id)?.name).filter(Boolean);
  const date = (iso: string) => formatDay(iso, i18n.language, { day: 'numeric', month: 'short', year: 'numeric' });
  const download = async (version: number, name: string) => {
    setDownloadError(null);
    setDownloading(version);
    try {
      await downloadFile({ id: doc._id, version }, name, t('documents.errors.download'));
    } catch (e) {
      setDownloadError(e instanceof Error ? e.message : t('documents.errors.download'));
    } finally {
      setDownloading(null);
    }
  };
  return (
    <>
      <Preview document={doc} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('documents.fields.category')}</dt>
        <dd className="text-ink">{t(`documents.categories.${doc.categoria}`)}</dd>
        <dt className="text-muted">{t('documents.fields.visibility')}</dt>
        <dd className="text-ink">{t(`documents.visibility.${doc.visibilidad}`)}</dd>
        <dt className="text-muted">{t('documents.detail.about')}</dt>
        <dd className="text-ink">{names.length ? names.join(', ') : t('documents.detail.noChild')}</dd>
        <dt className="sr-only">{t('documents.upload.file')}</dt>
        <dd className="col-span-2 break-all text-muted">
          {doc.archivo.nombre} · {formatBytes(doc.archivo.tamano, i18n.language)} · {t('documents.item.by', { name: nameOf(doc.subidoPor) })}
        </dd>
      </dl>
      {doc.notas && <p className="whitespace-pre-wrap rounded-xl bg-sand-100 p-3 text-sm text-ink">{doc.notas}</p>}
      {downloadError && <Alert>{downloadError}</Alert>}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button busy={downloading === doc.version} onClick={() => void download(doc.version, doc.archivo.nombre)} className={doc.puedeEditar ? '' : 'col-span-2'}>
          {t('documents.detail.download')}
        </Button>
        {doc.puedeEditar && (
          <>
            <Button variant="secondary" onClick={onEdit}>
              {t('documents.detail.edit')}
            </Button>
            <Button variant="secondary" onClick={onAddVersion}>
              {t('documents.detail.addVersion')}
            </Button>
            <Button variant="ghost" onClick={onDelete} className="text-red-700 hover:bg-red-50">
              {t('documents.detail.delete')}
            </Button>
          </>
        )}
      </div>
      {!doc.puedeEditar && <p className="text-sm text-muted">{t('documents.detail.viewerNote')}</p>}
      <section aria-labelledby="document-versions">
        <h3 id="document-versions" className="text-sm font-semibold text-ink">
          {t('documents.detail.versions')}
        </h3>
        {versionsFailed && <Alert>{versionsFailed}</Alert>}
        <ul className="mt-2 divide-y divide-gray-100 rounded-xl ring-1 ring-black/5">
          {(versions ?? []).map((v) => (
            <li key={v.numero} className="flex items-center gap-3 p-3 text-sm">
              <span className="min-w-0 flex-1 text-ink">
                {t('documents.detail.versionLine', {
                  n: v.numero,
                  size: formatBytes(v.archivo.tamano, i18n.language),
                  date: date(v.createdAt),
                  name: nameOf(v.subidoPor),
                })}
                {v.numero === doc.version && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">{t('documents.detail.current')}</span>}
              </span>
              <Button variant="ghost" busy={downloading === v.numero} onClick={() => void download(v.numero, v.archivo.nombre)} aria-label={t('documents.detail.downloadVersion', { n: v.numero })}>
                <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
                </svg>
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function EditForm({ doc, kids, onDone, onCancel }: { doc: DocumentView; kids: Kid[]; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateDocument();
  const [fields, setFields] = useState(() => fieldsOf(doc));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    if (!fields.titulo.trim()) {
      setErrors({ titulo: t('documents.fields.required') });
      return;
    }
    try {
      await update.mutateAsync({ id: doc._id, fields });
      onDone();
    } catch (e) {
      const placed = placeErrors(e, t, t('documents.errors.save'));
      setErrors(placed.fields);
      setGeneral(placed.general);
    }
  };
  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      <DocumentFieldsEditor value={fields} onChange={setFields} kids={kids} errors={errors} />
      {general && <Alert>{general}</Alert>}
      <FormActions busy={update.isPending} onCancel={onCancel} submitLabel={t('documents.detail.save')} />
    </form>
  );
}

function VersionForm({ doc, onDone, onCancel }: { doc: DocumentView; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const add = useAddVersion();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t('documents.upload.noFile'));
      return;
    }
    setError(null);
    setProgress(0);
    try {
      await add.mutateAsync({ id: doc._id, file, onProgress: setProgress });
      onDone();
    } catch (e) {
      const placed = placeErrors(e, t, t('documents.errors.upload'));
      setError(placed.fields.archivo ?? placed.general ?? Object.values(placed.fields)[0] ?? t('documents.errors.upload'));
      setProgress(null);
    }
  };
  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      <p className="text-sm text-muted">{t('documents.detail.addVersionHint')}</p>
      <FilePicker
        file={file}
        onChoose={(chosen) => {
          setFile(chosen);
          setError(null);
        }}
        error={error ?? undefined}
        label={t('documents.detail.addVersion')}
      />
      {progress !== null && <UploadProgress fraction={progress} />}
      <FormActions busy={add.isPending} onCancel={onCancel} submitLabel={t('documents.upload.save')} />
    </form>
  );
}
