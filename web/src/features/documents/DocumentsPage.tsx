import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Loading } from '../../components/Spinner';
import { useChildren } from '../../api/children';
import { useFamilies, type Family } from '../../api/families';
import { useDeleteDocument, useDocument, useDocuments, useStorage } from './api';
import { DeletedList } from './DeletedList';
import { DocumentDialog } from './DocumentDialog';
import type { Kid } from './DocumentFieldsEditor';
import { DocumentFiltersBar } from './DocumentFiltersBar';
import { DocumentItem } from './DocumentItem';
import { formatBytes, usedPercent } from './files';
import { UploadDialog } from './UploadDialog';
import { useDebounced } from './useDebounced';
import { CATEGORIES, type DocumentView, type StorageUse } from './types';
import { FamilyPicker } from '../../components/FamilyPicker';

export const DOCUMENTS_TABS = ['current', 'deleted'] as const;
export type DocumentsTab = (typeof DOCUMENTS_TABS)[number];

/** Whether the reader only views this family: they see its documents but change none. */
function isViewer(family: Family | undefined): boolean {
  return family?.miembros.find((m) => m.yo)?.permiso === 'viewer';
}

/**
 * /profile/documents: the family's papers by category, narrowed by child, category and title,
 * with upload, a preview of each, its versions, and what was deleted lately.
 */
export default function DocumentsPage() {
  const { t } = useTranslation();
  const families = useFamilies();
  const children = useChildren();
  const [chosenFamily, setChosenFamily] = useState<string | null>(null);
  // A notice links to /profile/documents?documento=ID: that document opens over its family's list.
  const [params, setParams] = useSearchParams();
  const linked = useDocument(params.get('documento'));
  const family =
    families.data?.find((f) => f._id === (chosenFamily ?? linked.data?.familiaId)) ??
    families.data?.find((f) => f.miembros.length > 1) ?? families.data?.[0];
  const familiaId = family?._id ?? null;
  const kids = useMemo<Kid[]>(
    () => (children.data ?? []).filter((c) => c.familiaId === familiaId).map((c) => ({ id: c._id, name: `${c.nombre} ${c.apellido}`.trim() })),
    [children.data, familiaId],
  );

  if (families.isPending) return <Loading />;
  if (!family) {
    return (
      <section className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold text-ink">{t('sections.documents')}</h1>
        <p className="mt-2 text-muted">{t('documents.noFamily')}</p>
      </section>
    );
  }
  return (
    <FamilyDocuments
      key={family._id}
      familiaId={family._id}
      families={families.data ?? []}
      onFamily={setChosenFamily}
      kids={kids}
      viewer={isViewer(family)}
      linked={linked.data ?? null}
      onLinkedClosed={() => {
        // Its family stays the one shown once the link is gone.
        setChosenFamily(family._id);
        setParams({}, { replace: true });
      }}
    />
  );
}

interface FamilyProps {
  familiaId: string;
  families: Family[];
  onFamily: (id: string) => void;
  kids: Kid[];
  viewer: boolean;
  /** The document a link asked to open, if any. */
  linked?: DocumentView | null;
  onLinkedClosed?: () => void;
}

