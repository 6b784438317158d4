import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';

/** A titled list with an add button and an empty message, for each of a child's lists. */
export function ItemSection({ title, addLabel, onAdd, empty, children, canEdit }: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  empty: string | null;
  children: ReactNode;
  canEdit: boolean;
}) {
  return (
    <section className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-ink">{title}</h2>
        {canEdit && (
          <Button variant="secondary" onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </div>
      {empty ? <p className="mt-4 text-sm text-muted">{empty}</p> : <ul className="mt-4 space-y-3">{children}</ul>}
    </section>
  );
}

export function ItemActions({ onEdit, onDelete, name }: { onEdit: () => void; onDelete: () => void; name: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex shrink-0 gap-1">
      <button type="button" onClick={onEdit} className="rounded-lg px-2.5 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
        {t('common.edit')}
        <span className="sr-only"> {name}</span>
      </button>
      <button type="button" onClick={onDelete} className="rounded-lg px-2.5 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50">
        {t('common.delete')}
        <span className="sr-only"> {name}</span>
      </button>
    </div>
  );
}
