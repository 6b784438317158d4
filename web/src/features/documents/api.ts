import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import { summaryKey } from '../../api/queryKeys';
import { uploadWithProgress } from '../../api/upload';
import type { DocumentFields, DocumentFilters, DocumentPage } from './types';
import { saveFile } from '../../api/files';

/** Everything /profile/documents shows sits under this key, so one live event refreshes it all. */
export const documentsKey = ['documents'] as const;
const listKey = (familiaId: string, filters: Record<string, string>, deleted: boolean) => [...documentsKey, familiaId, deleted ? 'deleted' : 'list', filters] as const;
const detailKey = (id: string) => [...documentsKey, 'detail', id] as const;
const storageKey = (familiaId: string) => [...documentsKey, familiaId, 'storage'] as const;

/** Drops empty filters, so the query string and the cache key hold only what narrows the list. */
export function cleanFilters(filters: DocumentFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).flatMap(([k, v]) => (typeof v === 'string' && v.trim() !== '' ? [[k, v.trim()]] : [])),
  );
}

/** The family's documents (or its recently deleted ones), newest first, a page at a time. */
export function useDocuments(familiaId: string | null, filters: DocumentFilters, deleted = false) {
  const { t } = useTranslation();
  const query = cleanFilters(filters);
  return useInfiniteQuery({
    queryKey: listKey(familiaId ?? '', query, deleted),
    enabled: familiaId !== null,
    initialPageParam: '',
    getNextPageParam: (last: DocumentPage) => last.siguiente ?? undefined,
    queryFn: async ({ pageParam }) => {
      const params = {
        familiaId: familiaId ?? '',
        ...query,
        ...(deleted ? { eliminados: 'true' } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      };
      return (await unwrap(api.GET('/api/documentos', { params: { query: params } }), t('documents.errors.load'))).data;
    },
  });
}

export function useDocument(id: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: detailKey(id ?? ''),
    enabled: id !== null,
    queryFn: async () => (await unwrap(api.GET('/api/documentos/{id}', { params: { path: { id: id ?? '' } } }), t('documents.errors.load'))).data,
  });
}

export function useStorage(familiaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: storageKey(familiaId ?? ''),
    enabled: familiaId !== null,
    queryFn: async () =>
      (await unwrap(api.GET('/api/documentos/espacio', { params: { query: { familiaId: familiaId ?? '' } } }), t('documents.errors.load'))).data,
  });
}

/** Any change moves the list, the storage use and the hub's counter: refresh them all. */
function useDocumentsMutation<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: documentsKey });
      void queryClient.invalidateQueries({ queryKey: summaryKey });
    },
  });
}

export interface UploadInput extends DocumentFields {
  familiaId: string;
  file: File;
  onProgress?: (fraction: number) => void;
}

export function useUploadDocument() {
  const { t } = useTranslation();
  return useDocumentsMutation(async ({ familiaId, file, titulo, categoria, hijos, notas, visibilidad, onProgress }: UploadInput) => {
    const form = new FormData();
    form.append('familiaId', familiaId);
    form.append('titulo', titulo.trim());
    form.append('categoria', categoria);
    for (const hijo of hijos) form.append('hijos', hijo);
    if (notas.trim()) form.append('notas', notas.trim());
    form.append('visibilidad', visibilidad);
    // The file goes last: the server reads the fields before it streams the file.
    form.append('archivo', file);
    return (await uploadWithProgress('/api/documentos', {}, form, t('documents.errors.upload'), onProgress)).data;
  });
}

export function useAddVersion() {
  const { t } = useTranslation();
  return useDocumentsMutation(async ({ id, file, onProgress }: { id: string; file: File; onProgress?: (fraction: number) => void }) => {
    const form = new FormData();
    form.append('archivo', file);
    return (await uploadWithProgress('/api/documentos/{id}/versiones', { id }, form, t('documents.errors.upload'), onProgress)).data;
  });
}

export function useUpdateDocument() {
  const { t } = useTranslation();
  return useDocumentsMutation(async ({ id, fields }: { id: string; fields: DocumentFields }) => {
    const body = {
      titulo: fields.titulo.trim(),
      categoria: fields.categoria,
      hijos: fields.hijos,
      notas: fields.notas.trim() || null,
      visibilidad: fields.visibilidad,
    };
    return (await unwrap(api.PUT('/api/documentos/{id}', { params: { path: { id } }, body }), t('documents.errors.save'))).data;
  });
}

export function useDeleteDocument() {
  const { t } = useTranslation();
  return useDocumentsMutation(async (id: string) =>
    (await unwrap(api.DELETE('/api/documentos/{id}', { params: { path: { id } } }), t('documents.errors.save'))).data,
  );
}

export function useRestoreDocument() {
  const { t } = useTranslation();
  return useDocumentsMutation(async (id: string) =>
    (await unwrap(api.POST('/api/documentos/{id}/restaurar', { params: { path: { id } } }), t('documents.errors.save'))).data,
  );
}

/** Which of a document's files: the current version unless one is named; `inline` to show it in the page. */
export interface FileRef {
  id: string;
  version?: number | undefined;
  inline?: boolean;
}

/**
 * Fetches a document's file with the session's token, which a plain link or an <img> cannot carry.
 * `type`, when given, is the type the blob gets whatever the answer claimed.
 */
export async function fetchFile({ id, version, inline = false }: FileRef, fallback: string, type?: string): Promise<Blob> {
  const query = { ...(version !== undefined ? { version: String(version) } : {}), ...(inline ? { inline: 'true' } : {}) };
  const blob = await unwrap(api.GET('/api/documentos/{id}/archivo', { params: { path: { id }, query }, parseAs: 'blob' }), fallback);
  return type ? new Blob([blob], { type }) : blob;
}

/** Hands a document's file to the browser as a download, under its own name. */
export async function downloadFile(file: FileRef, name: string, fallback: string): Promise<void> {
  saveFile(await fetchFile(file, fallback), name);
}
