import { i18n } from '../i18n/i18n';
import { ApiError } from './client';
import './locales';

/**
 * The text to show for a failed request (or a form's own error text, passed as a string); null when there is none.
 * A server's refusal carries its message in the user's language: it is shown as it is. A request that never got an
 * answer (ApiError code 0: network down, timed out, aborted) or any other exception carries English from the client
 * or the browser: `fallback` is shown instead (by default a "check your connection" in the user's language).
 */
export function errorText(err: unknown, fallback?: string): string | null {
  if (!err) return null;
  if (typeof err === 'string') return err;
  if (err instanceof ApiError && err.code !== 0 && err.message) return err.message;
  return fallback ?? i18n.t('api:requestFailed');
}
