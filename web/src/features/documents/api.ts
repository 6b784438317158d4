import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLanguage, useTranslation } from '../../i18n';
import { ApiError, TOKEN_KEY } from '../../api/client';
import type { DocumentDetail, DocumentFields, DocumentFilters, DocumentPage, DocumentView, StorageUse } from './types';

/** Everything /profile/documents shows sits under this key, so one live event refreshes it all. */
export const documentsKey = ['documentos'] as const;
const listKey = (familiaId: string, filters: Record<string, string>, deleted: boolean) => ['documentos', familiaId, deleted ? 'eliminados' : 'lista', filters] as const;
const detailKey = (id: string) => ['documentos', 'detalle', id] as const;
const storageKey = (familiaId: string) => ['documentos', familiaId, 'espacio'] as const;
const summaryKey = ['profile', 'summary'] as const;

function authHeaders(): Record<string, string> {
  return { Authorization: `Bearer ${window.localStorage.getItem(TOKEN_KEY) ?? ''}`, 'Accept-Language': currentLanguage() };
}

interface Envelope<T> {
  data?: T;
  msg?: string;
  error?: string;
  code?: string;
  errors?: Record<string, string>;
}

/** One call to the documents API: the answer's data, else an ApiError with the server's message and fields. */
async function call<T>(method: string, path: string, fallback: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await globalThis.fetch(path, {
      method,
      headers: body === undefined ? authHeaders() : { ...authHeaders(), 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, fallback, 'network');
  }
  const answer = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (response.ok && answer?.data !== undefined) return answer.data;
  throw new ApiError(response.status, answer?.msg ?? answer?.error ?? fallback, answer?.code, answer?.errors);
}

/** Drops empty filters, so the query string and the cache key hold only what narrows the list. */
export function cleanFilters(filters: DocumentFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v === 'string' && v.trim() !== '').map(([k, v]) => [k, (v as string).trim()]));
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
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ familiaId: familiaId ?? '', ...query });
      if (deleted) params.set('eliminados', 'true');
      if (pageParam) params.set('cursor', pageParam);
      return call<DocumentPage>('GET', `/api/documentos?${params.toString()}`, t('documents.errors.load'));
    },
  });
}

export function useDocument(id: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: detailKey(id ?? ''),
    enabled: id !== null,
    queryFn: () => call<DocumentDetail>('GET', `/api/documentos/${encodeURIComponent(id ?? '')}`, t('documents.errors.load')),
  });
}

export function useStorage(familiaId: string | null) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: storageKey(familiaId ?? ''),
    enabled: familiaId !== null,
    queryFn: () => call<StorageUse>('GET', `/api/documentos/espacio?familiaId=${encodeURIComponent(familiaId ?? '')}`, t('documents.errors.load')),
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
  return useDocumentsMutation(({ familiaId, file, titulo, categoria, hijos, notas, visibilidad, onProgress }: UploadInput) => {
    const form = new FormData();
    form.append('familiaId', familiaId);
    form.append('titulo', titulo.trim());
    form.append('categoria', categoria);
    for (const hijo of hijos) form.append('hijos', hijo);
    if (notas.trim()) form.append('notas', notas.trim());
    form.append('visibilidad', visibilidad);
    // The file goes last: the server reads the fields before it streams the file.
    form.append('archivo', file);
    return send<DocumentView>('/api/documentos', form, t('documents.errors.upload'), onProgress);
  });
}

export function useAddVersion() {
  const { t } = useTranslation();
  return useDocumentsMutation(({ id, file, onProgress }: { id: string; file: File; onProgress?: (fraction: number) => void }) => {
    const form = new FormData();
    form.append('archivo', file);
    return send<DocumentView>(`/api/documentos/${encodeURIComponent(id)}/versiones`, form, t('documents.errors.upload'), onProgress);
  });
}

export function useUpdateDocument() {
  const { t } = useTranslation();
  return useDocumentsMutation(({ id, fields }: { id: string; fields: DocumentFields }) =>
    call<DocumentView>('PUT', `/api/documentos/${encodeURIComponent(id)}`, t('documents.errors.save'), {
      titulo: fields.titulo.trim(),
      categoria: fields.categoria,
      hijos: fields.hijos,
      notas: fields.notas.trim() || null,
      visibilidad: fields.visibilidad,
    }),
  );
}

export function useDeleteDocument() {
  const { t } = useTranslation();
  return useDocumentsMutation((id: string) => call<DocumentView>('DELETE', `/api/documentos/${encodeURIComponent(id)}`, t('documents.errors.save')));
}

export function useRestoreDocument() {
  const { t } = useTranslation();
  return useDocumentsMutation((id: string) => call<DocumentView>('POST', `/api/documentos/${encodeURIComponent(id)}/restaurar`, t('documents.errors.save')));
}

/**
 * Sends a multipart form with XMLHttpRequest rather than fetch: only it reports the upload's
 * progress, which a 25 MB file over a phone's connection needs.
 */
function send<T>(path: string, form: FormData, fallback: string, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    for (const [name, value] of Object.entries(authHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, fallback, 'network'));
    request.onload = () => {
      let answer: Envelope<T> | null = null;
      try {
        answer = JSON.parse(request.responseText) as Envelope<T>;
      } catch {
        answer = null;
      }
      if (request.status >= 200 && request.status < 300 && answer?.data !== undefined) resolve(answer.data);
      else reject(new ApiError(request.status, answer?.msg ?? answer?.error ?? fallback, answer?.code, answer?.errors));
    };
    request.send(form);
  });
}

/** The path of a document's file: the current version unless one is named. */
export function filePath(id: string, version?: number, inline = false): string {
  const params = new URLSearchParams();
  if (version !== undefined) params.set('version', String(version));
  if (inline) params.set('inline', 'true');
  const query = params.toString();
  return `/api/documentos/${encodeURIComponent(id)}/archivo${query ? `?${query}` : ''}`;
}

/**
 * Fetches a file with the session's token, which a plain link or an <img> cannot carry. `type`,
 * when given, is the type the blob gets whatever the answer claimed.
 */
export async function fetchBlob(path: string, fallback: string, type?: string): Promise<Blob> {
  let response: Response;
  try {
    response = await globalThis.fetch(path, { headers: authHeaders() });
  } catch {
    throw new ApiError(0, fallback, 'network');
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    throw new ApiError(response.status, answer?.msg ?? fallback, answer?.code);
  }
  return new Blob([await response.arrayBuffer()], { type: type ?? response.headers.get('Content-Type') ?? '' });
}

/** Hands a file to the browser as a download, under its own name. */
export async function downloadFile(path: string, name: string, fallback: string): Promise<void> {
  const url = URL.createObjectURL(await fetchBlob(path, fallback));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
