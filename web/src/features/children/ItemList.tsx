import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { Button } from '../../components/Button';
import { ItemMenu } from './ItemMenu';

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
        <h2 className="min-w-0 wrap-anywhere text-lg font-semibold text-ink">{title}</h2>
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

/** Edit and delete of one item, in its menu. */
export function ItemActions({ onEdit, onDelete, name }: { onEdit: () => void; onDelete: () => void; name: string }) {
  const { t } = useTranslation();
  return (
    <ItemMenu
      name={name}
      actions={[
        { label: t('common.edit'), onSelect: onEdit },
        { label: t('common.delete'), onSelect: onDelete, danger: true },
      ]}
    />
  );
}
