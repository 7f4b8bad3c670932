import { type Bot, InlineKeyboard } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import type { ProductCard } from '../../../common/contract/catalog';
import { formatCents } from '../../../common/money';
import { miniAppBaseLink, miniAppLink, productStartParam } from '../../../common/startapp';
import { productList, searchProducts } from '../../catalog/service';
import { jpegUrlAt } from '../../files/images';
import { rawValue } from '../../lib/raw-json';
import type { Shop } from '../../shop';
import type { ShopLinks } from './links';
import { botLang, botText } from './locales';

/** Results per inline query (Telegram shows them as a scrolling strip; it takes at most 50). */
export const INLINE_RESULTS = 10;
/** Seconds Telegram may keep an answer: short, so a price or stock change shows soon. */
export const INLINE_CACHE_SECONDS = 30;
/** The longest query searched (Telegram sends up to 256 characters). */
const MAX_QUERY = 100;

/**
 * Inline mode (docs/product.md section 10): `@<bot> oolong` in any chat lists matching products (an empty query: the
 * newest), each with its price and a button opening it in the Mini App (`?startapp=p<id>`). A product whose picture was
 * uploaded (stored as WebP) is a photo result through its JPEG rendition, since Telegram takes only JPEG photos; the
 * seed's SVG pictures are not images Telegram shows, so those products are article results with their name and price.
 * The answer is the same for everyone (`is_personal: false`): no referral code rides on inline links. Inline mode must
 * be turned on in BotFather (`/setinline`, bot-config/README.md).
 */
export function registerInlineQueries(bot: Bot, deps: { shop: Shop; links: ShopLinks }): void {
  const { shop, links } = deps;
  const { db, config } = shop;
  bot.on('inline_query', async (ctx) => {
    const query = ctx.inlineQuery;
    const lang = botLang(undefined, query.from.language_code);
    // A NUL is no search (and PostgreSQL's text cannot hold one): dropped, as the shop's search field refuses it.
    const text = query.query.replaceAll('\u0000', '').trim().slice(0, MAX_QUERY);
    const products: ProductCard[] = text
      ? await searchProducts(db, lang, text, INLINE_RESULTS)
      : rawValue((await productList(shop, lang, { limit: INLINE_RESULTS })).products);
    const base = miniAppBaseLink(config.BOT_USERNAME ?? ctx.me.username, config.MINI_APP_NAME);
    const results = products.slice(0, INLINE_RESULTS).map((p): InlineQueryResult => {
      const price = formatCents(
        p.has_discount && p.discount_price_cents !== null ? p.discount_price_cents : p.price_cents,
      );
      const open = base ? miniAppLink(base, productStartParam(p.id)) : links.product(p.id);
      const keyboard = open ? new InlineKeyboard().url(botText(lang, 'inlineOpenProduct'), open) : undefined;
      const caption = botText(lang, 'inlineMessage', { name: p.name, price });
      const description = botText(lang, 'inlinePrice', { price });
      const photo = jpegUrlAt(p.image, 640);
      const thumb = jpegUrlAt(p.image, 320);
      const photoUrl = photo ? links.url(photo) : undefined;
      const thumbUrl = thumb ? links.url(thumb) : undefined;
      if (photoUrl?.startsWith('https://') && thumbUrl) {
        return {
          type: 'photo',
          id: `p${p.id}`,
          photo_url: photoUrl,
          thumbnail_url: thumbUrl,
          title: p.name,
          description,
          caption,
          ...(keyboard ? { reply_markup: keyboard } : {}),
        };
      }
      return {
        type: 'article',
        id: `p${p.id}`,
        title: p.name,
        description,
        input_message_content: { message_text: caption },
        ...(keyboard ? { reply_markup: keyboard } : {}),
      };
    });
    const home = links.home();
    await ctx.answerInlineQuery(results, {
      cache_time: INLINE_CACHE_SECONDS,
      is_personal: false,
      // Nothing found: a button above the (empty) strip opens the shop.
      ...(results.length === 0 && home?.startsWith('https://')
        ? { button: { text: botText(lang, 'inlineNoResults'), web_app: { url: home } } }
        : {}),
    });
  });
}
