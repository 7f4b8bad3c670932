import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { FieldError } from '../../../../src/common/contract/envelope';
import type { OrderDetails } from '../../../../src/common/contract/orders';
import type { Db } from '../../../../src/server/db/connection';
import { createAddress } from '../../../factories/addresses';
import { createUser } from '../../../factories/users';
import { type ApiResponse, post } from '../../helper';

/** The smallest real PNG header (signature + IHDR start): enough for a magic-bytes check. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

export interface Upload {
  bytes: Uint8Array;
  name?: string;
  type?: string;
}

/** POSTs as the client does with a file: multipart/form-data, scalars as strings, objects as JSON. */
export async function postMultipart<T = Record<string, unknown>>(
  app: FastifyInstance,
  path: string,
  body: Record<string, unknown>,
  file: { field: string } & Upload,
  token?: string,
): Promise<ApiResponse<T>> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ lang: 'en', is_frontend: 1, ...body })) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  form.append(
    file.field,
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
    file.name ?? 'receipt.png',
  );
  const res = await app.inject({
    method: 'POST',
    url: path,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: form,
  });
  let parsed: ApiResponse<T>['body'];
  try {
    parsed = res.json();
  } catch {
    throw new Error(`${path} answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 300)}`);
  }
  const errors = (parsed.data as { errors?: FieldError[] } | null)?.errors;
  return { status: res.statusCode, headers: res.headers, body: parsed, errors: Array.isArray(errors) ? errors : [] };
}

export interface Customer {
  userId: number;
  token: string;
  addressId: number;
}

/** A logged-in customer with one address (Metro Manila unless `stateId`). */
export async function customer(db: Db, opts: { stateId?: number; balanceCents?: number } = {}): Promise<Customer> {
  const { user, token } = await createUser(db, opts.balanceCents ? { cash_balance_cents: opts.balanceCents } : {});
  const address = await createAddress(db, user.id, opts.stateId ? { state_id: opts.stateId } : {});
  return { userId: user.id, token, addressId: address.id };
}

export interface LineSpec {
  product_id: number;
  variant_id: number;
  quantity: unknown;
  frequency_weeks?: number;
  [extra: string]: unknown;
}

export interface OrderFields {
  items: LineSpec[];
  address_id?: number;
  payment_method?: string;
  payment_reference?: string;
  shipping_method?: string;
  idempotency_key?: string;
  [extra: string]: unknown;
}

/**
 * Places an order. Payment link is used unless `payment_method` says otherwise (tests configure a
 * provider); a bank transfer attaches `receipt` (a PNG by default) as multipart.
 */
export async function placeOrder(
  app: FastifyInstance,
  c: Customer,
  fields: OrderFields,
  receipt?: Upload | null,
): Promise<ApiResponse<{ order: OrderDetails; created: boolean }>> {
  const body = {
    idempotency_key: randomUUID(),
    address_id: c.addressId,
    payment_method: 'payment_link',
    ...fields,
  };
  if (receipt === undefined && body.payment_method === 'bank_transfer') {
    return postMultipart(
      app,
      '/v1/order',
      { payment_reference: 'REF-123456', ...body },
      { field: 'receipt', bytes: PNG },
      c.token,
    );
  }
  if (receipt) return postMultipart(app, '/v1/order', body, { field: 'receipt', ...receipt }, c.token);
  return post(app, '/v1/order', body, { token: c.token });
}

/** Row counts of everything placing an order writes, and the stock of the given variants. */
export async function snapshot(db: Db, variantIds: number[] = []) {
  const count = async (
    table:
      | 'orders'
      | 'order_items'
      | 'coupon_redemptions'
      | 'cash_rewards'
      | 'subscriptions'
      | 'notifications'
      | 'cash_reward_holds'
      | 'coupon_applications'
      | 'commissions',
  ) => Number((await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const stock = variantIds.length
    ? await db
        .selectFrom('product_variants')
        .select(['id', 'stock'])
        .where('id', 'in', variantIds)
        .orderBy('id')
        .execute()
    : [];
  const coupons = await db.selectFrom('coupons').select(['id', 'used_count']).orderBy('id').execute();
  const balances = await db.selectFrom('users').select(['id', 'cash_balance_cents']).orderBy('id').execute();
  return {
    orders: await count('orders'),
    order_items: await count('order_items'),
    coupon_redemptions: await count('coupon_redemptions'),
    cash_rewards: await count('cash_rewards'),
    subscriptions: await count('subscriptions'),
    notifications: await count('notifications'),
    cash_reward_holds: await count('cash_reward_holds'),
    coupon_applications: await count('coupon_applications'),
    commissions: await count('commissions'),
    stock,
    coupons,
    balances,
  };
}

/** Provider settings so "payment link" orders can be placed (no request is made to Telegram). */
export const PROVIDER_ENV = {
  BOT_TOKEN: '123456:TEST-TOKEN-abcdefghijklmnopqrstuvwxyz',
  PAYMENT_PROVIDER_TOKEN: 'provider-test-token',
};
