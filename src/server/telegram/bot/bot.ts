import { Bot, type ChatTypeContext, type Composer, type Context, InlineKeyboard } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { formatAnyMessage } from '../../../common/i18n/admin-messages';
import { formatCents } from '../../../common/money';
import { can, isStaffRole } from '../../../common/staff-rules';
import { parseStartParam } from '../../../common/startapp';
import { sendResetLink } from '../../accounts/password-reset';
import type { Db } from '../../db/connection';
import type { User } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { maskAddress } from '../../mail/policy';
import { confirmPayment } from '../../orders/admin-service';
import { latestOrdersOf } from '../../orders/records';
import { checkPreCheckout, recordTelegramPayment } from '../../payments/telegram-payments';
import type { Shop } from '../../shop';
import { findUserByTelegramId } from '../repository';
import { handleDeleteAccountButtons } from './account-deletion';
import { registerInlineQueries } from './inline';
import { markup, ShopLinks } from './links';
import { type BotTextKey, botLang, botText, statusText } from './locales';
import { handleMarketingStopButton } from './reminders';
import { orderNewsTarget, orderState, recordBotReferralVisit, referralCodeOf, staffByTelegramId } from './repository';
import { adminUrls, CONFIRM_PAYMENT_DATA } from './staff-alerts';

interface BotLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface BotDeps {
  shop: Shop;
  /** Known bot identity (tests); otherwise grammY asks getMe on the first update. */
  botInfo?: UserFromGetMe;
}

/** What the bot's handlers share. */
interface BotKit {
  shop: Shop;
  db: Db;
  log: BotLogger;
  links: ShopLinks;
  /** The account linked to the update's Telegram user, if any. */
  userOf: (ctx: Context) => Promise<User | undefined>;
}

const t = (lang: ReturnType<typeof botLang>, key: BotTextKey, params?: Record<string, string | number>) =>
  botText(lang, key, params);

/**
 * The shop's Telegram bot (grammY): /start (greeting, shop button, optional referral code or shared product
 * `p<id>[_<code>]`), inline queries (`@bot oolong`, inline.ts), /orders,
 * Telegram payments (pre-checkout re-check, successful payment), the staff's /admin and "Confirm payment"
 * button (staff-alerts.ts), and help for anything else.
 * Updates arrive through the webhook (src/server/telegram/webhook.ts).
 */
export function createBot({ shop, botInfo }: BotDeps): Bot {
  const { config, db, log } = shop;
  if (!config.BOT_TOKEN) throw new Error('createBot: BOT_TOKEN is not set');
  const bot = new Bot(config.BOT_TOKEN, {
    ...(botInfo ? { botInfo } : {}),
    client: { apiRoot: config.TELEGRAM_API_ROOT },
  });
  const links = new ShopLinks(config.PUBLIC_URL);
  const kit: BotKit = {
    shop,
    db,
    log,
    links,
    userOf: async (ctx) => (ctx.from ? findUserByTelegramId(db, String(ctx.from.id)) : undefined),
  };
  answerFailures(bot, log);
  handlePayments(bot, kit);
  handleConfirmPaymentButton(bot, kit);
  handleDeleteAccountButtons(bot, shop);
  // "Stop these messages" under a reminder (docs/decisions/056).
  handleMarketingStopButton(bot, shop);
  // Any other button (an old message's): answered, so the client stops waiting.
  bot.on('callback_query', (ctx) => ctx.answerCallbackQuery());
  // `@bot oolong` in any chat (inline.ts).
  registerInlineQueries(bot, { shop, links });
  handleCommands(bot, kit);
  return bot;
}

/**
 * A failing update is logged and answered 200, so Telegram does not repeat it forever; a successful
 * payment that could not be recorded is the exception: Telegram repeats it, and recording is idempotent.
 * A customer whose message failed (the database was down, say) is told so instead of hearing nothing.
 */
