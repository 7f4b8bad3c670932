import type { PaymentMethod } from '../../common/contract/checkout';
import type { Lang } from '../../common/contract/lang';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { badRequest } from '../lib/errors';
import { lockSettings, writeSettings } from './admin-repository';
import type { ShopSettings, UnpaidHoursConfig } from './repository';
import * as repo from './repository';

/**
 * A secret of the shop's own (a signing or hashing key), made on first use and kept in the settings table, so every
 * instance uses the same one without configuration. `create` makes a new one.
 */
export const shopSecret = (db: Db, name: string, create: () => string): Promise<string> =>
  repo.getOrCreateSetting(db, name, create);

/** The shop's settings as stored (fees, thresholds, rewards): the one read every domain uses. */
export const shopSettings = (db: Db): Promise<ShopSettings> => repo.getShopSettings(db);

export type { ShopSettings };

/**
 * Another domain's screen that writes a setting (the Shipping screen's free-delivery threshold, shipping/
 * admin-service.ts): `lockShopSettings` first in its transaction, so saves take turns and each audit entry's "before"
 * is what the previous save left, then `storeSettings`.
 */
export const lockShopSettings = (trx: Db): Promise<void> => lockSettings(trx);
export const storeSettings = (trx: Db, entries: ReadonlyArray<{ key: string; value: string }>): Promise<void> =>
  writeSettings(trx, entries);

/**
 * The unpaid-order hours that apply: the owner's setting once set (even to the server's number), else
 * UNPAID_ORDER_HOURS.
 */
export const unpaidHoursOf = (settings: Pick<ShopSettings, 'unpaidOrderHours'>, config: UnpaidHoursConfig): number =>
  settings.unpaidOrderHours ?? config.UNPAID_ORDER_HOURS;

/**
 * How many hours after placing an unpaid order is cancelled (0: never): `unpaidHoursOf` the shop's settings now.
 * For the expiry job, the command line's expire-unpaid and the "pay by" deadline customers see.
 */
export async function unpaidOrderHours(db: Db, config: UnpaidHoursConfig): Promise<number> {
  return unpaidHoursOf(await repo.getShopSettings(db), config);
}

/** Placing an order: the chosen payment method's row, or 400 "This method is not available" at `payment_method`. */
export async function orderPaymentMethod(db: Db, code: string) {
  const method = await repo.findPaymentMethod(db, code);
  if (!method) throw badRequest('methodNotAvailable', undefined, 'payment_method');
  return method;
}

/** Whether Telegram payments can be taken: a provider token and a bot to make the invoice. */
export const paymentProviderConfigured = (config: Config): boolean =>
  Boolean(config.PAYMENT_PROVIDER_TOKEN && config.BOT_TOKEN);

/**
 * The payment methods checkout offers, in the asked language. Card appears only when the shop has a card provider
 * (`cardOn`: Shop.payments, docs/decisions/040); Pay by Link is listed, unavailable, without a Telegram provider.
 */
export async function getPaymentMethods(
  db: Db,
  config: Config,
  lang: Lang,
  { cardOn }: { cardOn: boolean },
): Promise<PaymentMethod[]> {
  const [methods, settings] = await Promise.all([repo.listPaymentMethods(db), repo.getShopSettings(db)]);
  return methods
    .filter((m) => m.code === 'bank_transfer' || m.code === 'payment_link' || (m.code === 'card' && cardOn))
    .map((m) => ({
      id: m.id,
      code: m.code as PaymentMethod['code'],
      name: lang === 'zh' ? m.name_zh : m.name_en,
      instructions: lang === 'zh' ? m.instructions_zh : m.instructions_en,
      available: m.code === 'payment_link' ? paymentProviderConfigured(config) : true,
      bank: m.code === 'bank_transfer' ? settings.bank : null,
      requires_receipt: m.code === 'bank_transfer',
    }));
}
