import type { AdminProduct } from '../../../../src/common/contract/admin/products';
import type { OrderStatus } from '../../../../src/common/order-workflow';
import { CLI_ACTOR } from '../../../../src/server/audit/actor';
import { run } from '../../../../src/server/operator/cli';
import * as actions from '../../../../src/server/orders/admin-service';
import { invoicePayload } from '../../../../src/server/orders/invoice-payload';
import { recordTelegramPayment } from '../../../../src/server/payments/telegram-payments';
import { createProduct } from '../../../factories/products';
import { staffCrew } from '../../../factories/staff';
import { buildTestApp, type Dialect, post, type TestApp, type TestAppOptions } from '../../helper';
import { type Customer, customer, placeOrder } from '../orders/support';

/** The staff of a test app: owner, manager, fulfilment and a customer, each with a session `.token`. */
export type Crew = Awaited<ReturnType<typeof staffCrew>>;

/**
 * The back office's test files' set-up: before the file's tests, an app on a fresh `dialect` database (`opts` as
 * buildTestApp takes them) and its staff crew, handed to `use` (which keeps them in the file's `t` and `crew`);
 * after them, the app closed and its database dropped.
 */
export function withStaffApp(dialect: Dialect, opts: TestAppOptions, use: (t: TestApp, crew: Crew) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await buildTestApp(dialect, opts);
    use(app, await staffCrew(app.db));
  });
  afterAll(async () => {
    await app?.close();
  });
}

/** The audit log's entries of `action` (of the entity `entityId` when given), newest first. */
export const auditEntries = (t: TestApp, action: string, entityId?: number) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .$if(entityId !== undefined, (q) => q.where('entity_id', '=', String(entityId)))
    .orderBy('id', 'desc')
    .execute();

/** Runs the operator's command line on the test app's database; answers what it printed (or rejects with its error). */
export async function runCli(t: TestApp, ...argv: string[]): Promise<string> {
  const lines: string[] = [];
  await run(t.shop, argv, (line) => lines.push(line));
  return lines.join('\n');
}

/** The product form's update body of a product as it is (`/admin/products/update`): change a field and send it. */
export const productFormOf = (p: AdminProduct) => ({
  product_id: p.id,
  slug: p.slug,
  name_en: p.name_en,
  name_zh: p.name_zh,
  description_en: p.description_en,
  description_zh: p.description_zh,
  state: p.state,
  available_ph: p.available_ph ? 1 : 0,
  available_cn: p.available_cn ? 1 : 0,
  subscribable: p.subscribable ? 1 : 0,
  low_stock_threshold: p.low_stock_threshold ?? '',
  reorder_days: p.reorder_days ?? '',
  category_ids: p.category_ids,
  tag_ids: p.tag_ids,
  images: p.images,
});

/** The price of the packet `orderInStatus` orders. */
export const ORDER_PRICE = 4000;
export type OrderInStatus = OrderStatus | 'PaidCancelled';
export interface OrderInOptions {
  method?: 'bank_transfer' | 'payment_link';
  stock?: number;
  c?: Customer;
  coupon?: string;
}

/**
 * A customer's order of one packet (bank transfer with a receipt unless said otherwise), moved to `status` through the
 * services staff use ('Cancelled': before it was paid; 'PaidCancelled': paid, then cancelled).
 */
export async function orderInStatus(t: TestApp, status: OrderInStatus = 'Pending', opts: OrderInOptions = {}) {
  const { product, variants } = await createProduct(t.db, { price: ORDER_PRICE, stock: opts.stock ?? 10 });
  const c = opts.c ?? (await customer(t.db));
  const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
  if (opts.coupon) {
    const applied = await post(t.app, '/v1/validate-coupon', { code: opts.coupon, items }, { token: c.token });
    expect(applied.status, applied.body.message).toBe(200);
  }
  const placed = await placeOrder(t.app, c, { items, payment_method: opts.method ?? 'bank_transfer' });
  expect(placed.status, placed.body.message).toBe(200);
  const order = placed.body.data.order;
  const id = order.id;
  if (status !== 'Pending' && status !== 'Cancelled') {
    if (opts.method === 'payment_link') {
      await recordTelegramPayment(t.shop, {
        payload: invoicePayload(id, order.total_cents),
        currency: 'USD',
        totalAmount: order.total_cents,
        telegramChargeId: `charge-${id}`,
      });
    } else await actions.confirmPayment(t.shop, CLI_ACTOR, id);
  }
  if (status === 'PaidCancelled' || status === 'Cancelled') await actions.cancelOrder(t.shop, CLI_ACTOR, id);
  if (status === 'Processing' || status === 'Completed') await actions.markProcessing(t.shop, CLI_ACTOR, id);
  if (status === 'Completed') await actions.completeOrder(t.shop, CLI_ACTOR, id);
  return { c, order, id, orderNo: order.order_no, total: order.total_cents, variantId: variants[0]!.id };
}
