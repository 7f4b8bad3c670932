import { Readable } from 'node:stream';
import { normalizePhone } from '../../common/account-rules';
import type { OrderStatus } from '../../common/checkout-rules';
import {
  type AdminOrderDetail,
  type AdminOrderEvent,
  type AdminOrderRow,
  ORDER_CSV_COLUMNS,
} from '../../common/contract/admin/orders';
import type { PaymentMethodCode } from '../../common/contract/checkout';
import { availableOrderActions } from '../../common/order-workflow';
import { can, type StaffRole, seesOrderContact } from '../../common/staff-rules';
import { encodeCursor, readCursor } from '../catalog/cursor';
import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { CSV_BOM, formulaSafe } from '../lib/csv';
import { invalidField, notFound } from '../lib/errors';
import { adminLimit } from '../lib/paging';
import { addDaysToDate, startOfDay } from '../lib/shop-days';
import { actionState, receiptWaiting } from './admin-actions';
import * as repo from './admin-repository';
import { visibleDetail, visibleRow, visibleSearch } from './contact-visibility';
import { orderEvents } from './event-repository';
import { receiptLink } from './receipts';
import { paidCents, refundableCents, refundOwedCents } from './refunds';
import { findOrderByNo, orderItems } from './repository';
import { orderAmounts } from './service';

/**
 * The back office's order reads (docs/decisions/013): the filtered list (keyset-paged), its CSV export (streamed in batches)
 * and one order's page. The actions are in admin-service.ts; the rules of what each role may do in
 * src/common/admin-order-actions.ts.
 */

export interface AdminOrderFilterInput {
  status?: OrderStatus;
  payment_method?: PaymentMethodCode;
  from?: string;
  to?: string;
  q?: string;
}

/**
 * Reads a search: an order number's start ("LC-2026…", any case), a phone number (6+ digits; spaces, dashes,
 * brackets ignored) or an e-mail's start (any case). A text that could be an order number or an e-mail ("lcx…")
 * is looked up as both.
 */
export function parseOrderSearch(q: string): repo.OrderSearch {
  const text = q.trim();
  const search: repo.OrderSearch = {};
  const digits = text.replace(/\D/g, '');
  if (/^\+?[\d\s\-().]+$/.test(text) && digits.length >= 6) {
    const normalized = normalizePhone(text);
    search.phones = [...new Set([text, normalized, digits, `+${digits}`])];
    return search;
  }
  if (/^lc[a-z0-9-]*$/i.test(text)) search.orderNoPrefix = text.toUpperCase();
  // "LC-2…" is an order number, never an e-mail: searched by its own index alone.
  if (!/\s/.test(text) && !/^lc-\d/i.test(text)) search.emailPrefix = text.toLowerCase();
  return search;
}

/**
 * The repository's filter from the contract's fields. Dates are the shop's days (`SHOP_TIMEZONE`, like the
 * dashboard's): `from` starts at its local midnight, `to` includes its whole day.
 */
export function orderFilter(
  input: AdminOrderFilterInput,
  zone: string,
  role: StaffRole | null = null,
): repo.AdminOrderFilter {
  const iso = (ms: number) => new Date(ms).toISOString();
  const placedFrom = input.from ? iso(startOfDay(zone, input.from)) : undefined;
  const placedBefore = input.to ? iso(startOfDay(zone, addDaysToDate(input.to, 1))) : undefined;
  if (placedFrom && placedBefore && placedBefore <= placedFrom) throw invalidField('to', 'ordersDateRange');
  return {
    status: input.status,
    paymentMethod: input.payment_method,
    placedFrom,
    placedBefore,
    search: visibleSearch(input.q ? parseOrderSearch(input.q) : undefined, role),
  };
}

// ---------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------

export async function listOrders(
  db: Db,
  input: AdminOrderFilterInput & { cursor?: string; limit?: number },
  zone: string,
  role: StaffRole | null = null,
): Promise<{ orders: AdminOrderRow[]; next_cursor: string | null }> {
  const limit = adminLimit(input.limit);
  const filter = orderFilter(input, zone, role);
  const after = input.cursor ? readCursor(input.cursor) : undefined;
  const rows = await repo.listAdminOrders(
    db,
    filter,
    after ? { placedAt: after.createdAt, id: after.id } : undefined,
    limit + 1,
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    orders: page.map((r) =>
      visibleRow(
        {
          id: r.id,
          order_no: r.order_no,
          status: r.status,
          placed_at: r.placed_at,
          customer: { id: r.user_id, nickname: r.nickname, email: r.email },
          phone: r.phone,
          total_cents: r.total_cents,
          payment_method: r.payment_method,
          receipt_waiting: receiptWaiting(r),
          refund_owed_cents: refundOwedCents(r, r.payments_cents, r.refunded_cents),
          tracking_number: r.tracking_number,
        },
        role,
      ),
    ),
    next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: last.placed_at, id: last.id }) : null,
  };
}

// ---------------------------------------------------------------------------
// The CSV export
// ---------------------------------------------------------------------------

