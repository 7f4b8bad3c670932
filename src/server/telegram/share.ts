import { type Api, GrammyError, HttpError, InlineKeyboard } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import type { Lang } from '../../common/contract/lang';
import { renditionAt } from '../../common/image-renditions';
import { formatCents } from '../../common/money';
import { saleUnitCents } from '../../common/pricing';
import { miniAppBaseLink, miniAppLink, productStartParam, shopStartParam } from '../../common/startapp';
import { productDetails } from '../catalog/service';
import type { User } from '../db/schema';
import { jpegUrlAt } from '../files/images';
import { badGateway, forbidden } from '../lib/errors';
import * as rateLimit from '../rate-limits/rate-limit';
import type { Shop } from '../shop';
import { botText } from './bot/locales';
import type { TelegramIdentity } from './init-data';

/**
 * How many messages one account may have prepared per window: each is a call to Telegram, and a Share tapped again and
 * again needs a handful, not hundreds.
 */
export const SHARE_LIMITS = { max: 30, windowMinutes: 10 } as const;

/** Where the prepared message's links and pictures point. */
export interface ShareTarget {
  /** The shop's absolute origin (PUBLIC_URL, else the request's own), without a trailing slash. */
  origin: string;
  /** The bot's username, for the Mini App's t.me link (BOT_USERNAME, else what getMe said), if known. */
  botUsername: string | undefined;
  /** MINI_APP_NAME: the Mini App's short name, else the bot's main Mini App. */
  miniAppName: string | undefined;
}

/**
 * Share inside Telegram (docs/decisions/053): saves, for the Telegram user of the validated initData, a prepared inline
 * message of `productId` (or of the shop without one) carrying the account's referral code, and answers its id. The
 * Telegram user must be the one the account is linked to: the message is sent in that user's name, with that account's
 * code. Unknown or hidden products are a 404 (productDetails), Telegram's refusal a 502.
 */
export async function prepareShare(
  shop: Shop,
  deps: { api: Api; target: ShareTarget },
  caller: { user: User; telegram: TelegramIdentity; lang: Lang },
  productId: number | undefined,
): Promise<{ prepared_message_id: string; expires_at: string }> {
  const { user, telegram, lang } = caller;
  if (user.telegram_user_id !== telegram.id) throw forbidden('telegramShareNotLinked', 'init_data');
  const result =
    productId === undefined
      ? shopResult(deps.target, lang, user.referral_code)
      : productResult(deps.target, lang, user.referral_code, await productDetails(shop.db, lang, productId));
  await rateLimit.enforce(shop.db, [
    { key: `telegram-share:${user.id}`, max: SHARE_LIMITS.max, windowMinutes: SHARE_LIMITS.windowMinutes },
  ]);
  try {
    const prepared = await deps.api.savePreparedInlineMessage(Number(telegram.id), result, {
      allow_user_chats: true,
      allow_group_chats: true,
      allow_channel_chats: true,
    });
    return {
      prepared_message_id: prepared.id,
      expires_at: new Date(prepared.expiration_date * 1000).toISOString(),
    };
  } catch (err) {
    if (err instanceof GrammyError || err instanceof HttpError) {
      shop.log.warn({ err: err.message, user_id: user.id }, 'telegram share: the message could not be prepared');
      throw badGateway('telegramShareFailed');
    }
    throw err;
  }
}

type Product = Awaited<ReturnType<typeof productDetails>>;

/** The Mini App's link opening `startParam`, or `fallback` (the shop's web page) when the bot's link is unknown. */
function openLink(target: ShareTarget, startParam: string | null, fallback: string): string {
  const base = miniAppBaseLink(target.botUsername, target.miniAppName);
  return base && startParam ? miniAppLink(base, startParam) : fallback;
}

/**
 * A product's card: its picture (a photo through the uploaded picture's JPEG rendition, since Telegram takes only JPEG
 * photos; else an article with the picture as thumbnail and the product page's preview), its name and the shop's
 * lowest price (`saleUnitCents`, the rule the product page shows), and "Open" on the product with the referral code.
 */
function productResult(target: ShareTarget, lang: Lang, code: string, product: Product): InlineQueryResult {
  const prices = product.variants.map((v) => saleUnitCents(v));
  const price = formatCents(prices.length ? Math.min(...prices) : 0);
  const page = new URL(`/details/${product.id}`, `${target.origin}/`);
  page.searchParams.set('ref', code);
  const open = openLink(target, productStartParam(product.id, code), page.toString());
  const keyboard = new InlineKeyboard().url(botText(lang, 'shareOpen'), open);
  const caption = botText(lang, 'inlineMessage', { name: product.name, price });
  const description = botText(lang, 'inlinePrice', { price });
  const picture = product.images[0] ?? product.image;
  const jpeg = jpegUrlAt(picture, 1280);
  const jpegThumb = jpegUrlAt(picture, 320);
  const id = `share-p${product.id}`;
  if (jpeg && jpegThumb && target.origin.startsWith('https://')) {
    return {
      type: 'photo',
      id,
      photo_url: absolute(target, jpeg),
      thumbnail_url: absolute(target, jpegThumb),
      title: product.name,
      description,
      caption,
      reply_markup: keyboard,
    };
  }
  return {
    type: 'article',
    id,
    title: product.name,
    description,
    ...(target.origin.startsWith('https://') ? { thumbnail_url: absolute(target, renditionAt(picture, 320)) } : {}),
    input_message_content: {
      message_text: caption,
      link_preview_options: { url: page.toString(), prefer_large_media: true, show_above_text: true },
    },
    reply_markup: keyboard,
  };
}

/**
 * The shop's card (the referral page): a line about the shop, the preview of its referral page (the home page's picture,
 * docs/decisions/047) and "Open" on its home with the referral code.
 */
function shopResult(target: ShareTarget, lang: Lang, code: string): InlineQueryResult {
  const web = `${target.origin}/${encodeURIComponent(code)}`;
  const open = openLink(target, shopStartParam(code), web);
  return {
    type: 'article',
    id: 'share-shop',
    title: botText(lang, 'shareShopTitle'),
    description: botText(lang, 'shareShopText'),
    input_message_content: {
      message_text: `${botText(lang, 'shareShopTitle')}\n${botText(lang, 'shareShopText')}`,
      link_preview_options: { url: web, prefer_large_media: true },
    },
    reply_markup: new InlineKeyboard().url(botText(lang, 'shareOpen'), open),
  };
}

const absolute = (target: ShareTarget, path: string) => new URL(path, `${target.origin}/`).toString();
