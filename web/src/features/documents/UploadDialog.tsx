import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { FormActions } from '../../components/FormActions';
import { Modal } from '../../components/Modal';
import { useUploadDocument } from './api';
import { DocumentFieldsEditor, type Kid } from './DocumentFieldsEditor';
import { placeErrors } from './errors';
import { FilePicker } from './FilePicker';
import { titleFromFileName } from './files';
import { UploadProgress } from './UploadProgress';
import type { DocumentFields } from './types';

interface Props {
  open: boolean;
  onClose: () => void;
  onUploaded: () => void;
  familiaId: string;
  kids: Kid[];
  /** Children chosen in the list's filter start chosen here too. */
  initialKids?: string[];
}

const emptyFields = (hijos: string[] = []): DocumentFields => ({ titulo: '', categoria: 'medico', hijos, notas: '', visibilidad: 'familia' });

/** Uploading a document: the file, what it is, whose it is and who may see it. */
export function UploadDialog({ open, onClose, onUploaded, familiaId, kids, initialKids }: Props) {
  const { t } = useTranslation();
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState<DocumentFields>(() => emptyFields(initialKids));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const reset = () => {
    setFile(null);
    setFields(emptyFields(initialKids));
    setErrors({});
    setGeneral(null);
    setProgress(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = (chosen: File) => {
    setFile(chosen);
    setErrors((e) => ({ ...e, archivo: '' }));
    // The name is the likeliest title; one typed already stays.
    setFields((f) => (f.titulo.trim() ? f : { ...f, titulo: titleFromFileName(chosen.name) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!file) missing.archivo = t('documents.upload.noFile');
    if (!fields.titulo.trim()) missing.titulo = t('documents.fields.required');
    setErrors(missing);
    setGeneral(null);
    if (!file || Object.keys(missing).length > 0) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ ...fields, familiaId, file, onProgress: setProgress });
      reset();
      onUploaded();
    } catch (e) {
      const placed = placeErrors(e, t, t('documents.errors.upload'));
      setErrors(placed.fields);
      setGeneral(placed.general);
      setProgress(null);
    }
  };

  return (
    <Modal open={open} onClose={close} title={t('documents.upload.title')} locked={upload.isPending}>
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <FilePicker file={file} onChoose={choose} error={errors.archivo || undefined} label={t('documents.upload.file')} />
        <DocumentFieldsEditor value={fields} onChange={setFields} kids={kids} errors={errors} />
        {progress !== null && <UploadProgress fraction={progress} />}
        {general && <Alert>{general}</Alert>}
        <FormActions busy={upload.isPending} onCancel={close} submitLabel={t('documents.upload.save')} />
      </form>
    </Modal>
  );
}