function answerFailures(bot: Bot, log: BotLogger): void {
  bot.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      log.error({ err, update_id: ctx.update.update_id }, 'bot: update failed');
      if (ctx.message?.successful_payment) throw err;
      if (ctx.message && ctx.chat?.type === 'private') {
        await ctx
          .reply(botText(botLang(null, ctx.from?.language_code), 'updateFailed'))
          .catch((replyErr: unknown) => log.warn({ err: replyErr }, 'bot: could not say the update failed'));
      }
    }
  });
}

/** A command that needs a linked account, from a Telegram user without one: why, and Log in & link to `path`. */
async function replyNotLinked(
  links: ShopLinks,
  ctx: Context,
  lang: ReturnType<typeof botLang>,
  key: BotTextKey,
  path: string,
) {
  const loginBe = ctx.from ? links.loginBe(String(ctx.from.id), path) : undefined;
  const keyboard = links.addButton(new InlineKeyboard(), t(lang, 'logInAndLink'), loginBe);
  await ctx.reply(t(lang, key), { reply_markup: markup(keyboard) });
}

/** Telegram payments: the pre-checkout re-check, and the successful payment recorded (a receipt to a payer). */
function handlePayments(bot: Bot, { shop, db, log, links, userOf }: BotKit): void {
  bot.on('pre_checkout_query', async (ctx) => {
    const query = ctx.preCheckoutQuery;
    const payer = await userOf(ctx);
    const lang = botLang(payer?.language, query.from.language_code);
    const result = await checkPreCheckout(db, {
      payload: query.invoice_payload,
      currency: query.currency,
      totalAmount: query.total_amount,
    });
    if (result.ok) {
      await ctx.answerPreCheckoutQuery(true);
      return;
    }
    const message =
      result.reason === 'missing'
        ? t(lang, 'payOrderMissing')
        : result.reason === 'notPending'
          ? t(lang, 'payOrderNotPending', { status: statusText(lang, result.status) })
          : t(lang, 'payAmountChanged');
    log.warn({ reason: result.reason, payload: query.invoice_payload }, 'bot: pre-checkout refused');
    await ctx.answerPreCheckoutQuery(false, { error_message: message });
  });

  bot.on('message:successful_payment', async (ctx) => {
    const payment = ctx.message.successful_payment;
    const { outcome, order } = await recordTelegramPayment(shop, {
      payload: payment.invoice_payload,
      currency: payment.currency,
      totalAmount: payment.total_amount,
      telegramChargeId: payment.telegram_payment_charge_id,
    });
    shop.metrics.payment('telegram', outcome);
    if (outcome !== 'paid' && outcome !== 'duplicate') {
      log.error(
        { outcome, payload: payment.invoice_payload, charge: payment.telegram_payment_charge_id },
        'bot: payment needs the operator',
      );
    }
    if (outcome !== 'paid' || !order) return;
    // The order's linked owner hears it through the outbox; anyone else who paid gets a receipt here.
    const owner = await orderNewsTarget(db, order.user_id);
    if (owner?.telegram_user_id === String(ctx.from?.id) && owner.notify_orders === 1) return;
    const payer = await userOf(ctx);
    const lang = botLang(payer?.language, ctx.from?.language_code);
    const keyboard = links.addButton(new InlineKeyboard(), t(lang, 'viewOrder'), links.order(order.id));
    await ctx.reply(t(lang, 'paymentReceived', { orderNo: order.order_no }), { reply_markup: markup(keyboard) });
  });
}

/**
 * "Confirm payment" under a staff alert: does what the back office does, under the same role check, audited
 * (source 'bot') by the orders' service. Only the order id is read from the button; who presses is the account
 * linked to the Telegram user who pressed.
 */
