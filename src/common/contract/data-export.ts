import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * A copy of a customer's data (docs/decisions/051): "Download my data" on the profile. The copy is made in the
 * background as one ZIP (the data as JSON, the customer's own uploads as files) and offered through a signed link
 * for DATA_EXPORT_LINK_HOURS; the bot (when linked) or an e-mail (when the address is confirmed) says when it is ready.
 */

/** Requests a customer may make in any 24 hours (the owner's copies in the back office do not count). */
export const DATA_EXPORT_DAILY_LIMIT = 3;
/** How long a ready copy's link works; then the file is deleted. */
export const DATA_EXPORT_LINK_HOURS = 24;

export const DATA_EXPORT_STATES = ['preparing', 'ready', 'failed', 'expired'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const dataExport = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATES),
  requested_at: z.string(),
  /** Ready: until when the link works (ISO-8601 UTC); else null. */
  expires_at: z.string().nullable(),
  /** Ready: the signed download link (a path of this shop, no session needed); else null. */
  download_url: z.string().nullable(),
  /** Ready: the ZIP's size in bytes. */
  size: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExport>;

/** The caller's latest copy (null: none asked for), and how many more they may ask for today. */
export const getDataExport = defineEndpoint({
  path: '/v2/get-data-export',
  access: 'user',
  summary: "The caller's latest copy of their data, and the requests left today",
  request: z.object({}),
  response: z.object({ export: dataExport.nullable(), requests_left: z.number().int() }),
});

/**
 * Asks for a copy of the caller's data. While one is being prepared that one is answered (nothing new is counted);
 * past DATA_EXPORT_DAILY_LIMIT requests in 24 hours, 429 with when to try again.
 */
export const requestDataExport = defineEndpoint({
  path: '/v2/request-data-export',
  access: 'user',
  summary: 'Ask for a copy of my data',
  request: z.object({}),
  response: z.object({ export: dataExport, requests_left: z.number().int() }),
});

/**
 * Inside Telegram, where the web view may not download a file: the bot sends the ready copy's link to the caller's
 * linked chat (409 when the account is not linked, 404 when no copy is ready).
 */
export const sendDataExportToTelegram = defineEndpoint({
  path: '/v2/send-data-export-to-telegram',
  access: 'user',
  summary: 'Have the bot send the ready copy of my data',
  request: z.object({}),
  response: z.object({ sent: z.literal(true) }),
});
