import { randomBytes } from 'node:crypto';
import { nowIso } from '../../../../src/server/lib/time';
import { createAddress } from '../../../factories/addresses';
import { createProduct } from '../../../factories/products';
import { createUser } from '../../../factories/users';
import { post, type TestApp } from '../../helper';

/** What the reminder tests share (docs/decisions/056): customers with or without consent, products with a picture. */

let nextTg = 6_800_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

export interface Shopper {
  id: number;
  token: string;
  email: string;
  /** The linked Telegram user (the chat the bot writes to), or null. */
  tg: string | null;
  addressId: number;
}

/**
 * A logged-in customer with an address in the Philippines: linked to a fresh Telegram user when `linked`, the address
 * confirmed unless `confirmed` is false, marketing messages turned on in the profile unless `marketing` is false.
 */
export async function shopper(
  t: TestApp,
  opts: { linked?: boolean; language?: 'en' | 'zh'; confirmed?: boolean; marketing?: boolean } = {},
): Promise<Shopper> {
  const { user, token } = await createUser(t.db, {
    email_confirmed_at: opts.confirmed === false ? null : nowIso(),
    language: opts.language ?? 'en',
    telegram_user_id: opts.linked ? String(++nextTg) : null,
  });
  const address = await createAddress(t.db, user.id);
  if (opts.marketing !== false) {
    const res = await post(t.app, '/v2/set-marketing-consent', { on: true }, { token });
    if (res.status !== 200) throw new Error(`set-marketing-consent answered ${res.status}: ${res.body.message}`);
  }
  return { id: user.id, token, email: user.email, tg: user.telegram_user_id, addressId: address.id };
}

/** A stored picture's URL (a WebP rendition of the database store): Telegram and mail get its JPEG. */
export const storedPicture = () => `/media/images/${randomBytes(16).toString('hex')}-640.webp`;

/** A product on sale with a stored picture, priced `price` cents; one packaging. */
export async function pictured(t: TestApp, opts: { name?: string; price?: number; subscribable?: boolean } = {}) {
  const made = await createProduct(t.db, {
    name: opts.name,
    price: opts.price ?? 1500,
    subscribable: opts.subscribable ?? false,
  });
  const image = storedPicture();
  await t.db.updateTable('products').set({ image }).where('id', '=', made.product.id).execute();
  return { productId: made.product.id, packagingId: made.variants[0]!.id, image, name: made.product.name_en };
}

/** Marks every message waiting in both outboxes as gone: a test sends only what it queued itself. */
export async function clearOutboxes(t: TestApp): Promise<void> {
  await t.db.updateTable('notifications').set({ sent_at: nowIso() }).where('sent_at', 'is', null).execute();
  await t.db.updateTable('mail_outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
}

/** The reminders of `kind` queued for a customer: bot notices and e-mails. */
export async function queued(t: TestApp, userId: number, kind: 'cart_reminder' | 'reorder_reminder') {
  const bot = await t.db
    .selectFrom('notifications')
    .select(['id', 'params', 'sent_at', 'last_error'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
  const mail = await t.db
    .selectFrom('mail_outbox')
    .select(['id', 'params', 'status', 'last_error'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
  return { bot, mail, total: bot.length + mail.length };
}

/** `hours` from now (a job round "later"). */
export const hoursLater = (hours: number) => new Date(Date.now() + hours * 3_600_000);

/** Sets a shop setting as the owner's Settings screen stores it. */
export async function setSetting(t: TestApp, key: string, value: string): Promise<void> {
  await t.db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
