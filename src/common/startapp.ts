/**
 * Mini App start parameters (docs/product.md section 3, "Share"): `https://t.me/<bot>/<app>?startapp=<param>` (a direct
 * link to the Mini App registered in BotFather under a short name) or `https://t.me/<bot>?startapp=<param>` (the bot's
 * main Mini App) opens the shop inside Telegram with `<param>`; Telegram hands it to the app as `start_param` in
 * initData (and `tgWebAppStartParam` in the URL), and to the bot as `/start <param>` for a `?start=` link.
 *
 * The shop's parameter names a product and, optionally, the referral code of whoever shared it:
 * `p<productId>` or `p<productId>_<referralCode>`; or, for the shop itself (the referral page's card), the bare referral
 * code, as the bot's `/start <code>` takes it (docs/decisions/053). Telegram allows A-Z, a-z, 0-9, `_` and `-`, up to 64 characters
 * for `/start` (512 for `startapp`); the shop keeps to 64 so one parameter fits both. A referral code that would not
 * fit is left out (the link still opens the product). Anything else is not a product parameter: `parseStartParam`
 * answers null and never throws.
 */

/** The characters and length Telegram allows in a start parameter (the shorter `/start` limit). */
const START_PARAM = /^[A-Za-z0-9_-]{1,64}$/;
/**
 * A referral code in a start parameter: what the contract's `referralCodeField` takes, starting with a letter or digit
 * (the shop's codes are A-Z and 2-9; a code of only `_` and `-` is no code).
 */
const REFERRAL_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** `p`, a product id without leading zeros, then optionally `_` and a referral code. */
const PRODUCT_PARAM = /^p([1-9]\d{0,9})(?:_([A-Za-z0-9][A-Za-z0-9_-]*))?$/;
/** What reads as a product parameter, valid or not (`p0`, `p12_…`): never taken as a referral code. */
const PRODUCT_LIKE = /^p\d/;
/** Product ids are int4 (the contract's `id()`). */
const MAX_PRODUCT_ID = 2_147_483_647;

export interface ProductStart {
  productId: number;
  /** The referral code the link carries, as written in it (codes are matched case-insensitively), or null. */
  referralCode: string | null;
}

const isProductId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_PRODUCT_ID;

/**
 * The start parameter opening `productId`, carrying `referralCode` when it is a valid code and the whole fits in 64
 * characters. Throws only on a product id that is no id (a programming error).
 */
export function productStartParam(productId: number, referralCode?: string | null): string {
  if (!isProductId(productId)) throw new RangeError(`productStartParam: ${productId} is not a product id`);
  const bare = `p${productId}`;
  if (!referralCode || !REFERRAL_CODE.test(referralCode)) return bare;
  const withCode = `${bare}_${referralCode}`;
  return START_PARAM.test(withCode) ? withCode : bare;
}

/** The product (and referral code) a start parameter names, or null for anything else, whatever its type. */
export function parseStartParam(value: unknown): ProductStart | null {
  if (typeof value !== 'string' || !START_PARAM.test(value)) return null;
  const m = PRODUCT_PARAM.exec(value);
  if (!m) return null;
  const productId = Number(m[1]);
  if (!isProductId(productId)) return null;
  return { productId, referralCode: m[2] ?? null };
}

/**
 * The start parameter opening the shop's home with `referralCode` (the referral page's card): the code itself, or null
 * when it is no valid code or reads as a product parameter (`p<digit>…`; the shop's own codes are upper case).
 */
export function shopStartParam(referralCode: string | null | undefined): string | null {
  if (!referralCode || !REFERRAL_CODE.test(referralCode) || !START_PARAM.test(referralCode)) return null;
  return PRODUCT_LIKE.test(referralCode) ? null : referralCode;
}

/**
 * What a Mini App start parameter opens: a product (with the referral code it carries, if any), or the shop with a
 * referral code (a bare code); null for anything else, whatever its type.
 */
export function parseAppStart(value: unknown): { productId: number | null; referralCode: string | null } | null {
  const product = parseStartParam(value);
  if (product) return product;
  if (typeof value !== 'string') return null;
  return shopStartParam(value) ? { productId: null, referralCode: value } : null;
}

/** Bot usernames: 5-32 letters, digits and `_`. Mini App short names: 3-30 letters, digits and `_`. */
const BOT_USERNAME = /^[A-Za-z0-9_]{5,32}$/;
const APP_NAME = /^[A-Za-z0-9_]{3,30}$/;

/**
 * The Mini App's t.me link without a parameter: `https://t.me/<bot>/<app>` with the app's short name, else the bot's
 * main Mini App `https://t.me/<bot>`. Null without a (valid) bot username.
 */
export function miniAppBaseLink(botUsername: string | null | undefined, appName?: string | null): string | null {
  const bot = botUsername?.replace(/^@/, '');
  if (!bot || !BOT_USERNAME.test(bot)) return null;
  return appName && APP_NAME.test(appName) ? `https://t.me/${bot}/${appName}` : `https://t.me/${bot}`;
}

/** `base` (see miniAppBaseLink) opening the Mini App with `startParam`. */
export function miniAppLink(base: string, startParam: string): string {
  const url = new URL(base);
  url.searchParams.set('startapp', startParam);
  return url.toString();
}
