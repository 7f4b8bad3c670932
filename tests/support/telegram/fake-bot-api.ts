import type { Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';

/** What the bot would have sent to Telegram. */
export interface BotApiCall {
  method: string;
  // biome-ignore lint/suspicious/noExplicitAny: Bot API payloads vary by method
  payload: any;
}

export const TEST_BOT_INFO: UserFromGetMe = {
  id: 7000000001,
  is_bot: true,
  first_name: 'Leaf & Cup',
  username: 'leafcup_test_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: true,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
} as UserFromGetMe;

/**
 * Intercepts every outgoing Bot API call of `bot` (nothing reaches Telegram): records it and answers
 * like Telegram would (`savePreparedInlineMessage`: `preparedMessage()`). `fail(method, chatId?)` makes matching calls answer an error instead.
 */
export function interceptBotApi(bot: Bot) {
  const calls: BotApiCall[] = [];
  const failures: Array<{ method: string; chatId?: string; code: number; description: string }> = [];
  let messageId = 0;
  bot.api.config.use(async (_prev, method, payload) => {
    // biome-ignore lint/suspicious/noExplicitAny: see BotApiCall
    const p = payload as any;
    calls.push({ method, payload: p });
    const failure = failures.find(
      (f) => f.method === method && (f.chatId === undefined || String(p?.chat_id) === f.chatId),
    );
    // biome-ignore lint/suspicious/noExplicitAny: a fake Telegram answer
    const answer = (value: unknown) => value as any;
    if (failure) return answer({ ok: false, error_code: failure.code, description: failure.description });
    if (method === 'getMe') return answer({ ok: true, result: TEST_BOT_INFO });
    if (method === 'sendMessage') {
      messageId += 1;
      return answer({
        ok: true,
        result: {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(p.chat_id), type: 'private', first_name: 'Mei' },
          text: p.text,
        },
      });
    }
    if (method === 'savePreparedInlineMessage') return answer({ ok: true, result: preparedMessage() });
    return answer({ ok: true, result: true });
  });
  return {
    calls,
    /** Calls of one method. */
    of: (method: string) => calls.filter((c) => c.method === method),
    fail(method: string, code: number, description: string, chatId?: string) {
      failures.push({ method, code, description, chatId });
    },
    clearFailures() {
      failures.length = 0;
    },
    reset() {
      calls.length = 0;
    },
  };
}

let preparedId = 0;

/**
 * What Telegram answers `savePreparedInlineMessage` (a PreparedInlineMessage): a fresh id, valid for 24 hours. The ids
 * differ between calls, so a test can tell which one the Mini App shared.
 */
export function preparedMessage(): { id: string; expiration_date: number } {
  preparedId += 1;
  return {
    id: `prep${preparedId}${Math.random().toString(36).slice(2, 8)}`,
    expiration_date: Math.floor(Date.now() / 1000) + 24 * 3600,
  };
}

/** Every button of an inline keyboard, flattened: text with its web_app or url target. */
// biome-ignore lint/suspicious/noExplicitAny: reply_markup of a recorded call
export function buttonsOf(payload: any): Array<{ text: string; web_app?: string; url?: string }> {
  const rows: Array<Array<{ text: string; web_app?: { url: string }; url?: string }>> =
    payload?.reply_markup?.inline_keyboard ?? [];
  return rows.flat().map((b) => ({
    text: b.text,
    ...(b.web_app ? { web_app: b.web_app.url } : {}),
    ...(b.url ? { url: b.url } : {}),
  }));
}

let updateId = 1000;

/** A private-chat message update from a Telegram user (a /command sets the bot_command entity). */
export function messageUpdate(
  from: { id: number; first_name?: string; username?: string; language_code?: string },
  text: string,
  // biome-ignore lint/suspicious/noExplicitAny: extra message fields (e.g. successful_payment)
  extra: Record<string, any> = {},
) {
  updateId += 1;
  const command = /^\/\w+/.exec(text);
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private' as const, first_name: from.first_name ?? 'Mei' },
      from: { is_bot: false, first_name: 'Mei', ...from },
      text,
      ...(command ? { entities: [{ type: 'bot_command' as const, offset: 0, length: command[0].length }] } : {}),
      ...extra,
    },
  };
}

export function preCheckoutUpdate(
  from: { id: number; language_code?: string },
  invoice: { payload: string; totalAmount: number; currency?: string },
) {
  updateId += 1;
  return {
    update_id: updateId,
    pre_checkout_query: {
      id: `pcq-${updateId}`,
      from: { is_bot: false, first_name: 'Mei', ...from },
      currency: invoice.currency ?? 'USD',
      total_amount: invoice.totalAmount,
      invoice_payload: invoice.payload,
    },
  };
}

export function successfulPaymentUpdate(
  from: { id: number; language_code?: string },
  payment: { payload: string; totalAmount: number; chargeId: string; currency?: string },
) {
  const update = messageUpdate(from, '', {
    successful_payment: {
      currency: payment.currency ?? 'USD',
      total_amount: payment.totalAmount,
      invoice_payload: payment.payload,
      telegram_payment_charge_id: payment.chargeId,
      provider_payment_charge_id: `prov-${payment.chargeId}`,
    },
  });
  delete (update.message as { text?: string }).text;
  return update;
}

/** An inline query (`@bot <query>` typed in any chat) from a Telegram user. */
export function inlineQueryUpdate(from: { id: number; language_code?: string }, query: string) {
  updateId += 1;
  return {
    update_id: updateId,
    inline_query: {
      id: `iq-${updateId}`,
      from: { is_bot: false, first_name: 'Mei', ...from },
      query,
      offset: '',
      chat_type: 'sender' as const,
    },
  };
}
