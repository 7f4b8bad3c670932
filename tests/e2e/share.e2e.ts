import { join } from 'node:path';
import Database from 'better-sqlite3';
import { signInitData, tgUser } from '../support/telegram/init-data';
import { acceptAgeGate } from './harness';
import { shopJourney } from './support/back-office';
import { openMiniApp, openMiniAppLoggedIn, tgEvents, tgReceive } from './support/telegram-shop';

// Share (docs/decisions/019, 053) in real Chromium against the real server: inside the fake Telegram host (8.0), Share
// has the server prepare a message through the (fake) Bot API and posts its id to Telegram; an older Telegram gets the
// share sheet with the product's Mini App link; opening the Mini App with a product's startapp (or a bare referral
// code) records the referral code it carries; in a plain browser, Share copies the shop's link. And the gallery's full
// screen: Telegram's full screen asked for, and the header padded by the safe areas Telegram then reports.

const MINI_APP = 'https://t.me/leafcup_test_bot/shop';

// One shop for both: starting one costs seconds of a loaded machine.
const journey = shopJourney({ telegram: true, env: { BOT_USERNAME: 'leafcup_test_bot', MINI_APP_NAME: 'shop' } });

describe('Share', () => {
  let productId: number;
  let productName: string;
  let nextTgId = 890_000_000;

  // The back-office journeys' API helpers: the shop's API as a customer calls it, and customers made through it.
  const { kit } = journey;

  /** A registered customer, linked to a Telegram user when `telegramId` is given. */
  async function customer(telegramId?: number) {
    const person = await kit.customer('Sharer');
    if (telegramId) {
      await kit.ok(
        '/v2/link-telegram',
        { init_data: signInitData(tgUser(telegramId)), password: person.password },
        person.token,
      );
    }
    return { id: person.id, code: person.referralCode };
  }

  const visitsOf = (referrerId: number) => {
    const db = new Database(join(journey.shop.dir, 'shop.sqlite'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare('select link from referral_visits where referrer_id = ?').all(referrerId) as Array<{
        link: string;
      }>;
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    const list = await kit.ok<{ products: Array<{ id: number; name: string }> }>('/v2/get-product-list', {
      limit: 5,
    });
    productId = list.products[0]!.id;
    productName = list.products[0]!.name;
  });

  it('inside Telegram 8.0 shares the message the server prepared: its id posted to Telegram', async () => {
    const telegramId = ++nextTgId;
    const { code } = await customer(telegramId);
    const { context, page, errors } = await openMiniAppLoggedIn(
      journey.browser,
      `${journey.shop.url}/details/${productId}`,
      telegramId,
    );
    await page.getByRole('heading', { level: 1, name: productName }).waitFor();
    const before = journey.botApi.of('savePreparedInlineMessage').length;
    await page.getByRole('button', { name: `Share ${productName}` }).click();
    await expect
      .poll(async () => (await tgEvents(page)).filter((e) => e.type === 'web_app_send_prepared_message').length)
      .toBe(1);
    const saved = journey.botApi.of('savePreparedInlineMessage');
    expect(saved).toHaveLength(before + 1);
    const call = saved.at(-1)!;
    const sent = (await tgEvents(page)).find((e) => e.type === 'web_app_send_prepared_message');
    expect(sent?.data).toEqual({ id: (call.result as { id: string }).id });
    expect(call.payload.user_id).toBe(telegramId);
    expect(call.payload.result.reply_markup.inline_keyboard[0][0]).toEqual({
      text: 'Open',
      url: `${MINI_APP}?startapp=p${productId}_${code}`,
    });
    expect(call.payload.result.title).toBe(productName);
    // Shared: the link's share sheet is not opened as well.
    expect((await tgEvents(page)).some((e) => e.type === 'web_app_open_tg_link')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("inside an older Telegram (7.10) opens the share sheet with the product's Mini App link and the referral code", async () => {
    const telegramId = ++nextTgId;
    const { code } = await customer(telegramId);
    // The linked Telegram user is logged in (their referral code rides on the link).
    const { context, page, errors } = await openMiniAppLoggedIn(
      journey.browser,
      `${journey.shop.url}/details/${productId}`,
      telegramId,
      { version: '7.10' },
    );
    const before = journey.botApi.of('savePreparedInlineMessage').length;
    await page.getByRole('heading', { level: 1, name: productName }).waitFor();
    await page.getByRole('button', { name: `Share ${productName}` }).click();
    await expect
      .poll(async () => (await tgEvents(page)).filter((e) => e.type === 'web_app_open_tg_link').length)
      .toBe(1);
    const opened = (await tgEvents(page)).find((e) => e.type === 'web_app_open_tg_link');
    const sheet = new URL(`https://t.me${opened?.data.path_full}`);
    expect(sheet.pathname).toBe('/share/url');
    expect(sheet.searchParams.get('url')).toBe(`${MINI_APP}?startapp=p${productId}_${code}`);
    expect(sheet.searchParams.get('text')).toBe(`${productName} at Leaf & Cup`);
    // Nothing was prepared, and nothing but the link was posted.
    expect(journey.botApi.of('savePreparedInlineMessage')).toHaveLength(before);
    expect((await tgEvents(page)).some((e) => e.type === 'web_app_send_prepared_message')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opening the Mini App with startapp p<id>_<code> lands on the product and records the visit once', async () => {
    const referrer = await customer();
    const { context, page, errors } = await openMiniApp(journey.browser, `${journey.shop.url}/`, ++nextTgId, {
      startParam: `p${productId}_${referrer.code}`,
    });
    await page.getByRole('heading', { level: 1, name: productName }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/details/${productId}`);
    await expect.poll(() => visitsOf(referrer.id)).toEqual([{ link: `/details/${productId}?ref=${referrer.code}` }]);
    // A reload of the same launch does not act on the start parameter again.
    await page.goto(`${journey.shop.url}/`);
    await acceptAgeGate(page);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(visitsOf(referrer.id)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the referral page's Share in Telegram shares a prepared card of the shop; its startapp records the code", async () => {
    const telegramId = ++nextTgId;
    const { code, id } = await customer(telegramId);
    const { context, page, errors } = await openMiniAppLoggedIn(
      journey.browser,
      `${journey.shop.url}/referral`,
      telegramId,
    );
    await page.getByRole('button', { name: 'Share in Telegram' }).click();
    await expect
      .poll(async () => (await tgEvents(page)).filter((e) => e.type === 'web_app_send_prepared_message').length)
      .toBe(1);
    const call = journey.botApi.of('savePreparedInlineMessage').at(-1)!;
    const open = call.payload.result.reply_markup.inline_keyboard[0][0].url as string;
    expect(open).toBe(`${MINI_APP}?startapp=${code}`);
    expect(errors).toEqual([]);
    await context.close();

    // The friend opens the card's Open button: the Mini App with the bare code; the visit is recorded as `/{code}`'s.
    const friend = await openMiniApp(journey.browser, `${journey.shop.url}/`, ++nextTgId, { startParam: code });
    await acceptAgeGate(friend.page);
    await expect.poll(() => visitsOf(id)).toEqual([{ link: `/${code}` }]);
    expect(new URL(friend.page.url()).pathname).toBe('/');
    await friend.context.close();
  });

  it('in a plain browser copies the shop link of the product with a "Link copied" toast', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.shop.url });
    // Headless Chromium has no share sheet to open: the page falls back to copying, as a desktop browser would.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    const page = await context.newPage();
    await page.goto(`${journey.shop.url}/details/${productId}`);
    await acceptAgeGate(page);
    await page.getByRole('button', { name: `Share ${productName}` }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${journey.shop.url}/details/${productId}`);
    await context.close();
  });
});

describe('Full screen in Telegram', () => {
  let productId: number;

  beforeAll(async () => {
    const list = await journey.kit.ok<{ products: Array<{ id: number }> }>('/v2/get-product-list', { limit: 1 });
    productId = list.products[0]!.id;
  });

  const headerPadding = (page: import('playwright-core').Page) =>
    page.evaluate(() => getComputedStyle(document.querySelector('.header')!).paddingTop);

  it("the gallery's button asks Telegram for full screen; the header follows the safe areas Telegram reports", async () => {
    const none = { top: 0, bottom: 0, left: 0, right: 0 };
    const { context, page, errors } = await openMiniApp(
      journey.browser,
      `${journey.shop.url}/details/${productId}`,
      891_500_001,
      {
        host: { safeArea: none, contentSafeArea: none },
      },
    );
    await acceptAgeGate(page);
    const button = page.getByRole('button', { name: 'View images full screen' });
    await button.waitFor();
    expect(await headerPadding(page)).toBe('0px');
    await button.click();
    await expect
      .poll(async () => (await tgEvents(page)).some((e) => e.type === 'web_app_request_fullscreen'))
      .toBe(true);
    // Telegram is in full screen (the fake host answered fullscreen_changed): the viewer shows, over the page.
    const viewer = page.getByRole('dialog', { name: 'Product images' });
    await viewer.waitFor();
    // Telegram reports the notch and its own controls over the page.
    await tgReceive(page, 'safe_area_changed', { top: 44, bottom: 30, left: 0, right: 0 });
    await tgReceive(page, 'content_safe_area_changed', { top: 46, bottom: 0, left: 0, right: 0 });
    await expect.poll(() => headerPadding(page)).toBe('90px');
    const closeTop = await page
      .getByRole('button', { name: 'Exit full screen' })
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(closeTop).toBeGreaterThanOrEqual(90);
    // Closing the viewer leaves full screen.
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(async () => (await tgEvents(page)).some((e) => e.type === 'web_app_exit_fullscreen')).toBe(true);
    await viewer.waitFor({ state: 'detached' });
    // Leaving full screen through Telegram's own controls closes the viewer too.
    await button.click();
    await viewer.waitFor();
    await tgReceive(page, 'fullscreen_changed', { is_fullscreen: false });
    await viewer.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not offered by an older Telegram (7.10) nor in a browser', async () => {
    const old = await openMiniApp(journey.browser, `${journey.shop.url}/details/${productId}`, 891_500_002, {
      version: '7.10',
    });
    await acceptAgeGate(old.page);
    await old.page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => old.page.evaluate(() => document.documentElement.dataset.telegram)).toBe('true');
    expect(await old.page.getByRole('button', { name: 'View images full screen' }).count()).toBe(0);
    await old.context.close();
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 780 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${journey.shop.url}/details/${productId}`);
    await acceptAgeGate(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'View images full screen' }).count()).toBe(0);
    await context.close();
  });
});