/** One family's documents: the list, the storage, and what is open; drawn by DocumentsView. */
export function FamilyDocuments({ familiaId, families, onFamily, kids, viewer, linked = null, onLinkedClosed }: FamilyProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<DocumentsTab>('current');
  const [search, setSearch] = useState('');
  const [categoria, setCategoria] = useState('');
  const [hijoId, setHijoId] = useState('');
  const [uploading, setUploading] = useState(false);
  const [open, setOpen] = useState<DocumentView | null>(null);
  const [deleting, setDeleting] = useState<DocumentView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const q = useDebounced(search);
  const filters = { q, categoria, hijoId };
  const documents = useDocuments(familiaId, filters);
  const storage = useStorage(familiaId);
  const remove = useDeleteDocument();
  const list = documents.data?.pages.flatMap((p) => p.documentos) ?? [];
  const filtered = Boolean(q.trim() || categoria || hijoId);

  return (
    <DocumentsView
      familiaId={familiaId}
      families={families}
      onFamily={onFamily}
      kids={kids}
      viewer={viewer}
      storage={storage.data}
      notice={notice}
      onDismissNotice={() => setNotice(null)}
      tab={tab}
      onTab={setTab}
      search={search}
      onSearch={setSearch}
      categoria={categoria}
      onCategoria={setCategoria}
      hijoId={hijoId}
      onHijo={setHijoId}
      filtered={filtered}
      documents={{
        items: list,
        pending: documents.isPending,
        error: documents.isError ? documents.error.message : null,
        hasMore: documents.hasNextPage,
        loadingMore: documents.isFetchingNextPage,
        onMore: () => void documents.fetchNextPage(),
      }}
      onOpen={setOpen}
      onUpload={() => setUploading(true)}
      deleted={<DeletedList familiaId={familiaId} onRestored={() => setNotice(t('documents.deleted.restored'))} />}
      dialogs={
        <>
          {!viewer && (
            <UploadDialog
              open={uploading}
              onClose={() => setUploading(false)}
              onUploaded={() => {
                setUploading(false);
                setNotice(t('documents.upload.done'));
              }}
              familiaId={familiaId}
              kids={kids}
              initialKids={hijoId ? [hijoId] : []}
            />
          )}
          <DocumentDialog
            document={open ?? linked}
            onClose={() => {
              if (!open) onLinkedClosed?.();
              setOpen(null);
            }}
            onDelete={(doc) => {
              if (!open) onLinkedClosed?.();
              setOpen(null);
              setDeleting(doc);
            }}
            kids={kids}
          />
          <ConfirmDialog
            open={deleting !== null}
            title={t('documents.detail.deleteTitle', { title: deleting?.titulo ?? '' })}
            body={t('documents.detail.deleteBody')}
            confirmLabel={t('documents.detail.deleteConfirm')}
            onConfirm={async () => {
              const doc = deleting;
              await remove.mutateAsync(doc?._id ?? '');
              // Its own word, in place of whatever the last upload or restore said.
              setNotice(t('documents.deleted.done', { title: doc?.titulo ?? '' }));
            }}
            onClose={() => setDeleting(null)}
          />
        </>
      }
    />
  );
}

/** A list the page reads a page at a time, as the view shows it. */
export interface DocumentList {
  items: DocumentView[];
  pending: boolean;
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}

export interface DocumentsViewProps {
  familiaId: string;
  families: Family[];
  onFamily: (id: string) => void;
  kids: Kid[];
  /** The reader only views this family: no upload, no deleted tab. */
  viewer: boolean;
  storage: StorageUse | undefined;
  notice: string | null;
  onDismissNotice: () => void;
  tab: DocumentsTab;
  onTab: (tab: DocumentsTab) => void;
  search: string;
  onSearch: (search: string) => void;
  categoria: string;
  onCategoria: (categoria: string) => void;
  hijoId: string;
  onHijo: (hijoId: string) => void;
  /** A filter is set: an empty list says nothing matched rather than that there is nothing. */
  filtered: boolean;
  documents: DocumentList;
  onOpen: (doc: DocumentView) => void;
  onUpload: () => void;
  /** The deleted tab, which reads its own list. */
  deleted: ReactNode;
  /** The dialogs the page opens. */
  dialogs: ReactNode;
}

