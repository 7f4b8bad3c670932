import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { creditReward } from '../../../../src/server/cash-rewards/service';
import type { Db } from '../../../../src/server/db/connection';
import { nowIso } from '../../../../src/server/lib/time';
import { createAddress } from '../../../factories/addresses';
import { createUser } from '../../../factories/users';
import { post, type TestApp } from '../../helper';
import { orderInStatus } from '../admin/support';
import type { Customer } from '../orders/support';

/** Every text (and JSON) column of every table, found by asking the database itself, not the code's schema types. */
export async function textColumns(
  t: Pick<TestApp, 'db' | 'dialect'>,
): Promise<Array<{ table: string; column: string }>> {
  if (t.dialect === 'sqlite') {
    const tables = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
    `.execute(t.db);
    const out: Array<{ table: string; column: string }> = [];
    for (const { name } of tables.rows) {
      const cols = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(
        t.db,
      );
      for (const c of cols.rows) {
        // Text affinity (TEXT, VARCHAR, CLOB…) or none declared: what SQLite stores words in.
        if (/char|clob|text|json/i.test(c.type) || c.type === '') out.push({ table: name, column: c.name });
      }
    }
    return out;
  }
  const cols = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()
      and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
  `.execute(t.db);
  return cols.rows.map((r) => ({ table: r.table_name, column: r.column_name }));
}

/** Every place (table.column = value) where one of `needles` occurs, in any case. */
export async function findTexts(t: Pick<TestApp, 'db' | 'dialect'>, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  const lowered = needles.map((n) => n.toLowerCase());
  for (const { table, column } of await textColumns(t)) {
    const rows = await sql<{ v: unknown }>`select ${sql.ref(column)} as v from ${sql.table(table)}`.execute(t.db);
    for (const { v } of rows.rows) {
      if (v === null || v === undefined) continue;
      const text = (typeof v === 'string' ? v : JSON.stringify(v)).toLowerCase();
      for (const [i, needle] of lowered.entries()) {
        if (text.includes(needle)) found.push(`${table}.${column} holds ${needles[i]}: ${text.slice(0, 120)}`);
      }
    }
  }
  return found;
}

/** The totals the books are made of: revenue, lines, payments, refunds, commissions, stock and its history. */
export async function bookTotals(db: Db) {
  const sum = async (
    table: 'orders' | 'order_items' | 'payments' | 'refunds' | 'commissions' | 'stock_movements',
    col: string,
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`coalesce(sum(${sql.ref(col)}), 0)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    revenue: await sum('orders', 'total_cents'),
    orders: Number((await db.selectFrom('orders').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n),
    lines: await sum('order_items', 'line_total_cents'),
    payments: await sum('payments', 'amount_cents'),
    refunds: await sum('refunds', 'amount_cents'),
    commissions: await sum('commissions', 'amount_cents'),
    stockMoves: await sum('stock_movements', 'delta'),
    stock: Number(
      (
        await db
          .selectFrom('product_variants')
          .select(sql<number>`coalesce(sum(stock), 0)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
}

export interface RichCustomer {
  c: Customer;
  userId: number;
  token: string;
  password: string;
  /** What names the person, each unique to this test: none may be left anywhere after the deletion. */
  personal: { email: string; phone: string; nickname: string; receiver: string; street: string; addressPhone: string };
  telegram: { id: string; username: string; name: string };
  orderNos: string[];
}

/**
 * A customer who has done a bit of everything, through the API where it can: registered under an agent (signals, rate
 * limits), a Telegram link, an address, a completed order paid by transfer with a receipt (a file), a cancelled one,
 * a review, a stock alert, a downline, a cash-reward balance, a failed log-in.
 */
export async function richCustomer(t: TestApp): Promise<RichCustomer> {
  const tag = randomBytes(4).toString('hex');
  const password = 'Erase-me-123';
  const personal = {
    email: `zelda.${tag}@example.com`,
    phone: `+63917${randomInt(1_000_000, 9_999_999)}`,
    nickname: `Zelda Quill ${tag}`,
    receiver: `Rosalind Vex ${tag}`,
    street: `${tag} Acacia Lane`,
    addressPhone: `+63918${randomInt(1_000_000, 9_999_999)}`,
  };
  const telegram = { id: String(randomInt(100_000_000, 999_999_999)), username: `zq_${tag}`, name: `Zee ${tag}` };
  // Many sign-ups from the test's one address: its sign-up limit is not what these tests are about.
  await t.db.deleteFrom('rate_limits').where('key', 'like', 'register:%').execute();
  const agent = await createUser(t.db, { is_agent: 1 });
  const registered = await post(t.app, '/v1/user-register', {
    nickname: personal.nickname,
    email: personal.email,
    phone: personal.phone,
    password,
    confirm_password: password,
    referral_code: agent.user.referral_code,
  });
  expect(registered.status, registered.body.message).toBe(200);
  const token = registered.body.data.token;
  const userId = registered.body.data.user_info.id;
  await t.db
    .updateTable('users')
    .set({ telegram_user_id: telegram.id, telegram_username: telegram.username, telegram_name: telegram.name })
    .where('id', '=', userId)
    .execute();
  const address = await createAddress(t.db, userId, {
    receiver_name: personal.receiver,
    address: personal.street,
    phone: personal.addressPhone,
  });
  const c: Customer = { userId, token, addressId: address.id };
  const completed = await orderInStatus(t, 'Completed', { c });
  const cancelled = await orderInStatus(t, 'Cancelled', { c });
  const product = await t.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = nowIso();
  await t.db
    .insertInto('reviews')
    .values({
      product_id: product.id,
      user_id: userId,
      order_id: completed.id,
      nickname: personal.nickname,
      rating: 5,
      title: 'Lovely',
      description: 'Fresh and fragrant',
      created_at: now,
    })
    .execute();
  await t.db.insertInto('stock_alerts').values({ user_id: userId, product_id: product.id, created_at: now }).execute();
  // A saved cart (docs/decisions/052) and a copy of the data asked for earlier (docs/decisions/051).
  const variant = await t.db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', product.id)
    .executeTakeFirstOrThrow();
  await t.db.insertInto('carts').values({ user_id: userId, updated_at: now, merge_key: null }).execute();
  await t.db
    .insertInto('cart_lines')
    .values({
      user_id: userId,
      product_id: product.id,
      variant_id: variant.id,
      frequency_weeks: 0,
      quantity: 1,
      position: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.db
    .insertInto('data_exports')
    .values({ user_id: userId, requested_by: null, status: 'preparing', requested_at: now })
    .execute();
  await createUser(t.db, { upline_id: userId });
  await t.db
    .transaction()
    .execute((trx) => creditReward(trx, { userId, orderId: null, type: 'referral', spendCents: 0, amountCents: 1234 }));
  // A wrong password: the log-in limits count it under the account.
  const wrong = await post(t.app, '/v1/user-login', { login: personal.email, password: 'not-the-password' });
  expect(wrong.status).toBe(422);
  return { c, userId, token, password, personal, telegram, orderNos: [completed.orderNo, cancelled.orderNo] };
}

/** The needles of `findTexts` for a rich customer. */
export const needlesOf = (r: RichCustomer): string[] => [
  ...Object.values(r.personal),
  r.telegram.id,
  r.telegram.username,
  r.telegram.name,
];
