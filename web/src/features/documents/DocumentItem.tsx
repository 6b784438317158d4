import { useId } from 'react';
import { useTranslation } from '../../i18n';
import { formatBytes, kindOf } from './files';
import type { DocumentView } from './types';
import { formatDay } from '../../lib/format';

const ICONS = {
  pdf: 'M7 3h7l5 5v13H7zM14 3v5h5M9.5 16.5h5M9.5 13h5',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 9.5h.01',
  other: 'M7 3h7l5 5v13H7zM14 3v5h5',
} as const;

/** One document in the list: a button that opens it, with its type, size and date. */
export function DocumentItem({ document: doc, kidNames, onOpen }: { document: DocumentView; kidNames: string[]; onOpen: (doc: DocumentView) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const date = formatDay(doc.updatedAt, i18n.language, { day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(doc)}
        aria-label={t('documents.item.open', { title: doc.titulo })}
        aria-describedby={doc.visibilidad === 'familia' ? `${id}-meta` : `${id}-meta ${id}-visibility`}
        className="flex w-full items-center gap-3 rounded-2xl bg-white p-3 text-left shadow-sm ring-1 ring-black/5 transition hover:ring-brand-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
      >
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <path d={ICONS[kindOf(doc.archivo.tipo)]} />
          </svg>
        </span>
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 break-words font-semibold text-ink">{doc.titulo}</span>
          <span id={`${id}-meta`} className="block text-sm text-muted">
            {t('documents.item.meta', { size: formatBytes(doc.archivo.tamano, i18n.language), date })}
            {doc.version > 1 && ` · ${t('documents.item.version', { n: doc.version })}`}
            {kidNames.length > 0 && ` · ${kidNames.join(', ')}`}
          </span>
        </span>
        {doc.visibilidad !== 'familia' && (
          <span id={`${id}-visibility`} className="shrink-0 rounded-full bg-sand-100 px-2 py-0.5 text-xs font-medium text-muted">{t(`documents.visibility.${doc.visibilidad}`)}</span>
        )}
      </button>
    </li>
  );
}