/** Rows read per query while exporting. */
export const EXPORT_BATCH = 500;

/** Dollars with two decimals, no symbol (a spreadsheet reads it as a number). */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text starting with = + - @ (or a tab or
 * carriage return) is prefixed with ' so a spreadsheet never runs it as a formula. Amounts are written by the
 * export itself (never negative), so they stay numbers.
 */
export function csvCell(value: string | number | null | undefined, { number = false } = {}): string {
  if (value === null || value === undefined) return '';
  const text = number ? String(value) : formulaSafe(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const frequencyText = (weeks: number) => (weeks > 0 ? ` every ${weeks} weeks` : '');

/**
 * The filtered list as CSV, read `EXPORT_BATCH` rows at a time by keyset (never the whole list in memory).
 * Filters are checked before the first byte, so a bad filter is a 422 and not a broken file.
 */
export function exportOrdersCsv(
  db: Db,
  input: AdminOrderFilterInput,
  zone: string,
  role: StaffRole | null = null,
): Readable {
  const filter = orderFilter(input, zone, role);
  async function* lines(): AsyncGenerator<string> {
    yield `${CSV_BOM}${ORDER_CSV_COLUMNS.map((c) => csvCell(c)).join(',')}\r\n`;
    let after: repo.ListPosition | undefined;
    for (;;) {
      const rows = await repo.exportAdminOrders(db, filter, after, EXPORT_BATCH);
      if (!rows.length) return;
      const lines = await repo.linesOfOrders(
        db,
        rows.map((r) => r.id),
      );
      const itemsOf = new Map<number, string[]>();
      for (const l of lines) {
        const text = `${l.name_en} (${l.variant_name_en}) x ${l.quantity}${frequencyText(l.frequency_weeks)}`;
        itemsOf.set(l.order_id, [...(itemsOf.get(l.order_id) ?? []), text]);
      }
      let chunk = '';
      for (const r of rows) {
        const shown = role === null || seesOrderContact(role, r.status);
        const contact = (v: string | null) => csvCell(shown ? v : '');
        chunk += `${[
          csvCell(r.order_no),
          csvCell(r.placed_at.slice(0, 19).replace('T', ' ')),
          csvCell(r.status),
          csvCell(r.nickname),
          contact(r.email),
          contact(r.phone),
          contact(r.receiver_name),
          contact(r.address),
          csvCell(r.city),
          csvCell(r.state_name),
          contact(r.zip),
          csvCell(r.country),
          csvCell((itemsOf.get(r.id) ?? []).join('; ')),
          csvCell(dollars(r.subtotal_cents), { number: true }),
          csvCell(dollars(r.delivery_fee_cents), { number: true }),
          csvCell(r.coupon_code),
          csvCell(dollars(r.coupon_discount_cents), { number: true }),
          csvCell(dollars(r.cash_reward_cents), { number: true }),
          csvCell(dollars(r.total_cents), { number: true }),
          csvCell(r.payment_method),
          csvCell(r.payment_reference),
          csvCell(dollars(refundOwedCents(r, r.payments_cents, r.refunded_cents)), { number: true }),
          csvCell(dollars(r.refunded_cents), { number: true }),
          csvCell(dollars(refundableCents(r, r.payments_cents, r.refunded_cents)), { number: true }),
          csvCell(r.tracking_company),
          csvCell(r.tracking_number),
        ].join(',')}\r\n`;
      }
      yield chunk;
      const last = rows[rows.length - 1]!;
      if (rows.length < EXPORT_BATCH) return;
      after = { placedAt: last.placed_at, id: last.id };
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** The export's file name: orders-YYYY-MM-DD.csv (today, UTC). */
export const exportFileName = (now = new Date()) => `orders-${now.toISOString().slice(0, 10)}.csv`;

// ---------------------------------------------------------------------------
// One order
// ---------------------------------------------------------------------------

const parseDetails = (details: string | null): Record<string, unknown> | null => {
  if (!details) return null;
  try {
    const value: unknown = JSON.parse(details);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * The order's timeline: its recorded events, plus, for what happened before the timeline existed, events made
 * from the order's own times (placed, paid, completed, cancelled) when no event of that kind was recorded.
 * Oldest first.
 */
export function buildTimeline(
  order: Pick<Order, 'placed_at' | 'paid_at' | 'completed_at' | 'cancelled_at' | 'subscription_id'>,
  recorded: Array<{ id: number; kind: string; actor: string; details: string | null; created_at: string }>,
): AdminOrderEvent[] {
  const events: AdminOrderEvent[] = recorded.map((e) => ({
    id: e.id,
    kind: e.kind,
    actor: e.actor,
    at: e.created_at,
    details: parseDetails(e.details),
  }));
  const has = (...kinds: string[]) => recorded.some((e) => kinds.includes(e.kind));
  const synthesised: AdminOrderEvent[] = [];
  const add = (kind: string, at: string | null, actor: string) => {
    if (at) synthesised.push({ id: null, kind, actor, at, details: null });
  };
  if (!has('placed')) add('placed', order.placed_at, order.subscription_id === null ? 'customer' : 'system');
  if (!has('paid')) add('paid', order.paid_at, 'unrecorded');
  if (!has('completed')) add('completed', order.completed_at, 'unrecorded');
  if (!has('cancelled', 'expired')) add('cancelled', order.cancelled_at, 'unrecorded');
  // Recorded events keep their order; a made-up one goes before recorded events of the same instant or later.
  const all = [...synthesised, ...events];
  return all
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.at < b.e.at ? -1 : a.e.at > b.e.at ? 1 : a.i - b.i))
    .map(({ e }) => e);
}

/** A provider's payment as the order page lists it; a card payment (docs/decisions/040) says more. */
const providerPayment = (p: Awaited<ReturnType<typeof repo.orderPayments>>[number]) => ({
  provider: p.provider,
  charge_id: p.provider_charge_id,
  amount_cents: p.amount_cents,
  at: p.created_at,
  ...(p.provider === 'telegram'
    ? {}
    : {
        status: p.status,
        currency: p.currency,
        card_brand: p.card_brand,
        card_last4: p.card_last4,
        refunded_cents: p.refunded_cents,
      }),
});

/** One order for the back office, with the actions `role` may take on it now; 404 at `order_no` when none. */
export async function getOrder(db: Db, orderNo: string, role: StaffRole): Promise<AdminOrderDetail> {
  const order = await findOrderByNo(db, orderNo);
  if (!order) throw notFound('orderNotFound', 'order_no');
  return orderDetail(db, order, role);
}

export async function orderDetail(db: Db, order: Order, role: StaffRole | null): Promise<AdminOrderDetail> {
  const [items, customer, payments, refunds, events, receiptUrl] = await Promise.all([
    orderItems(db, order.id),
    repo.orderCustomer(db, order.user_id),
    repo.orderPayments(db, order.id),
    repo.orderRefunds(db, order.id),
    orderEvents(db, order.id),
    order.receipt_path ? receiptLink(db, order.id, order.user_id) : Promise.resolve(null),
  ]);
  const paymentsCents = payments.reduce((s, p) => s + p.amount_cents, 0);
  // A refund the card provider failed or cancelled gave nothing back.
  const refundedCents = refunds
    .filter((r) => r.provider_status !== 'failed' && r.provider_status !== 'canceled')
    .reduce((s, r) => s + r.amount_cents, 0);
  const state = actionState(order, {
    owedCents: refundOwedCents(order, paymentsCents, refundedCents),
    refundableCents: refundableCents(order, paymentsCents, refundedCents),
  });
  return visibleDetail(
    {
      id: order.id,
      order_no: order.order_no,
      status: order.status,
      placed_at: order.placed_at,
      paid_at: order.paid_at,
      completed_at: order.completed_at,
      cancelled_at: order.cancelled_at,
      subscription_id: order.subscription_id,
      items: items.map((i) => ({
        id: i.id,
        product_id: i.product_id,
        name: i.name_en,
        packaging: i.variant_name_en,
        image: i.image,
        quantity: i.quantity,
        frequency_weeks: i.frequency_weeks,
        unit_price_cents: i.unit_price_cents,
        line_total_cents: i.line_total_cents,
      })),
      customer: {
        id: order.user_id,
        nickname: customer?.nickname ?? '',
        email: customer?.email ?? '',
        phone: customer?.phone ?? '',
        telegram_linked: Boolean(customer?.telegram_user_id),
      },
      delivery_address: {
        receiver_name: order.receiver_name,
        phone: order.phone,
        address: order.address,
        city: order.city,
        state_name: order.state_name,
        zip: order.zip,
        company: order.company,
        country: order.country,
      },
      shipping_method: order.shipping_method,
      payment: {
        method: order.payment_method,
        reference: order.payment_reference,
        receipt_url: receiptUrl,
        receipt_waiting: state.has_receipt,
        receipt_rejected_reason: order.receipt_rejected_reason,
        receipt_rejected_at: order.receipt_rejected_at,
        provider_payments: payments.map(providerPayment),
        attention: order.payment_attention,
      },
      totals: {
        ...orderAmounts(order),
        paid_cents: paidCents(order, paymentsCents),
        refunded_cents: refundedCents,
      },
      refunds: refunds.map((r) => ({
        id: r.id,
        amount_cents: r.amount_cents,
        method: r.method,
        reference: r.reference,
        recorded_by: r.recorded_by ?? null,
        at: r.created_at,
        ...(r.provider_status !== null ? { provider_status: r.provider_status, failure_reason: r.failure_reason } : {}),
      })),
      refund_owed_cents: state.refund_owed_cents,
      refundable_cents: state.refundable_cents,
      tracking: { company: order.tracking_company, number: order.tracking_number, link: order.tracking_link },
      timeline: buildTimeline(order, events),
      actions: role ? availableOrderActions(state, (p) => can(role, p)) : [],
    },
    role,
  );
}
