import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { currentLanguage } from '../i18n';
import { TOKEN_KEY } from './token';
import { announceSessionEnded, endsSession } from './sessionEnd';

export { TOKEN_KEY } from './token';

/** An answer of the API that was not a success, with the server's message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, code?: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields ?? {};
  }
}

const headers: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept-Language', currentLanguage());
    const token = window.localStorage.getItem(TOKEN_KEY);
    if (token && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${token}`);
    }
    return request;
  },
  // A session the server no longer knows ends here, once, for the whole tab: every page would
  // otherwise show its own "not valid" error with a retry that cannot work.
  async onResponse({ request, response }) {
    if (response.status === 401 && request.headers.has('Authorization')) {
      const body = (await response.clone().json().catch(() => null)) as ErrorShape | null;
      if (endsSession(response.status, body?.code)) announceSessionEnded();
    }
    return response;
  },
};

export const api = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  // Looked up at call time, so tests can stand in for the network.
  fetch: (request) => globalThis.fetch(request),
});
api.use(headers);

interface ErrorShape {
  msg?: string;
  error?: string;
  code?: string;
  errors?: Record<string, string>;
}

/**
 * Unwraps an openapi-fetch result: the data on success, otherwise an ApiError carrying the
 * server's `msg` (or `error`), else `fallback` (spec §7: the client's own text for the failure).
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
  fallback: string,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch {
    throw new ApiError(0, fallback, 'network');
  }
  if (result.response.ok && result.data !== undefined) return result.data;
  const body = (typeof result.error === 'object' && result.error !== null ? result.error : {}) as ErrorShape;
  throw new ApiError(result.response.status, body.msg ?? body.error ?? fallback, body.code, body.errors);
}
