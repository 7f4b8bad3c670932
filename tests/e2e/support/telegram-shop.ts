import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../../support/telegram/fake-bot-api-server';
import { signInitData, TEST_BOT_TOKEN, tgUser } from '../../support/telegram/init-data';
import { acceptAgeGate, type Shop, startShop } from '../harness';
import { type FakeHostOptions, fakeTelegramHost, type TgEvent, telegramLaunchHash } from './fake-telegram-host';

// What the Mini App journeys share: a shop with a bot whose Bot API is a local fake (nothing reaches Telegram), and
// the fake Telegram host's side of a page (what the app posted to Telegram, an event from Telegram).

/** The real server with a bot token, the fake Bot API, a payment provider token and a public URL; `env` adds to it. */
export async function startTelegramShop(env: Record<string, string> = {}): Promise<{ shop: Shop; botApi: FakeBotApi }> {
  const botApi = await startFakeBotApi();
  const shop = await startShop({
    env: {
      BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: botApi.url,
      PAYMENT_PROVIDER_TOKEN: 'TEST:fake-provider-token',
      PUBLIC_URL: 'https://shop.example.com',
      ...env,
    },
  });
  return { shop, botApi };
}

/**
 * `url` opened as a Mini App by this Telegram user: a phone-sized page, the fake host installed before the first
 * load; with `startParam`, launched with it (`?tgWebAppStartParam=` and signed in the initData, as Telegram does for
 * a `startapp` link). `errors` collects uncaught page errors.
 */
export async function openMiniApp(
  browser: Browser,
  url: string,
  telegramId: number,
  opts: {
    startParam?: string;
    /** Runs on the new context before the page opens (e.g. a route). */
    beforeOpen?: (context: BrowserContext) => Promise<unknown>;
    /** What the opening waits for: the load event unless said. */
    waitUntil?: 'load' | 'domcontentloaded';
    /** The Mini Apps version the client says it runs (`tgWebAppVersion`), 8.0 unless said. */
    version?: string;
    /** The fake host's viewport and safe areas. */
    host?: FakeHostOptions;
  } = {},
) {
  const context = await browser.newContext({ viewport: { width: 390, height: 780 }, locale: 'en-US' });
  await context.addInitScript(fakeTelegramHost(opts.host));
  await opts.beforeOpen?.(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  const initData = signInitData(tgUser(telegramId), { startParam: opts.startParam });
  const query = opts.startParam ? `?tgWebAppStartParam=${opts.startParam}` : '';
  await page.goto(`${url}${query}${telegramLaunchHash(initData, { version: opts.version })}`, {
    waitUntil: opts.waitUntil ?? 'load',
  });
  return { context, page, errors };
}

/** `openMiniApp`, the age question answered, and logged in as the linked customer. */
export async function openMiniAppLoggedIn(
  browser: Browser,
  url: string,
  telegramId: number,
  opts: Parameters<typeof openMiniApp>[3] = {},
) {
  const opened = await openMiniApp(browser, url, telegramId, opts);
  await acceptAgeGate(opened.page);
  await expect.poll(() => opened.page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  return opened;
}

/** Every event the page has posted to the fake Telegram host, oldest first. */
export const tgEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tgEvents: TgEvent[] }).__tgEvents);

/** Telegram sends the page an event (e.g. `main_button_pressed`). */
export const tgReceive = (page: Page, type: string, data?: unknown) =>
  page.evaluate(
    ([t, d]) =>
      (
        window as unknown as { Telegram: { WebView: { receiveEvent(t: string, d: unknown): void } } }
      ).Telegram.WebView.receiveEvent(t as string, d),
    [type, data] as const,
  );
