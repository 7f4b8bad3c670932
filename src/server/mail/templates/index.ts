import type { Lang } from '../../../common/contract/lang';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { MailKind, MailParams } from '../outbox';
import { confirmEmailMail, emailChangedMail, passwordResetMail, passwordWasResetMail } from './account-mail';
import { accountNoticeMail } from './account-notice';
import { backInStockMail } from './back-in-stock';
import { backupFailedMail } from './backup-failed';
import { dataExportReadyMail } from './data-export-ready';
import { exchangeApprovedMail, exchangeDeclinedMail, exchangeRequestedMail } from './order-exchange';
import { orderPlacedMail, renewalPlacedMail } from './order-placed';
import { renewalChargeFailedMail, renewalSkippedMail } from './order-renewal';
import {
  orderCancelledMail,
  orderCompletedMail,
  orderExpiredMail,
  orderPaidMail,
  orderProcessingMail,
  orderReceiptRejectedMail,
  orderRefundRecordedMail,
  orderShippedMail,
} from './order-status';
import { cartReminderMail, reorderReminderMail } from './reminders';

/**
 * The template of every kind of message (docs/decisions/016). A template takes what its params carry (an order
 * e-mail: the order's figures when the event happened) or reads it when the message is sent, and renders the
 * subject, the HTML and the plain text in `ctx.lang` with the one `Layout` (./Layout.tsx) and `renderMail`
 * (./render.ts). Order templates: ./order-*.tsx; account templates: ./account-*.tsx; each adds one line to `templates`
 * below.
 */

export interface MailContext {
  db: Db;
  config: Config;
  lang: Lang;
  /** The shop's absolute URL without a trailing slash (PUBLIC_URL): links are `${shopUrl}/order?id=3`. */
  shopUrl: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Headers of its own (a marketing message's List-Unsubscribe, docs/decisions/056). */
  headers?: Record<string, string>;
}

export type MailTemplate<K extends MailKind> = (ctx: MailContext, params: MailParams[K]) => Promise<RenderedMail>;

export type MailTemplates = { [K in MailKind]?: MailTemplate<K> };

/** A kind with no template yet: the sender fails its messages at once (sending again cannot help). */
export class MissingTemplateError extends Error {}

// UnsendableMailError lives in ./errors.ts, which templates import (importing it from here would be a cycle).
export { UnsendableMailError } from './errors';

const templates: MailTemplates = {
  confirm_email: confirmEmailMail,
  password_reset: passwordResetMail,
  password_was_reset: passwordWasResetMail,
  email_changed: emailChangedMail,
  account_notice: accountNoticeMail,
  order_placed: orderPlacedMail,
  order_paid: orderPaidMail,
  order_receipt_rejected: orderReceiptRejectedMail,
  order_processing: orderProcessingMail,
  order_shipped: orderShippedMail,
  order_completed: orderCompletedMail,
  order_cancelled: orderCancelledMail,
  order_expired: orderExpiredMail,
  order_refund_recorded: orderRefundRecordedMail,
  renewal_placed: renewalPlacedMail,
  renewal_skipped: renewalSkippedMail,
  renewal_charge_failed: renewalChargeFailedMail,
  exchange_requested: exchangeRequestedMail,
  exchange_approved: exchangeApprovedMail,
  exchange_declined: exchangeDeclinedMail,
  back_in_stock: backInStockMail,
  backup_failed: backupFailedMail,
  data_export_ready: dataExportReadyMail,
  cart_reminder: cartReminderMail,
  reorder_reminder: reorderReminderMail,
  // One line per kind, e.g.  order_placed: orderPlaced,
};

export function hasTemplate(kind: MailKind): boolean {
  return templates[kind] !== undefined;
}

/** Renders one message; throws MissingTemplateError for a kind with no template (`registry`: tests of the outbox). */
export async function renderTemplate<K extends MailKind>(
  kind: K,
  ctx: MailContext,
  params: MailParams[K],
  registry: MailTemplates = templates,
): Promise<RenderedMail> {
  const template = registry[kind] as MailTemplate<K> | undefined;
  if (!template) throw new MissingTemplateError(`no e-mail template for ${kind}`);
  return template(ctx, params);
}
