import type { MessageKey } from '../../common/i18n/messages';

/**
 * A refusal the caller should see: an HTTP status (mirrored in the body's `code`), a message key
 * answered in the caller's language, and optionally the fields at fault.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly fields: Array<{ field: string; key: MessageKey }> = [],
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const notFound = (key: MessageKey = 'notFound') => new AppError(404, key);
export const badRequest = (key: MessageKey, params?: Record<string, string | number>) => new AppError(400, key, params);
export const conflict = (key: MessageKey, params?: Record<string, string | number>) => new AppError(409, key, params);
export const unauthorized = () => new AppError(401, 'unauthorized');
export const forbidden = () => new AppError(403, 'forbidden');
/** A field-level refusal: 422, message naming the field. */
export const invalidField = (field: string, key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(422, key, params, [{ field, key }]);
