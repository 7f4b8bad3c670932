import type { ApiPath } from '@common/contract/api-map';
import { vi } from 'vitest';

/** A request as the server would read it: form fields (multipart or form-encoded), any file, the headers. */
export interface Call {
  path: string;
  body: URLSearchParams;
  files: Record<string, File>;
  multipart: boolean;
  headers: Headers;
  /** The Authorization header, if one was sent. */
  authorization: string | null;
}

/** What a path answers: the envelope's parts, a refusal's field errors, a raw body, or a network failure. */
export interface Answer {
  status?: number;
  data?: unknown;
  message?: string;
  /** A refusal's field errors (the envelope's `data.errors`). */
  errors?: Array<{ field: string; message: string }>;
  /** The whole JSON body as it is (bodies outside the envelope). */
  bare?: Record<string, unknown>;
  /** The request fails as if the network were down. */
  network?: boolean;
}

export type Handler = (body: URLSearchParams, call: Call) => Answer | Promise<Answer>;
/** One handler per path of the contract (a typo in a path does not compile). */
export type Handlers = Partial<Record<ApiPath, Handler>>;

/**
 * Stubs fetch: each API path answers from its handler in the server's envelope (`{success, code, message, data}`;
 * a refusal carries `data.errors`, else its `data` or null); a path without a handler answers 404. Records every call.
 */
export function mockApi(handlers: Handlers) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const raw = init?.body;
    const body = new URLSearchParams();
    const files: Record<string, File> = {};
    const multipart = raw instanceof FormData;
    if (raw instanceof FormData) {
      for (const [k, v] of raw.entries()) {
        if (typeof v === 'string') body.append(k, v);
        else files[k] = v as File;
      }
    } else {
      for (const [k, v] of new URLSearchParams(String(raw ?? ''))) body.append(k, v);
    }
    const headers = new Headers(init?.headers);
    const call: Call = { path, body, files, multipart, headers, authorization: headers.get('authorization') };
    calls.push(call);
    const handler = handlers[path as ApiPath];
    const answer = handler ? await handler(body, call) : { status: 404, message: 'There is no such API path' };
    if (answer.network) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    const ok = status < 400;
    const json = answer.bare ?? {
      success: ok,
      code: status,
      message: answer.message ?? (ok ? 'OK' : 'Refused'),
      data: ok ? answer.data : answer.errors ? { errors: answer.errors } : (answer.data ?? null),
    };
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (path: ApiPath) => calls.filter((c) => c.path === path);
  return { fetchMock, calls, callsTo };
}
