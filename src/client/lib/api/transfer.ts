import type { ApiInput, ApiOutput, ApiPath } from '@common/contract/api-map';
import { API_BASE, ApiError, readAnswer, request } from './client';

/**
 * File transfers of the back office, with the session, envelope and 401 handling of `api()` (client.ts): a file an
 * admin path answers (a CSV export), saved under the name the server gives, and an upload that reports its
 * progress (XMLHttpRequest's `upload.onprogress`: fetch cannot report a request body's progress).
 */

/** The download's name from Content-Disposition (`attachment; filename="…"`). */
const fileNameOf = (disposition: string | null): string =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'download';

/**
 * Calls a path that answers a file and saves it (the browser's download) as `fileName`, else the name the server
 * gives. A refusal arrives as the usual JSON envelope and is thrown as an ApiError (a 401 ends the session, like
 * `api()`).
 */
export async function downloadFile<P extends ApiPath>(path: P, body: ApiInput<P>, fileName?: string): Promise<void> {
  const { form, headers, token } = request(body as Record<string, unknown>);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      body: form,
      headers: { ...headers, accept: '*/*' },
    });
  } catch {
    throw new ApiError('Network error', 0);
  }
  if (!response.ok) {
    readAnswer(response.status, response.statusText, await response.text().catch(() => ''), token);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fileNameOf(response.headers.get('content-disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * How long an upload and its answer may take: a large catalogue CSV is checked row by row on the server, but a
 * request that hangs beyond this is given up (the screen must never stay busy forever).
 */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Sends a multipart call (a file in `body`) and resolves to the envelope's `data` like `api()`; `onProgress`
 * receives the share of the body sent so far (0 to 1) while it uploads. A request that fails, is aborted or times
 * out rejects as network trouble (ApiError code 0), like `api()`.
 */
export function uploadWithProgress<P extends ApiPath>(
  path: P,
  body: ApiInput<P>,
  onProgress: (sent: number) => void,
): Promise<ApiOutput<P>> {
  const { form, headers, token } = request(body as Record<string, unknown>);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    const failed = () => reject(new ApiError('Network error', 0));
    xhr.onerror = failed;
    xhr.onabort = failed;
    xhr.ontimeout = failed;
    xhr.onload = () => {
      try {
        resolve(readAnswer<ApiOutput<P>>(xhr.status, xhr.statusText, xhr.responseText, token));
      } catch (err) {
        reject(err);
      }
    };
    xhr.send(form);
  });
}