function handleConfirmPaymentButton(bot: Bot, { shop, db, log, links }: BotKit): void {
  bot.callbackQuery(CONFIRM_PAYMENT_DATA, async (ctx) => {
    const orderId = Number(ctx.match[1]);
    const member = await staffByTelegramId(db, String(ctx.from.id));
    const lang = botLang(member?.language, ctx.from.language_code);
    const answer = (text: string) => ctx.answerCallbackQuery({ text, show_alert: true });
    if (!member || !isStaffRole(member.role)) return void (await answer(t(lang, 'staffOnlyButton')));
    if (!can(member.role, 'orders.money')) return void (await answer(t(lang, 'staffPayNotAllowed')));
    const order = await orderState(db, orderId);
    if (!order) return void (await answer(t(lang, 'payOrderMissing')));
    // Only "Open order" stays under the message once the payment is settled.
    const settle = async () => {
      const keyboard = links.addButton(
        new InlineKeyboard(),
        t(lang, 'openOrder'),
        adminUrls(links).order(order.order_no),
      );
      await ctx
        .editMessageReplyMarkup({ reply_markup: markup(keyboard) })
        .catch((err: unknown) => log.warn({ err, orderId }, 'bot: could not remove the confirm button'));
    };
    const already = async (status: string) => {
      await answer(t(lang, 'staffPayAlready', { orderNo: order.order_no, status: statusText(lang, status) }));
      await settle();
    };
    if (order.status !== 'Pending') return already(order.status);
    let result: Awaited<ReturnType<typeof confirmPayment>>;
    try {
      result = await confirmPayment(
        shop,
        { kind: 'staff', userId: member.id, email: member.email, role: member.role, via: 'bot' },
        orderId,
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // Someone else confirmed (or cancelled) it meanwhile.
      const now = await orderState(db, orderId);
      if (now && now.status !== 'Pending') return already(now.status);
      return void (await answer(formatAnyMessage(lang, err.key, err.params)));
    }
    // Confirmed by someone else a moment before: nothing was done.
    if (!result.changed) return already(result.order.status);
    await answer(t(lang, 'staffPayDone', { orderNo: order.order_no, status: statusText(lang, 'Paid') }));
    await settle();
  });
}

/** The private chat with the bot, as its commands see it (`bot.chatType('private')`). */
type PrivateChat = Composer<ChatTypeContext<Context, 'private'>>;

/** Commands and chat work in the private chat with the bot (Mini App buttons open only there). */
function handleCommands(bot: Bot, kit: BotKit): void {
  const pm = bot.chatType('private');
  handleAdmin(pm, kit);
  handleStart(pm, kit);
  handleOrders(pm, kit);
  handlePassword(pm, kit);
  // Anything else: help, and the shop's button.
  pm.on('message', async (ctx) => {
    const user = await kit.userOf(ctx);
    const lang = botLang(user?.language, ctx.from.language_code);
    const keyboard = kit.links.addButton(new InlineKeyboard(), t(lang, 'openShop'), kit.links.home());
    await ctx.reply(t(lang, 'help'), { reply_markup: markup(keyboard) });
  });
}

/**
 * /admin: the back office as a Mini App for a linked staff member; that chat's menu button and command list
 * then open it too (customers' chats keep the shop's menu and commands: bot-config/commands.json).
 */
function handleAdmin(pm: PrivateChat, { db, log, links }: BotKit): void {
  pm.command('admin', async (ctx) => {
    const member = await staffByTelegramId(db, String(ctx.from.id));
    const lang = botLang(member?.language, ctx.from.language_code);
    if (!member || !isStaffRole(member.role)) {
      await ctx.reply(t(lang, 'adminStaffOnly'));
      return;
    }
    const url = adminUrls(links).home();
    const keyboard = links.addButton(new InlineKeyboard(), t(lang, 'openBackOffice'), url);
    await ctx.reply(t(lang, 'adminIntro'), { reply_markup: markup(keyboard) });
    try {
      if (url?.startsWith('https://')) {
        await ctx.api.setChatMenuButton({
          chat_id: ctx.chat.id,
          menu_button: { type: 'web_app', text: t(lang, 'backOfficeMenu'), web_app: { url } },
        });
      }
      await ctx.api.setMyCommands(
        [
          { command: 'start', description: t(lang, 'commandStart') },
          { command: 'orders', description: t(lang, 'commandOrders') },
          { command: 'admin', description: t(lang, 'commandAdmin') },
        ],
        { scope: { type: 'chat', chat_id: ctx.chat.id } },
      );
    } catch (err) {
      log.warn({ err, chat: ctx.chat.id }, 'bot: could not set the staff menu');
    }
  });
}

/** /start: a greeting, the shop's button (and a shared product's), a referral visit, and the link prompt. */
function handleStart(pm: PrivateChat, { db, log, links, userOf }: BotKit): void {
  pm.command('start', async (ctx) => {
    const from = ctx.from;
    const id = String(from.id);
    const user = await userOf(ctx);
    const lang = botLang(user?.language, from.language_code);
    const payload = typeof ctx.match === 'string' ? ctx.match.trim() : undefined;
    // `/start p<id>[_<code>]` (a shared product, src/common/startapp.ts), else `/start <code>`.
    const shared = parseStartParam(payload);
    const code = shared ? referralCodeOf(shared.referralCode ?? undefined) : referralCodeOf(payload);
    if (code) {
      const recorded = await recordBotReferralVisit(db, code, id, user?.id);
      if (recorded) log.info({ code, telegram_user_id: id }, 'bot: referral visit recorded');
    }
    const name = from.first_name || from.username || '';
    const keyboard = new InlineKeyboard();
    if (shared) links.addButton(keyboard, t(lang, 'openProduct'), links.product(shared.productId)).row();
    links.addButton(keyboard, t(lang, 'openShop'), links.home());
    let text: string;
    if (user) {
      text = t(lang, 'greetingLinked', { name, nickname: user.nickname });
    } else {
      text = `${t(lang, 'greeting', { name })}\n\n${t(lang, 'linkPrompt')}`;
      keyboard.row();
      links.addButton(keyboard, t(lang, 'logInAndLink'), links.loginBe(id, 'profile'));
    }
    await ctx.reply(text, { reply_markup: markup(keyboard) });
  });
}

/** /orders: a linked customer's latest orders, each with its button. */
function handleOrders(pm: PrivateChat, { db, links, userOf }: BotKit): void {
  pm.command('orders', async (ctx) => {
    const user = await userOf(ctx);
    const lang = botLang(user?.language, ctx.from.language_code);
    if (!user) {
      await replyNotLinked(links, ctx, lang, 'ordersNotLinked', 'order');
      return;
    }
    const orders = await latestOrdersOf(db, user.id, 5);
    if (!orders.length) {
      const keyboard = links.addButton(new InlineKeyboard(), t(lang, 'openShop'), links.home());
      await ctx.reply(t(lang, 'ordersNone'), { reply_markup: markup(keyboard) });
      return;
    }
    const lines = orders.map((o) =>
      t(lang, 'ordersLine', {
        orderNo: o.order_no,
        date: o.placed_at.slice(0, 10),
        status: statusText(lang, o.status),
        total: formatCents(o.total_cents),
      }),
    );
    const keyboard = new InlineKeyboard();
    for (const o of orders) {
      links.addButton(keyboard, t(lang, 'viewOrderNo', { orderNo: o.order_no }), links.order(o.id));
      keyboard.row();
    }
    await ctx.reply([t(lang, 'ordersTitle'), ...lines].join('\n'), { reply_markup: markup(keyboard) });
  });
}

/**
 * /password: a linked customer gets the reset link by e-mail (the web form's limit per account applies;
 * docs/decisions/031).
 */
function handlePassword(pm: PrivateChat, { shop, log, links, userOf }: BotKit): void {
  pm.command('password', async (ctx) => {
    const user = await userOf(ctx);
    const lang = botLang(user?.language, ctx.from.language_code);
    if (!user) {
      await replyNotLinked(links, ctx, lang, 'passwordNotLinked', 'profile');
      return;
    }
    if (!shop.mailOn) {
      await ctx.reply(t(lang, 'passwordNoMail'));
      return;
    }
    const outcome = await sendResetLink(shop, user, lang);
    const email = maskAddress(user.email);
    const reply = {
      sent: 'passwordLinkSent',
      throttled: 'passwordLinkThrottled',
    } as const;
    await ctx.reply(t(lang, reply[outcome], { email }));
    log.info({ user_id: user.id, outcome }, 'bot: password reset link asked for');
  });
}
