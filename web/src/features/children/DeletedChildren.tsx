import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useDeletedChildren, useRestoreChild, type DeletedChild } from './api';
import { formatDay } from '../../lib/format';

/** Recently deleted records, each with its Restore button; nothing at all when there are none. */
export function DeletedChildren({ justDeleted = null }: { justDeleted?: string | null }) {
  const { t } = useTranslation();
  const deleted = useDeletedChildren();
  const restore = useRestoreChild();
  const [failure, setFailure] = useState<string | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const onRestore = async (record: DeletedChild) => {
    setFailure(null);
    setRestored(null);
    try {
      await restore.mutateAsync(record._id);
      setRestored(t('children.deleted.restored', { name: `${record.nombre} ${record.apellido}` }));
    } catch (err) {
      setFailure(err instanceof Error ? err.message : t('children.errors.restore'));
    }
  };
  return (
    <DeletedChildrenView
      list={deleted.data ?? []}
      restoringId={restore.isPending ? (restore.variables ?? null) : null}
      onRestore={(record) => void onRestore(record)}
      failure={failure}
      notice={restored ?? (justDeleted ? t('children.deleted.justDeleted', { name: justDeleted }) : null)}
    />
  );
}

interface ViewProps {
  list: DeletedChild[];
  restoringId: string | null;
  onRestore: (record: DeletedChild) => void;
  failure: string | null;
  /** What just happened (a record deleted or restored), read out to screen readers. */
  notice: string | null;
}

export function DeletedChildrenView({ list, restoringId, onRestore, failure, notice }: ViewProps) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => formatDay(iso, i18n.language);
  if (list.length === 0 && !failure && !notice) return null;
  return (
    <section aria-labelledby="deleted-children-title" className="mt-8 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5">
      <h2 id="deleted-children-title" className="text-lg font-semibold text-ink">
        {t('children.deleted.title')}
      </h2>
      <p role="status" className="text-sm text-muted">
        {notice ?? (list.length > 0 ? t('children.deleted.body') : '')}
      </p>
      {failure && (
        <div className="mt-3">
          <Alert>{failure}</Alert>
        </div>
      )}
      {list.length > 0 && (
        <ul className="mt-4 space-y-3">
          {list.map((record) => {
            const name = `${record.nombre} ${record.apellido}`;
            const by = `${record.eliminadoPor.nombre} ${record.eliminadoPor.apellido}`.trim();
            return (
              <li key={record._id} data-testid="deleted-child" className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-sand-50 p-4">
                <div className="min-w-0 flex-1 wrap-anywhere">
                  <p className="font-semibold text-ink">{name}</p>
                  <p className="text-sm text-muted">
                    {/* The name is empty once the account that deleted it has been erased. */}
                    {by ? t('children.deleted.by', { name: by, date: when(record.eliminadoAt) }) : t('children.deleted.on', { date: when(record.eliminadoAt) })}
                  </p>
                  <p className="text-sm font-medium text-ink">{t('children.deleted.until', { date: when(record.purgaAt) })}</p>
                </div>
                <Button variant="secondary" busy={restoringId === record._id} disabled={restoringId !== null} onClick={() => onRestore(record)} aria-label={t('children.deleted.restoreName', { name })}>
                  {t('children.deleted.restore')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
