import { z } from 'zod';

/** Body `code` values. They mirror the HTTP status of the answer. */
export const Code = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMedia: 415,
  invalid: 422,
  tooManyRequests: 429,
  serverError: 500,
  unavailable: 503,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** The one response envelope of docs/decisions/002. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), code: z.number().int(), message: z.string(), data });

export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

/**
 * What every refusal answers: `data` holds the field errors when fields were at fault. With tracing on, `trace_id`
 * names the request's trace, so a report of the error leads to it (docs/decisions/046); clients may ignore it.
 */
export const errorEnvelope = envelope(z.object({ errors: z.array(fieldError) }).nullable()).extend({
  trace_id: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
