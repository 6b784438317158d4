import { useId } from 'react';
import { useTranslation } from '../../i18n';
import { formatBytes } from './files';

/** What the server takes; it decides by the file's content, this only narrows the phone's chooser. */
export const ACCEPT =
  'application/pdf,image/jpeg,image/png,image/gif,image/webp,.docx,.xlsx,.pptx,.odt,.ods,.odp,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.openxmlformats-officedocument.presentationml.presentation,application/vnd.oasis.opendocument.text,application/vnd.oasis.opendocument.spreadsheet,application/vnd.oasis.opendocument.presentation';

interface Props {
  file: File | null;
  onChoose: (file: File) => void;
  error?: string | undefined;
  label: string;
}

const chooserClass =
  'flex cursor-pointer items-center justify-center gap-2 rounded-xl border border-brand-200 bg-white px-3 py-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-400';

/** A file from the phone's camera or from its files; both end in the same place. */
export function FilePicker({ file, onChoose, error, label }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const pick = (list: FileList | null) => {
    const chosen = list?.[0];
    if (chosen) onChoose(chosen);
  };
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-help`}>
      <legend className="text-sm font-medium text-ink">{label}</legend>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <input id={`${id}-camera`} type="file" accept="image/*" capture="environment" className="peer sr-only" onChange={(e) => pick(e.target.files)} />
          <label htmlFor={`${id}-camera`} className={chooserClass}>
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M4 8h3l2-3h6l2 3h3v11H4zM12 17a4 4 0 100-8 4 4 0 000 8z" />
            </svg>
            {t('documents.upload.camera')}
          </label>
        </div>
        <div>
          <input id={`${id}-file`} type="file" accept={ACCEPT} className="peer sr-only" onChange={(e) => pick(e.target.files)} />
          <label htmlFor={`${id}-file`} className={chooserClass}>
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M7 3h7l5 5v13H7zM14 3v5h5" />
            </svg>
            {t('documents.upload.chooseFile')}
          </label>
        </div>
      </div>
      {file && (
        <p className="break-all rounded-xl bg-sand-100 px-3 py-2 text-sm text-ink" data-testid="chosen-file">
          {t('documents.upload.chosen', { name: file.name, size: formatBytes(file.size, i18n.language) })}
        </p>
      )}
      <p id={`${id}-help`} role={error ? 'alert' : undefined} className={`text-sm ${error ? 'text-red-700' : 'text-muted'}`}>
        {error ?? t('documents.upload.fileHint')}
      </p>
    </fieldset>
  );
}
