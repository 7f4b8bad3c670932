import { type Bot, GrammyError, InlineKeyboard } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import type { Lang } from '../../../common/contract/lang';
import { subscribePath } from '../../../common/links';
import { formatCents } from '../../../common/money';
import type { Db } from '../../db/connection';
import { jpegUrlAt } from '../../files/images';
import { cartReminderView, reorderReminderView } from '../../marketing/reminder-views';
import { MARKETING_STOP_DATA, stopButtonData, stopFromTelegram } from '../../marketing/service';
import type { Shop } from '../../shop';
import { findUserByTelegramId } from '../repository';
import type { ShopLinks } from './links';
import { botLang } from './locales';

/**
 * The bot's marketing reminders (docs/decisions/056): a cart left waiting, as a photo card (the first line's picture,
 * the lines and the total in the customer's language) with "Open my cart" opening the Mini App on /cart; and
 * "Running low?" with Buy again (the product in the Mini App) and Subscribe & save (the product page with the
 * subscription chosen). Every one ends with "Stop these messages", a signed callback button that turns marketing
 * messages off without opening anything. Both are read when sent (marketing/reminder-views.ts): a cart since emptied
 * or ordered, a product gone, marketing turned off, and the message is skipped.
 */

const texts = {
  en: {
    cartTitle: 'You left these in your cart:',
    cartLine: '• {{name}} ({{packaging}}) × {{quantity}}: {{total}}',
    cartEvery: ' — every {{weeks}} weeks',
    cartMore: '…and {{count}} more',
    cartTotal: 'Total: {{total}}',
    cartOutro: 'They are still waiting for you.',
    openCart: 'Open my cart',
    reorder:
      'Running low? It has been {{days}} days since your {{product}} arrived. Order again before your cup runs dry.',
    buyAgain: 'Buy again',
    subscribe: 'Subscribe & save',
    stop: 'Stop these messages',
    stopped: 'Done: you will not get these messages any more. Turn them back on in your profile.',
    alreadyStopped: 'These messages were already off.',
    stopInvalid: 'This button no longer works. Turn marketing messages off in your profile.',
  },
  zh: {
    cartTitle: '您的购物车里还有这些商品：',
    cartLine: '• {{name}}（{{packaging}}）× {{quantity}}：{{total}}',
    cartEvery: ' — 每 {{weeks}} 周',
    cartMore: '……以及另外 {{count}} 件',
    cartTotal: '合计：{{total}}',
    cartOutro: '它们还在等您。',
    openCart: '打开我的购物车',
    reorder: '快用完了吗？您的 {{product}} 送达已经 {{days}} 天了。趁茶还没喝完，再来一份吧。',
    buyAgain: '再次购买',
    subscribe: '订阅省',
    stop: '停止接收此类消息',
    stopped: '已完成：您将不再收到此类消息。可在个人资料中重新开启。',
    alreadyStopped: '此类消息此前已关闭。',
    stopInvalid: '此按钮已失效。请在个人资料中关闭营销消息。',
  },
} as const;

