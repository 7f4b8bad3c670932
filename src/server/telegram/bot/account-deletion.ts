import type { Bot } from 'grammy';
import { formatAnyMessage } from '../../../common/i18n/admin-messages';
import { confirmFromTelegram, DELETE_CONFIRM_DATA } from '../../account-deletion/service';
import type { Shop } from '../../shop';
import { findUserByTelegramId } from '../repository';
import { botLang, botText } from './locales';

/** "Keep my account" under the bot's confirmation: nothing happens but the buttons go. */
export const DELETE_KEEP_DATA = 'dac:keep';

/**
 * The buttons of the bot's "Delete your account?" (docs/decisions/050): "Delete my account" deletes it when the
 * button is valid and pressed by the linked Telegram user (account-deletion/service.ts checks both); either button
 * removes the buttons, and the message says what happened.
 */
export function handleDeleteAccountButtons(bot: Bot, shop: Shop): void {
  const { db, log } = shop;
  bot.callbackQuery(DELETE_KEEP_DATA, async (ctx) => {
    const user = await findUserByTelegramId(db, String(ctx.from.id));
    const lang = botLang(user?.language, ctx.from.language_code);
    await ctx.answerCallbackQuery({ text: botText(lang, 'deleteKept') });
    await ctx.editMessageReplyMarkup().catch((err: unknown) => log.warn({ err }, 'bot: could not remove buttons'));
  });
  bot.callbackQuery(DELETE_CONFIRM_DATA, async (ctx) => {
    const user = await findUserByTelegramId(db, String(ctx.from.id));
    const lang = botLang(user?.language, ctx.from.language_code);
    const { outcome, orders } = await confirmFromTelegram(shop, ctx.match[0], String(ctx.from.id));
    let text: string;
    if (outcome === 'deleted') text = botText(lang, 'deleteDone');
    else if (outcome === 'expired') text = botText(lang, 'deleteExpired');
    else if (outcome === 'not_yours') text = botText(lang, 'deleteNotYours');
    else if (outcome === 'gone') text = botText(lang, 'deleteGone');
    else text = formatAnyMessage(lang, outcome.refused, { orders: orders ?? '' });
    await ctx.answerCallbackQuery({ text, show_alert: true });
    if (outcome === 'not_yours') return;
    await ctx
      .editMessageText(text)
      .catch((err: unknown) => log.warn({ err }, 'bot: could not replace the deletion message'));
  });
}
