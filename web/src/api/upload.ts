import type { paths } from './schema';
import { apiErrorOf, ApiError, requestHeaders, noticeSessionEnd } from './client';

/** The API's paths that take a multipart form by POST (files: documents, receipts, photos...). */
export type UploadPath = {
  [P in keyof paths]: paths[P] extends { post: { requestBody: { content: { 'multipart/form-data': unknown } } } } ? P : never;
}[keyof paths];

type Post<P extends UploadPath> = paths[P]['post'];

/** What the path's success answers, as the schema says (201 for what is created, else 200). */
export type UploadAnswer<P extends UploadPath> =
  Post<P> extends { responses: { 201: { content: { 'application/json': infer A } } } }
    ? A
    : Post<P> extends { responses: { 200: { content: { 'application/json': infer A } } } }
      ? A
      : never;

type PathParams<P extends UploadPath> = Post<P> extends { parameters: { path: infer Q extends Record<string, string> } } ? Q : Record<string, never>;

/** The path with its `{name}` parameters filled in. */
function fill(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * Sends a multipart form to one of the API's upload paths with XMLHttpRequest rather than fetch
 * (and so beside the openapi-fetch client): only it reports the upload's progress, which a 25 MB
 * file over a phone's connection needs. Same headers, same errors, same end of a dead session as
 * the client; the answer is typed from the schema.
 */
export function uploadWithProgress<P extends UploadPath>(
  path: P,
  params: PathParams<P>,
  form: FormData,
  fallback: string,
  onProgress?: (fraction: number) => void,
): Promise<UploadAnswer<P>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', fill(path, params));
    const headers = requestHeaders();
    headers.forEach((value, name) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, fallback, 'network'));
    request.onload = () => {
      // The schema's type for this path's answer, as openapi-fetch gives its own parsed bodies.
      let answer: UploadAnswer<P> | null = null;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        answer = null;
      }
      if (request.status >= 200 && request.status < 300 && answer !== null) resolve(answer);
      else {
        noticeSessionEnd(request.status, headers.has('Authorization'), answer);
        reject(apiErrorOf(request.status, answer, fallback));
      }
    };
    request.send(form);
  });
}
