import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { WEBHOOK_PATH, webhookSecret } from '../../src/server/telegram/bot/webhook-secret';
import { signInitData, TEST_BOT_TOKEN, tgUser } from '../support/telegram/init-data';
import { acceptAgeGate, holdEntry } from './harness';
import { shopJourney } from './support/back-office';
import { payByTransfer } from './support/checkout';
import { fakeTelegramHost, telegramLaunchHash } from './support/fake-telegram-host';
import { openMiniApp, openMiniAppLoggedIn, tgEvents, tgReceive } from './support/telegram-shop';

// The Mini App in headless Chromium with a fake Telegram host (window.TelegramWebviewProxy + receiveEvent),
// against the real server with a bot token; the Bot API is a local fake (nothing reaches Telegram).
// And the same build in a plain browser: the checkout journey passes with no Telegram errors.

describe('Telegram Mini App', () => {
  // The shop with a bot (its Bot API the fake `journey.botApi`) and a browser.
  const journey = shopJourney({ telegram: true });
  let productId: number;
  let stateId: number;
  let nextTgId = 880_000_000;
  let seq = 0;

  // The shop's API as a customer calls it.
  const { call } = journey.kit;

  /** A registered customer with a saved address; linked to a Telegram user when `telegramId` is given. */
  async function customer(opts: { telegramId?: number; username?: string } = {}) {
    seq += 1;
    const email = `tg.buyer${seq}.${Date.now() % 100000}@example.com`;
    const password = 'secret1';
    const registered = await call<{ token: string; user_info: { id: number } }>('/v1/user-register', {
      nickname: `Tg Buyer ${seq}`,
      email,
      // Unique per customer of this file's shop (its own database): a clock-based suffix could repeat one.
      phone: `+63917${String(5550000 + seq).slice(-7)}`,
      password,
      confirm_password: password,
    });
    expect(registered.success, registered.message).toBe(true);
    const token = registered.data.token;
    const saved = await call(
      '/v2/save-address',
      {
        receiver_name: 'Mei Chen',
        phone: '+639170000000',
        address: '1 Tea Street',
        city: 'Makati',
        state_id: String(stateId),
        zip: '1200',
        is_default: '1',
      },
      token,
    );
    expect(saved.success, saved.message).toBe(true);
    if (opts.telegramId) {
      const linked = await call(
        '/v2/link-telegram',
        {
          init_data: signInitData(tgUser(opts.telegramId, { username: opts.username })),
          password,
        },
        token,
      );
      expect(linked.success, linked.message).toBe(true);
    }
    return { email, password, token };
  }

  /** The shop's database, read directly (read-only) to check what the server holds. */
  const readDb = <T>(read: (db: Database.Database) => T): T => {
    const db = new Database(join(journey.shop.dir, 'shop.sqlite'), { readonly: true, fileMustExist: true });
    try {
      return read(db);
    } finally {
      db.close();
    }
  };
  const linkedTelegramOf = async (email: string) =>
    readDb(
      (db) =>
        (
          db.prepare('select telegram_user_id from users where email = ?').get(email) as {
            telegram_user_id: string | null;
          }
        ).telegram_user_id,
    );
  const sessionsOf = (email: string) =>
    readDb(
      (db) =>
        (
          db
            .prepare('select count(*) as n from sessions s join users u on u.id = s.user_id where u.email = ?')
            .get(email) as { n: number }
        ).n,
    );
  const noticesOf = (email: string) =>
    readDb((db) =>
      db
        .prepare(
          'select n.kind, n.telegram_chat_id from notifications n join users u on u.id = n.user_id where u.email = ? and n.order_id is null order by n.id',
        )
        .all(email),
    );

  const lastOf = async (page: Page, type: string) => (await tgEvents(page)).filter((e) => e.type === type).at(-1);
  /** Waits until the last MainButton setup posted to Telegram matches. */
  const mainButton = (
    page: Page,
    expected: { text?: string | RegExp; visible?: boolean; active?: boolean; progress?: boolean },
  ) =>
    expect
      .poll(
        async () => {
          const last = await lastOf(page, 'web_app_setup_main_button');
          return last?.data ?? null;
        },
        { timeout: 10_000 },
      )
      .toSatisfy((d: Record<string, unknown> | null) => {
        if (!d) return false;
        if (expected.visible !== undefined && d.is_visible !== expected.visible) return false;
        if (expected.active !== undefined && d.is_active !== expected.active) return false;
        if (expected.progress !== undefined && d.is_progress_visible !== expected.progress) return false;
        if (expected.text instanceof RegExp) return expected.text.test(String(d.text));
        if (expected.text !== undefined) return d.text === expected.text;
        return true;
      });
  const backButtonVisible = async (page: Page) =>
    (await lastOf(page, 'web_app_setup_back_button'))?.data?.is_visible ?? false;

  beforeAll(async () => {
    const list = await call<{ products: Array<{ id: number; slug: string; stock_total: number }> }>(
      '/v2/get-product-list',
      { category: 'best-sellers', limit: '50' },
    );
    productId = list.data.products.find((p) => p.stock_total >= 20)!.id;
    const states = await call<{ states: Array<{ id: number; code: string }> }>('/v2/get-states', {});
    stateId = states.data.states.find((s) => s.code === 'PH-MM')!.id;
  });

  it('a first open hydrates the server’s markup (the same nodes, no warnings), then takes Telegram’s theme (027)', async () => {
    const logged: string[] = [];
    const { context, page, errors } = await openMiniApp(journey.browser, `${journey.shop.url}/products`, ++nextTgId, {
      beforeOpen: async (c) => {
        c.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning') logged.push(`${m.type()}: ${m.text()}`);
        });
        // Keeps the server's <main> as the document parsed it.
        await c.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            (window as unknown as { serverMain: Element | null }).serverMain = document.querySelector('#root main');
          });
        });
      },
    });
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    const kept = () =>
      page.evaluate(() => {
        const server = (window as unknown as { serverMain: Element | null }).serverMain;
        return server !== null && server === document.querySelector('#root main') && server.isConnected;
      });
    expect(await kept()).toBe(true);
    // The root drew the server's looks to hydrate, then Telegram's (dark theme, Android).
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.app-root')?.getAttribute('data-appearance')))
      .toBe('dark');
    await expect.poll(async () => (await tgEvents(page)).map((e) => e.type)).toContain('web_app_ready');
    // Live: the gate answers, the SDK started, and the page is still the server's.
    await acceptAgeGate(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.telegram)).toBe('true');
    expect(await kept()).toBe(true);
    expect(logged).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a Yes tapped on the server’s age gate before the app’s scripts have come is answered; the app draws over it without the gate (027)', async () => {
    // The app's entry is held back, as on a slow link: the Mini App shows the server's markup in Telegram's colours.
    let hold: Awaited<ReturnType<typeof holdEntry>> | undefined;
    const { context, page, errors } = await openMiniApp(journey.browser, `${journey.shop.url}/products`, ++nextTgId, {
      beforeOpen: async (c) => {
        hold = await holdEntry(c);
      },
      // The load event waits for the entry the page asked for.
      waitUntil: 'domcontentloaded',
    });
    const gate = await hold!.answerAgeGateEarly(page);

    // The scripts come: the app (Telegram's theme differs from the server's, so it draws over the markup) starts
    // without the gate, tells Telegram it is ready, and the page scrolls.
    hold!.release();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await expect.poll(async () => (await tgEvents(page)).map((e) => e.type)).toContain('web_app_ready');
    expect(await gate.count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(await page.evaluate(() => document.querySelector('.app-root')?.getAttribute('data-appearance'))).toBe(
      'dark',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the SDK: ready, expand, theme and safe areas as CSS, BackButton off home only', async () => {
    const { context, page, errors } = await openMiniApp(journey.browser, `${journey.shop.url}/`, ++nextTgId);
    await acceptAgeGate(page);
    await expect.poll(async () => (await tgEvents(page)).map((e) => e.type)).toContain('web_app_ready');
    const types = (await tgEvents(page)).map((e) => e.type);
    expect(types).toContain('web_app_expand');
    expect(types).toContain('web_app_request_viewport');
    expect(types).toContain('web_app_request_safe_area');
    const css = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return {
        telegram: document.documentElement.dataset.telegram,
        bg: style.getPropertyValue('--tg-theme-bg-color').trim(),
        safeTop: style.getPropertyValue('--tg-viewport-safe-area-inset-top').trim(),
        contentTop: style.getPropertyValue('--tg-viewport-content-safe-area-inset-top').trim(),
      };
    });
    expect(css).toEqual({ telegram: 'true', bg: '#17212b', safeTop: '47px', contentTop: '56px' });
    expect(await backButtonVisible(page)).toBe(false);

    // Into the shop: the BackButton shows; Telegram's back press comes home, where it hides again.
    await page
      .getByRole('link', { name: /best sellers/i })
      .first()
      .click();
    await page.waitForURL(/\/products/);
    await expect.poll(() => backButtonVisible(page)).toBe(true);
    await tgReceive(page, 'back_button_pressed');
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => backButtonVisible(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('web_app_ready comes once, after the first screen has rendered; LOW devices get data-perf="low"', async () => {
    const context = await journey.browser.newContext({
      viewport: { width: 390, height: 780 },
      locale: 'en-US',
      userAgent:
        'Mozilla/5.0 (Linux; Android 10; SM-A105F) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 Telegram-Android/11.2.3 (Samsung SM-A105F; Android 10; SDK 29; LOW)',
    });
    await context.addInitScript(fakeTelegramHost());
    // What the page showed when the host got web_app_ready.
    await context.addInitScript(`(() => {
      const proxy = window.TelegramWebviewProxy;
      const post = proxy.postEvent;
      window.__readyAt = [];
      proxy.postEvent = function (type, json) {
        if (type === 'web_app_ready') {
          window.__readyAt.push({
            product: Boolean(document.querySelector('main h1')),
            fallback: Boolean(document.querySelector('.page-fallback')),
          });
        }
        return post.call(this, type, json);
      };
    })()`);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    await page.goto(`${journey.shop.url}/details/${productId}${telegramLaunchHash(signInitData(tgUser(++nextTgId)))}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __readyAt: unknown[] }).__readyAt.length))
      .toBe(1);
    const readyAt = await page.evaluate(() => (window as unknown as { __readyAt: unknown[] }).__readyAt);
    expect(readyAt).toEqual([{ product: true, fallback: false }]);
    expect(await page.evaluate(() => document.documentElement.dataset.perf)).toBe('low');
    // Moving on inside the app does not send it again.
    await acceptAgeGate(page);
    await page.getByRole('link', { name: 'Leaf & Cup' }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    await page
      .getByRole('link', { name: /best sellers/i })
      .first()
      .waitFor();
    expect((await tgEvents(page)).filter((e) => e.type === 'web_app_ready')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an already linked Telegram user opened fresh is logged in without a password', async () => {
    const telegramId = ++nextTgId;
    await customer({ telegramId, username: 'old_name' });
    const { context, page, errors } = await openMiniAppLoggedIn(
      journey.browser,
      `${journey.shop.url}/profile`,
      telegramId,
    );
    // Linked as @old_name; Telegram now says @mei_<id>: the profile shows the name as Telegram has it now.
    await page.getByText(`Linked to @mei_${telegramId} · Mei Chen`).waitFor();
    expect(page.url()).toContain('/profile');
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('MainButton drives product → cart → checkout → order, paid by a Telegram invoice', async () => {
    const telegramId = ++nextTgId;
    await customer({ telegramId });
    const { context, page, errors } = await openMiniAppLoggedIn(
      journey.browser,
      `${journey.shop.url}/details/${productId}`,
      telegramId,
    );

    // Product: "Add to cart" is the MainButton; the in-page twin is hidden.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await mainButton(page, { text: 'Add to cart', visible: true, active: true });
    expect(await page.locator('[data-primary-action="add-to-cart"]').isVisible()).toBe(false);
    await tgReceive(page, 'main_button_pressed');
    await expect
      .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]').length)
      .toBe(1);
    const haptics = (await tgEvents(page)).filter((e) => e.type === 'web_app_trigger_haptic_feedback');
    expect(haptics.at(-1)?.data).toMatchObject({ type: 'notification', notification_type: 'success' });

    // The cart panel opened over the product: its MainButton is "Checkout · $total".
    const dialog = page.getByRole('dialog', { name: 'Your Cart' });
    await dialog.waitFor();
    await mainButton(page, { text: /^Checkout · \$\d+\.\d\d$/, visible: true });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await mainButton(page, { text: 'Add to cart', visible: true });

    // The cart page: "Checkout · $total"; a press goes to checkout.
    await page.goto(`${journey.shop.url}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor();
    const cart = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]') as Array<{
      totalPrice: string;
    }>;
    await mainButton(page, { text: `Checkout · $${cart[0]!.totalPrice}`, visible: true, active: true });
    expect(await page.locator('[data-primary-action="checkout"]').isVisible()).toBe(false);
    await tgReceive(page, 'main_button_pressed');
    await page.waitForURL(/\/checkout$/);

    // Checkout: "Place order · $total" with the server's total; pay by link.
    await page.getByRole('radio', { name: /Pay by Link/ }).check();
    await mainButton(page, { text: /^Place order · \$\d+\.\d\d$/, visible: true, active: true });
    const placeText = String((await lastOf(page, 'web_app_setup_main_button'))?.data.text);
    await expect
      .poll(async () =>
        (await tgEvents(page)).some((e) => e.type === 'web_app_setup_closing_behavior' && e.data?.need_confirmation),
      )
      .toBe(true);
    await tgReceive(page, 'main_button_pressed');

    // Placed: the order screen; the invoice opened in the app and closed as paid.
    await page.waitForURL(/\/order\?id=\d+/);
    const orderId = Number(new URL(page.url()).searchParams.get('id'));
    await expect
      .poll(async () => (await lastOf(page, 'web_app_open_invoice'))?.data)
      .toEqual({ slug: 'fakeInvoiceSlug' });
    expect(journey.botApi.of('createInvoiceLink').at(-1)?.payload).toMatchObject({
      currency: 'USD',
      payload: expect.stringMatching(new RegExp(`^order:${orderId}:`)),
    });
    const total = Number(placeText.replace(/^.*\$/, '').replace('.', ''));
    expect(
      journey.botApi
        .of('createInvoiceLink')
        .at(-1)
        ?.payload.prices.reduce((s: number, p: { amount: number }) => s + p.amount, 0),
    ).toBe(total);
    expect(
      (await tgEvents(page)).some((e) => e.type === 'web_app_setup_main_button' && e.data?.is_progress_visible),
    ).toBe(true);

    // The order is Pending until Telegram tells the bot it was paid; then it shows Paid.
    const before = await call<{ order: { status: string } }>(
      '/v1/get-order-details',
      { order_id: String(orderId) },
      await page.evaluate(() => localStorage.getItem('token') ?? ''),
    );
    expect(before.data.order.status).toBe('Pending');
    const payload = journey.botApi.of('createInvoiceLink').at(-1)?.payload.payload as string;
    const res = await fetch(`${journey.shop.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-telegram-bot-api-secret-token': webhookSecret({ BOT_TOKEN: TEST_BOT_TOKEN })!,
      },
      body: JSON.stringify({
        update_id: 1,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: telegramId, type: 'private', first_name: 'Mei' },
          from: { id: telegramId, is_bot: false, first_name: 'Mei' },
          successful_payment: {
            currency: 'USD',
            total_amount: total,
            invoice_payload: payload,
            telegram_payment_charge_id: `e2e-${orderId}`,
            provider_payment_charge_id: `p-${orderId}`,
          },
        },
      }),
    });
    expect(res.status).toBe(200);
    await page.reload();
    await page.locator('.ord-badge--paid').first().waitFor();

    // The bot told the linked customer about the placed and the paid order.
    await expect
      .poll(
        () =>
          journey.botApi
            .of('sendMessage')
            .filter((c) => String(c.payload.chat_id) === String(telegramId))
            .map((c) => c.payload.text),
        { timeout: 15_000 },
      )
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/is placed/),
          expect.stringMatching(/^Payment received for order/),
        ]),
      );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/login_be shows whom it links, links the account with the password just typed, then goes on', async () => {
    const telegramId = ++nextTgId;
    const account = await customer();
    const { context, page, errors } = await openMiniApp(
      journey.browser,
      `${journey.shop.url}/login_be/${telegramId}/profile`,
      telegramId,
    );
    await acceptAgeGate(page);
    // Whom, before the password is typed (the server's preview of the validated initData).
    await page.getByText(`You are linking Telegram user Mei Chen (@mei_${telegramId}).`).waitFor();
    expect(await linkedTelegramOf(account.email)).toBeNull();
    await page.getByLabel('Email / Phone Number', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${journey.shop.url}/profile`);
    await page.getByText('Telegram linked successfully').waitFor();
    await page.getByText(`Linked to @mei_${telegramId} · Mei Chen`).waitFor();
    // The server holds the link, and the bot will tell that Telegram user.
    expect(await linkedTelegramOf(account.email)).toBe(String(telegramId));
    expect(noticesOf(account.email)).toEqual([{ kind: 'telegram_linked', telegram_chat_id: String(telegramId) }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  // docs/decisions/001: launch parameters in a plain browser tab are not Telegram. The same /login_be URL, with
  // someone's signed initData in its hash, opened in a browser with no Telegram host: nobody is logged in from it, the
  // customer who logs in is not linked, and no request carries init_data.
  it('/login_be with #tgWebAppData in a plain browser tab logs nobody in and links nothing', async () => {
    const linkedId = ++nextTgId;
    const linkedAccount = await customer({ telegramId: linkedId });
    const account = await customer();
    const sessionsBefore = sessionsOf(linkedAccount.email);
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 780 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    const bodies: string[] = [];
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') bodies.push(r.postData() ?? '');
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    const launch = telegramLaunchHash(signInitData(tgUser(linkedId)));
    await page.goto(`${journey.shop.url}/login_be/${linkedId}/profile${launch}`);
    await acceptAgeGate(page);
    await page.getByText('You opened this link outside Telegram').waitFor();
    // No auto-login as the account linked to that Telegram user.
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByLabel('Email / Phone Number', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${journey.shop.url}/profile`);
    await page.getByText('Telegram was not linked because the shop is open outside Telegram').waitFor();
    await page.getByText('Not linked', { exact: true }).waitFor();
    const state = await page.evaluate(() => ({
      flag: document.documentElement.dataset.telegram,
      launch: sessionStorage.getItem('leafcup/launch'),
    }));
    expect(state).toEqual({ flag: 'false', launch: null });
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((b) => b.includes('init_data'))).toEqual([]);
    expect(await linkedTelegramOf(account.email)).toBeNull();
    expect(await linkedTelegramOf(linkedAccount.email)).toBe(String(linkedId));
    expect(sessionsOf(linkedAccount.email)).toBe(sessionsBefore);
    // The Telegram SDK (its chunk is the only script that knows web_app_setup_main_button) was never downloaded.
    const sources = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
    expect(scripts.length).toBeGreaterThan(0);
    expect(sources.filter((js) => js.includes('web_app_setup_main_button'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a tab holding a Telegram tab's launch parameters (copied sessionStorage) but no Telegram host logs nobody in", async () => {
    const linkedId = ++nextTgId;
    const linkedAccount = await customer({ telegramId: linkedId });
    const sessionsBefore = sessionsOf(linkedAccount.email);
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 780 }, locale: 'en-US' });
    const initData = signInitData(tgUser(linkedId));
    // What a tab opened from a Mini App tab inherits: the launch copy in sessionStorage (as launch.ts writes it).
    await context.addInitScript(
      `sessionStorage.setItem('leafcup/launch', ${JSON.stringify(
        JSON.stringify({ initData, platform: 'android', userId: String(linkedId), userLanguage: 'en' }),
      )});`,
    );
    const page = await context.newPage();
    const bodies: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') bodies.push(r.postData() ?? '');
    });
    await page.goto(`${journey.shop.url}/profile`);
    await acceptAgeGate(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => document.documentElement.dataset.telegram)).toBe('false');
    expect(bodies.filter((b) => b.includes('init_data'))).toEqual([]);
    expect(sessionsOf(linkedAccount.email)).toBe(sessionsBefore);
    await context.close();
  });

  it('/login_be refuses a link made for another Telegram user, and links nothing', async () => {
    const telegramId = ++nextTgId;
    const account = await customer();
    const { context, page } = await openMiniApp(
      journey.browser,
      `${journey.shop.url}/login_be/${telegramId + 500}/profile`,
      telegramId,
    );
    await acceptAgeGate(page);
    await page.getByText('made for a different Telegram account').waitFor();
    await page.getByLabel('Email / Phone Number', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Telegram was not linked' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'This link was made for a different Telegram account, so nothing was linked',
    );
    const me = await call<never>('/v1/get-user-info', {}, account.token);
    expect((me as unknown as { user_info: { telegram_user_id: string | null } }).user_info.telegram_user_id).toBeNull();
    await context.close();
  });

  it('the same build in a plain browser: the checkout journey passes, no Telegram anywhere', async () => {
    const account = await customer();
    const context: BrowserContext = await journey.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /telegram/i.test(m.text())) errors.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    await page.goto(`${journey.shop.url}/login?redirect=/details/${productId}`);
    await acceptAgeGate(page);
    await page.getByLabel('Email / Phone Number', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${journey.shop.url}/details/${productId}`);

    await page.locator('[data-primary-action="add-to-cart"]').click();
    const dialog = page.getByRole('dialog', { name: 'Your Cart' });
    await dialog.waitFor();
    await dialog.locator('[data-primary-action="checkout"]').click();
    await page.waitForURL(/\/checkout$/);
    await page.getByRole('radio', { name: /Bank Transfer/ }).check();
    await payByTransfer(page, 'REF-12345');
    const place = page.locator('[data-primary-action="place-order"]');
    await expect.poll(() => place.isEnabled()).toBe(true);
    await place.click();
    await page.waitForURL(/\/order\?id=\d+/);
    await page.locator('.ord-badge--pending').first().waitFor();

    const telegram = await page.evaluate(() => ({
      flag: document.documentElement.dataset.telegram,
      proxy: 'TelegramWebviewProxy' in window,
      launch: sessionStorage.getItem('leafcup/launch'),
    }));
    expect(telegram).toEqual({ flag: 'false', proxy: false, launch: null });
    expect(errors).toEqual([]);
    await context.close();
  });
});
