import { currentLanguage } from '../i18n';
import { ApiError, TOKEN_KEY } from './client';

/** The headers of a request made outside the typed client: the session and the language. */
export function authHeaders(): Record<string, string> {
  return { Authorization: `Bearer ${window.localStorage.getItem(TOKEN_KEY) ?? ''}`, 'Accept-Language': currentLanguage() };
}

/** A file the session may read, as a Blob of `type` (the server's own type when none is given). */
export async function fetchFile(path: string, fallback: string, type?: string): Promise<Blob> {
  let response: Response;
  try {
    response = await globalThis.fetch(path, { headers: authHeaders() });
  } catch {
    throw new ApiError(0, fallback, 'network');
  }
  if (!response.ok) throw new ApiError(response.status, fallback);
  const blob = await response.blob();
  return type ? new Blob([blob], { type }) : blob;
}

/** Hands a Blob to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started long before; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Fetches a file the session may read and hands it to the browser as a download. */
export async function downloadFile(path: string, name: string, fallback: string): Promise<void> {
  saveFile(await fetchFile(path, fallback), name);
}
