import type { AnyMessageKey as MessageKey } from '../../common/i18n/admin-messages';

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

type Params = Record<string, string | number>;

/** The field at fault, when there is one (the client marks it). */
const at = (field: string | undefined, key: MessageKey) => (field ? [{ field, key }] : []);

// One helper per refusal the server makes; `field` names the field at fault, when there is one.
export const badRequest = (key: MessageKey, params?: Params, field?: string) =>
  new AppError(400, key, params, at(field, key));
export const unauthorized = () => new AppError(401, 'unauthorized');
export const forbidden = (key: MessageKey = 'forbidden', field?: string) => new AppError(403, key, {}, at(field, key));
export const notFound = (key: MessageKey = 'notFound', field?: string) => new AppError(404, key, {}, at(field, key));
export const conflict = (key: MessageKey, params?: Params, field?: string) =>
  new AppError(409, key, params, at(field, key));
export const payloadTooLarge = (key: MessageKey, params?: Params, field?: string) =>
  new AppError(413, key, params, at(field, key));
export const unsupportedMediaType = (key: MessageKey) => new AppError(415, key);
/** A field-level refusal: 422, message naming the field. */
export const invalidField = (field: string, key: MessageKey, params?: Params) =>
  new AppError(422, key, params, [{ field, key }]);
/** A refusal of the input as a whole (422), or of several fields at once (the message: `key`). */
export const unprocessable = (
  key: MessageKey,
  params?: Params,
  fields: Array<{ field: string; key: MessageKey }> = [],
) => new AppError(422, key, params, fields);
export const tooManyRequests = (key: MessageKey = 'tooManyRequests', params?: Params, field?: string) =>
  new AppError(429, key, params, at(field, key));
/** Another service the answer depends on (Telegram's Bot API) failed. */
export const badGateway = (key: MessageKey) => new AppError(502, key);
