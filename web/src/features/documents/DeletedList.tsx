import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { useDocuments, useRestoreDocument } from './api';
import type { DocumentView } from './types';
import { formatDay } from '../../lib/format';

/** The documents deleted in the last 30 days that the reader may bring back, with the day each goes for good. */
export function DeletedList({ familiaId, onRestored }: { familiaId: string; onRestored: (doc: DocumentView) => void }) {
  const { t } = useTranslation();
  const deleted = useDocuments(familiaId, {}, true);
  const list = deleted.data?.pages.flatMap((p) => p.documentos) ?? [];
  if (deleted.isPending) return <Loading />;
  return (
    <div className="space-y-3">
      {deleted.isError && <Alert>{deleted.error.message}</Alert>}
      {list.length === 0 ? (
        <p className="rounded-2xl border-2 border-dashed border-brand-200 p-6 text-center text-muted">{t('documents.noneDeleted')}</p>
      ) : (
        <ul className="space-y-3" aria-label={t('documents.tabs.deleted')}>
          {list.map((doc) => (
            <DeletedItem key={doc._id} doc={doc} onRestored={onRestored} />
          ))}
        </ul>
      )}
      {deleted.hasNextPage && (
        <Button variant="secondary" full busy={deleted.isFetchingNextPage} onClick={() => void deleted.fetchNextPage()}>
          {t('documents.more')}
        </Button>
      )}
    </div>
  );
}

function DeletedItem({ doc, onRestored }: { doc: DocumentView; onRestored: (doc: DocumentView) => void }) {
  const { t, i18n } = useTranslation();
  const restore = useRestoreDocument();
  const [failure, setFailure] = useState<string | null>(null);
  const until = doc.restaurableHasta ? formatDay(doc.restaurableHasta, i18n.language) : null;
  return (
    <li className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-black/5">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-ink">{doc.titulo}</p>
          {until && <p className="text-sm text-muted">{t('documents.deleted.until', { date: until })}</p>}
        </div>
        <Button
          variant="secondary"
          busy={restore.isPending}
          aria-label={t('documents.deleted.restoreNamed', { title: doc.titulo })}
          onClick={() => {
            setFailure(null);
            restore.mutate(doc._id, { onSuccess: onRestored, onError: (e) => setFailure(e.message) });
          }}
        >
          {t('documents.deleted.restore')}
        </Button>
      </div>
      {failure && (
        <div className="mt-2">
          <Alert>{failure}</Alert>
        </div>
      )}
    </li>
  );
}