type Key = keyof (typeof texts)['en'];
const say = (lang: Lang, key: Key, params: Record<string, string | number> = {}) =>
  texts[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** Lines a card lists before "…and N more": Telegram's captions hold 1,024 characters. */
const CARD_LINES = 8;
const CAPTION_MAX = 1024;

export interface ReminderMessage {
  text: string;
  keyboard: InlineKeyboard;
  /** The picture sent as a photo with `text` as its caption (an https JPEG Telegram can fetch), when there is one. */
  photoUrl?: string;
}

/** An https JPEG of a shop picture Telegram can fetch as a photo, or undefined (the seed's SVGs, no https address). */
function photoOf(links: ShopLinks, image: string): string | undefined {
  const jpeg = jpegUrlAt(image, 1280);
  const url = jpeg ? links.url(jpeg) : undefined;
  return url?.startsWith('https://') ? url : undefined;
}

const numberOf = (value: string | undefined) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** A reminder of the outbox (notifications/outbox.ts `REMINDER_KINDS`), or why it is skipped. */
export async function reminderMessage(
  db: Db,
  lang: Lang,
  kind: string,
  params: Record<string, string>,
  links: ShopLinks,
): Promise<ReminderMessage | { skip: string }> {
  const userId = numberOf(params.userId);
  if (!userId) return { skip: 'skipped: no account' };
  const stop = await stopButtonData(db, userId);
  if (kind === 'cart_reminder') {
    const view = params.remindedAt ? await cartReminderView(db, { userId, remindedAt: params.remindedAt }, lang) : null;
    if (!view) return { skip: 'skipped: the cart was emptied or ordered, or marketing is off' };
    const shown = view.lines.slice(0, CARD_LINES).map((l) =>
      say(lang, 'cartLine', {
        name: l.name,
        packaging: l.packaging,
        quantity: l.quantity,
        total: formatCents(l.totalCents),
      }).concat(l.frequencyWeeks ? say(lang, 'cartEvery', { weeks: l.frequencyWeeks }) : ''),
    );
    const more = view.lines.length - shown.length;
    const text = [
      say(lang, 'cartTitle'),
      ...shown,
      ...(more > 0 ? [say(lang, 'cartMore', { count: more })] : []),
      say(lang, 'cartTotal', { total: formatCents(view.totalCents) }),
      say(lang, 'cartOutro'),
    ].join('\n');
    const keyboard = links.addButton(new InlineKeyboard(), say(lang, 'openCart'), links.url('/cart'));
    const photoUrl = text.length <= CAPTION_MAX ? photoOf(links, view.image) : undefined;
    return { text, keyboard: keyboard.row().text(say(lang, 'stop'), stop), ...(photoUrl ? { photoUrl } : {}) };
  }
  const orderItemId = numberOf(params.orderItemId);
  const productId = numberOf(params.productId);
  const days = numberOf(params.days);
  const view =
    orderItemId && productId && days
      ? await reorderReminderView(db, { userId, orderItemId, productId, days }, lang)
      : null;
  if (!view) return { skip: 'skipped: the product is gone or marketing is off' };
  const { product } = view;
  const keyboard = links.addButton(new InlineKeyboard(), say(lang, 'buyAgain'), links.product(product.id));
  if (product.subscribable) {
    keyboard.row();
    links.addButton(keyboard, say(lang, 'subscribe'), links.url(subscribePath(product.id)));
  }
  const photoUrl = photoOf(links, product.image);
  return {
    text: say(lang, 'reorder', { days: view.days, product: product.name }),
    keyboard: keyboard.row().text(say(lang, 'stop'), stop),
    ...(photoUrl ? { photoUrl } : {}),
  };
}

/**
 * Whether a photo send failed because Telegram could not take the picture (a 400 about the photo or its URL): the
 * reminder then goes as text, not retried as a photo.
 */
export const isPhotoRefused = (err: unknown): boolean =>
  err instanceof GrammyError && err.error_code === 400 && /photo|url|file|image|wrong type/i.test(err.description);

/**
 * "Stop these messages" under a reminder: turns marketing messages off for the account the button was signed for,
 * answers in the presser's language, and takes the stop button away (the message's other buttons stay).
 */
export function handleMarketingStopButton(bot: Bot, shop: Shop): void {
  const { db, log } = shop;
  bot.callbackQuery(MARKETING_STOP_DATA, async (ctx) => {
    const user = await findUserByTelegramId(db, String(ctx.from.id));
    const lang = botLang(user?.language, ctx.from.language_code);
    const outcome = await stopFromTelegram(db, ctx.match[0], shop.clock().toISOString());
    const key = outcome === 'stopped' ? 'stopped' : outcome === 'already' ? 'alreadyStopped' : 'stopInvalid';
    await ctx.answerCallbackQuery({ text: say(lang, key), show_alert: true });
    if (outcome === 'invalid') return;
    log.info({ user_id: Number(ctx.match[1]), outcome, source: 'telegram_button' }, 'marketing messages stopped');
    const rows = ctx.callbackQuery.message?.reply_markup?.inline_keyboard ?? [];
    const kept = rows
      .map((row) => row.filter((b: InlineKeyboardButton) => !('callback_data' in b)))
      .filter((row) => row.length > 0);
    await ctx
      .editMessageReplyMarkup({ reply_markup: { inline_keyboard: kept } })
      .catch((err: unknown) => log.warn({ err }, 'bot: could not remove the stop button'));
  });
}
