import { z } from 'zod';
import { EXCHANGE_NOTE_MAX, EXCHANGE_REASONS, EXCHANGE_STATUSES } from '../exchange-rules';
import { defineEndpoint } from './endpoint';
import { int, optional, optionalText, id as rowId } from './fields';

/**
 * Product exchanges, the customer's side (docs/decisions/020; rules in src/common/exchange-rules.ts): ask to
 * exchange a line of a Completed order within the shop's days, with a reason, a note and an optional photo; follow
 * each request's status on the order's page.
 */

export const exchangeReason = z.enum(EXCHANGE_REASONS, { error: `must be one of ${EXCHANGE_REASONS.join(', ')}` });
export const exchangeStatus = z.enum(EXCHANGE_STATUSES);

/** One request as its customer sees it. */
export const exchangeRequest = z.object({
  id: z.number().int(),
  order_item_id: z.number().int(),
  /** The line's names as ordered, in the asked language. */
  name: z.string(),
  variant_name: z.string(),
  quantity: z.number().int(),
  reason: exchangeReason,
  note: z.string().nullable(),
  /** The photo: a GET path (relative to the API base) signed for the customer, valid for an hour; null without one. */
  photo_url: z.string().nullable(),
  status: exchangeStatus,
  /** Approved: what is sent instead; declined: why not; null while requested. */
  answer: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ExchangeRequest = z.infer<typeof exchangeRequest>;

/** An order's exchanges: whether one can be asked now, until when, and the requests made. */
export const orderExchanges = z.object({
  /** Until when an exchange can be asked (completion + the shop's days); null while the order is not completed. */
  deadline: z.string().nullable(),
  /** Whether the order can have an exchange asked now (Completed and before the deadline). */
  can_request: z.boolean(),
  /** The order's lines that can still be asked for (no request made for them yet). */
  open_item_ids: z.array(z.number().int()),
  requests: z.array(exchangeRequest),
});
export type OrderExchanges = z.infer<typeof orderExchanges>;

/** The photo file: a Blob from the browser, the file's bytes on the server. */
const photoFile = z.custom<Blob | Uint8Array>(
  (v) => v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob),
  { error: 'must be an image file' },
);

/** The caller's order's exchanges; anyone else's order answers 404. */
export const getOrderExchanges = defineEndpoint({
  path: '/v1/get-order-exchanges',
  access: 'user',
  summary: "An order's exchange requests and until when one can be asked",
  request: z.object({ order_id: rowId() }),
  response: orderExchanges,
});

/**
 * Asks to exchange a line of the caller's Completed order, within the shop's `exchange_days` of completion
 * (multipart when a photo is attached: PNG, JPEG or WebP, at most the server's MAX_UPLOAD_BYTES). One request per
 * line, ever; `quantity` 1 to the line's quantity (default: the whole line); `note` required for the reason "other".
 */
export const requestExchange = defineEndpoint({
  path: '/v1/request-exchange',
  access: 'user',
  summary: 'Ask to exchange a line of a completed order',
  multipart: true,
  request: z.object({
    order_id: rowId(),
    order_item_id: rowId(),
    quantity: optional(int()),
    reason: exchangeReason,
    note: optionalText(EXCHANGE_NOTE_MAX),
    photo: optional(photoFile),
  }),
  response: orderExchanges,
});
