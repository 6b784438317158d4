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

/** The headers every call to the API carries: the page's language and the session, if any. */
export function requestHeaders(): Headers {
  const headers = new Headers({ 'Accept-Language': currentLanguage() });
  const token = window.localStorage.getItem(TOKEN_KEY);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * A session the server no longer knows ends here, once, for the whole tab: every page would
 * otherwise show its own "not valid" error with a retry that cannot work.
 */
export function noticeSessionEnd(status: number, carriedSession: boolean, body: unknown): void {
  if (status === 401 && carriedSession && endsSession(status, errorShape(body).code)) announceSessionEnded();
}

const headers: Middleware = {
  onRequest({ request }) {
    requestHeaders().forEach((value, name) => {
      if (name !== 'authorization' || !request.headers.has('Authorization')) request.headers.set(name, value);
    });
    return request;
  },
  async onResponse({ request, response }) {
    if (response.status === 401) noticeSessionEnd(response.status, request.headers.has('Authorization'), await response.clone().json().catch(() => null));
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

/** The error fields of an answer's body, whatever the body was. */
function errorShape(body: unknown): ErrorShape {
  if (typeof body !== 'object' || body === null) return {};
  const fields = new Map<string, unknown>(Object.entries(body));
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const listed = fields.get('errors');
  const errors =
    typeof listed === 'object' && listed !== null
      ? Object.fromEntries(Object.entries(listed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : undefined;
  return { msg: text('msg'), error: text('error'), code: text('code'), errors };
}

/** The ApiError for a failed answer: the server's `msg` (or `error`), else `fallback`. */
export function apiErrorOf(status: number, body: unknown, fallback: string): ApiError {
  const shape = errorShape(body);
  return new ApiError(status, shape.msg ?? shape.error ?? fallback, shape.code, shape.errors);
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
  throw apiErrorOf(result.response.status, result.error, fallback);
}