/** /profile/documents as it is drawn: storage, upload, the tabs and the documents by category. */
export function DocumentsView({
  familiaId,
  families,
  onFamily,
  kids,
  viewer,
  storage,
  notice,
  onDismissNotice,
  tab,
  onTab,
  search,
  onSearch,
  categoria,
  onCategoria,
  hijoId,
  onHijo,
  filtered,
  documents,
  onOpen,
  onUpload,
  deleted,
  dialogs,
}: DocumentsViewProps) {
  const { t } = useTranslation();
  const kidNames = (ids: string[]) => ids.map((id) => kids.find((k) => k.id === id)?.name).filter((n): n is string => Boolean(n));
  return (
    <section className="mx-auto max-w-3xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {/* Wide enough to read before it shares a line: on a phone the picker goes below. */}
        <div className="min-w-0 flex-1 basis-64">
          <h1 className="text-2xl font-bold text-ink">{t('sections.documents')}</h1>
          <p className="mt-1 text-sm text-muted">{t('documents.intro')}</p>
        </div>
        <FamilyPicker families={families} value={familiaId} onChange={onFamily} label={t('documents.family')} />
      </div>
      <StorageBar storage={storage} />
      {viewer ? (
        <Alert kind="info">{t('documents.viewerOnly')}</Alert>
      ) : (
        <Button full onClick={onUpload}>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M12 19V7M7 12l5-5 5 5M5 4h14" />
          </svg>
          {t('documents.upload.open')}
        </Button>
      )}
      {notice && (
        <div className="flex items-start gap-3">
          <div className="flex-1">
            <Alert kind="success">{notice}</Alert>
          </div>
          <Button variant="ghost" onClick={onDismissNotice}>
            {t('common.close')}
          </Button>
        </div>
      )}
      {!viewer && (
        <div role="tablist" aria-label={t('sections.documents')} className="grid grid-cols-2 gap-1 rounded-2xl bg-sand-100 p-1">
          {DOCUMENTS_TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`documents-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`documents-panel-${name}`}
              onClick={() => onTab(name)}
              className={`rounded-xl px-3 py-2 text-sm font-semibold ${tab === name ? 'bg-white text-ink shadow-sm' : 'text-muted hover:text-ink'}`}
            >
              {t(`documents.tabs.${name}`)}
            </button>
          ))}
        </div>
      )}
      <div role={viewer ? undefined : 'tabpanel'} id={`documents-panel-${tab}`} aria-labelledby={viewer ? undefined : `documents-tab-${tab}`} className="space-y-4">
        {tab === 'deleted' && !viewer ? (
          deleted
        ) : (
          <>
            <DocumentFiltersBar search={search} onSearch={onSearch} categoria={categoria} onCategoria={onCategoria} hijoId={hijoId} onHijo={onHijo} kids={kids} />
            {documents.error && <Alert>{documents.error}</Alert>}
            {documents.pending ? (
              <Loading />
            ) : documents.items.length === 0 ? (
              <p className="rounded-2xl border-2 border-dashed border-brand-200 p-6 text-center text-muted">{filtered ? t('documents.noMatch') : t('documents.none')}</p>
            ) : (
              CATEGORIES.filter((c) => documents.items.some((d) => d.categoria === c)).map((c) => (
                <section key={c} aria-labelledby={`documents-group-${c}`}>
                  <h2 id={`documents-group-${c}`} className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">
                    {t(`documents.categories.${c}`)}
                  </h2>
                  <ul className="space-y-2">
                    {documents.items
                      .filter((d) => d.categoria === c)
                      .map((d) => (
                        <DocumentItem key={d._id} document={d} kidNames={kidNames(d.hijos)} onOpen={onOpen} />
                      ))}
                  </ul>
                </section>
              ))
            )}
            {documents.hasMore && (
              <Button variant="secondary" full busy={documents.loadingMore} onClick={documents.onMore}>
                {t('documents.more')}
              </Button>
            )}
          </>
        )}
      </div>
      {dialogs}
    </section>
  );
}

/** "1,2 GB de 5 GB" with a bar: every version of every live document counts, and the ones the
 *  reader deleted (for them alone, until purged), which a line under the bar says. */
export function StorageBar({ storage }: { storage: StorageUse | undefined }) {
  const { t, i18n } = useTranslation();
  if (!storage) return null;
  const percent = usedPercent(storage.usadoBytes, storage.cuotaBytes);
  const text = t('documents.storage', { used: formatBytes(storage.usadoBytes, i18n.language), quota: formatBytes(storage.cuotaBytes, i18n.language) });
  return (
    <div className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-black/5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-ink">{t('documents.storageLabel')}</span>
        <span className="text-muted" data-testid="storage">
          {text}
        </span>
      </div>
      <div role="meter" aria-label={t('documents.storageLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text} className="mt-2 h-2 overflow-hidden rounded-full bg-sand-100">
        <div className={`h-full rounded-full ${percent >= 90 ? 'bg-red-600' : 'bg-brand-600'}`} style={{ width: `${percent}%` }} />
      </div>
      {storage.eliminadosBytes > 0 && <p className="mt-2 text-xs text-muted">{t('documents.storageDeleted', { size: formatBytes(storage.eliminadosBytes, i18n.language) })}</p>}
    </div>
  );
}
