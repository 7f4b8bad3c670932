import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { FieldError } from '../../../../src/common/contract/envelope';
import type { OrderDetails } from '../../../../src/common/contract/orders';
import type { Db } from '../../../../src/server/db/connection';
import { boundedCustomerImage } from '../../../../src/server/files/images';
import { createAddress } from '../../../factories/addresses';
import { createUser } from '../../../factories/users';
import { type ApiResponse, post } from '../../helper';

/** A real 2×2 PNG (drawn by sharp): receipts are decoded, so it must be a whole image. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d494844520000000200000002080600000072b60d240000000970485973000003e8000003e801b57b526b00' +
    '00001149444154089963e0aa08f80fc20c3006003c0807450319ed810000000049454e44ae426082',
  'hex',
);
/** A real 2×2 JPEG (drawn by sharp). */
export const JPEG = Buffer.from(
  'ffd8ffdb004300100b0c0e0c0a100e0d0e1211101318281a181616183123251d283a333d3c3933383740485c4e404457453738506d51' +
    '575f626768673e4d71797064785c656763ffdb0043011112121815182f1a1a2f634238426363636363636363636363636363636363' +
    '636363636363636363636363636363636363636363636363636363636363636363ffc00011080002000203012200021101031101ffc4' +
    '001500010100000000000000000000000000000005ffc40014100100000000000000000000000000000000ffc40015010101000000' +
    '00000000000000000000000005ffc40014110100000000000000000000000000000000ffda000c03010002110311003f0090008effd9',
  'hex',
);

/** What the shop keeps of each when a customer sends it (a bounded JPEG, files/images.ts). */
const kept = async (bytes: Uint8Array) => {
  const image = await boundedCustomerImage(bytes);
  if (!image.ok) throw new Error(`test image refused: ${image.reason}`);
  return Buffer.from(image.bytes);
};
export const STORED_PNG = await kept(PNG);
export const STORED_JPEG = await kept(JPEG);

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

/**
 * Starts sending a 50 MB multipart upload to `path` (the app listening on a free port) and sends only its first 64 KB:
 * answers what the server said before the rest of the body came, or 'no answer' after 3 s (it waited for the body).
 */
export async function answerWhileSending(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string } | 'no answer'> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: {
        'content-type': 'multipart/form-data; boundary=xyz',
        // 50 MB announced; only the first 64 KB are ever sent.
        'content-length': String(50 * 1024 * 1024),
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve('no answer');
    }, 3000);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.write(`--xyz\r\nContent-Disposition: form-data; name="receipt"; filename="a.png"\r\n\r\n`);
    req.write(Buffer.alloc(64 * 1024));
  });
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
