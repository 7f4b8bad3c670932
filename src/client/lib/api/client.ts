import type { ApiInput, ApiOutput, ApiPath } from '@common/contract/api-map';
import type { FieldError } from '@common/contract/envelope';
import { currentLang } from '../i18n/i18n';
import { telegramInitData } from '../telegram/launch';

/** The API base: VITE_API_BASE at build time, else the same origin. */
export const API_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The server's message for one field, if it named it. */
  field(name: string): string | undefined {
    return this.fields.find((f) => f.field === name)?.message;
  }
}

/** The credentials a request carries. */
export interface Credentials {
  token: string | null;
  telegramUserId: string | null;
}

let readCredentials: () => Credentials = () => ({ token: null, telegramUserId: null });
/**
 * Where the client reads the session from: the session store registers itself (stores/session-store.ts), so lib/
 * never imports stores/ (layers point one way: stores use lib).
 */
export function setCredentialsSource(read: () => Credentials): void {
  readCredentials = read;
}

let onUnauthorized: () => void = () => {};
/** The app says what a 401 (HTTP or body code) does: clear storage and the user, go home. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

let transport: typeof fetch = (input, init) => fetch(input, init);
/**
 * How requests are sent: `fetch` in the browser; the server render (entry-server.tsx) answers them in process with
 * the same paths and bodies.
 */
export function setApiTransport(send: typeof fetch): void {
  transport = send;
}

type Scalar = string | number | boolean | null | undefined;

/** Form-encodes a body: scalars as they are, arrays and objects as JSON (the contract's `json()` fields). */
function encode(fields: Record<string, unknown>): URLSearchParams | FormData {
  const hasFile = Object.values(fields).some((v) => typeof Blob !== 'undefined' && v instanceof Blob);
  const form = hasFile ? new FormData() : new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (hasFile && value instanceof Blob) (form as FormData).append(key, value);
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value as Scalar));
  }
  return form;
}

/**
 * Calls one path of the contract: POST, form-encoded (multipart when a file is in the body), with the
 * common fields merged in and the bearer token when there is one. Resolves to the envelope's `data`
 * (or the bare body); rejects with ApiError carrying the server's message in the current language.
 *
 * Paths keep the names compatible clients already call and stay as they are (`/v2/get-cash-rebate-list`,
 * `/v1/update-onhold-rebate-amount`, `variant_id` fields); the client's code says "cash reward" and "packaging" for
 * those concepts everywhere else.
 */
export async function api<P extends ApiPath>(
  path: P,
  body?: ApiInput<P>,
  options: {
    signal?: AbortSignal;
    /** Receives the server's success message (in the caller's language), e.g. for a toast. */
    onMessage?: (message: string) => void;
  } = {},
): Promise<ApiOutput<P>> {
  const { form, headers, token } = request(body as Record<string, unknown> | undefined);
  let response: Response;
  try {
    response = await transport(`${API_BASE}${path}`, { method: 'POST', body: form, headers, signal: options.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('Network error', 0);
  }
  // A body that stops arriving (the page navigating away, the connection dropping) is network trouble, not the
  // server's answer: reported as code 0 like a failed fetch, so nobody mistakes it for a refusal (and drops the
  // session). A body that arrives but is not JSON (a proxy's error page) is the server's answer.
  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('Network error', 0);
  }
  return readAnswer<ApiOutput<P>>(response.status, response.statusText, text, token, options.onMessage);
}

/**
 * One call's body and headers: the path's fields with the common fields merged in (form-encoded, multipart when
 * a file is in it) and the bearer token when there is one. Shared with lib/api/transfer.ts (downloads, uploads
 * with progress), so every call carries the session alike.
 */
export function request(body: Record<string, unknown> | undefined) {
  const { token, telegramUserId } = readCredentials();
  const fields: Record<string, unknown> = {
    ...body,
    lang: currentLang(),
    token: token ?? undefined,
    telegram_user_id: telegramUserId ?? undefined,
    is_frontend: 1,
    init_data: telegramInitData(),
  };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return { form: encode(fields), headers, token };
}

/**
 * Reads an answer's envelope: its `data` (or the bare body) on success; else an ApiError with the server's message.
 * A 401 (HTTP or body code) ends the session that was refused, and only it: an answer to a request sent with a
 * token that has since been replaced (log-out, then a new log-in) must not log the new session out.
 */
export function readAnswer<T>(
  status: number,
  statusText: string,
  text: string,
  token: string | null,
  onMessage?: (message: string) => void,
): T {
  const json = parseJson(text) as {
    success?: boolean;
    code?: number;
    message?: string;
    data?: unknown;
  } | null;
  if (status === 401 || json?.code === 401) {
    if ((readCredentials().token ?? null) === (token ?? null)) onUnauthorized();
    throw new ApiError(json?.message ?? 'Unauthorized', 401);
  }
  if (status < 200 || status >= 300 || !json || json.success !== true) {
    const fields = (json?.data as { errors?: FieldError[] } | null)?.errors ?? [];
    throw new ApiError(json?.message ?? statusText, json?.code ?? status, fields);
  }
  if (typeof json.message === 'string') onMessage?.(json.message);
  return ('data' in json ? json.data : json) as T;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
