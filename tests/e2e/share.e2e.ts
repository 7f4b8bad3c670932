import { join } from 'node:path';
import Database from 'better-sqlite3';
import { signInitData, tgUser } from '../support/telegram/init-data';
import { acceptAgeGate } from './harness';
import { shopJourney } from './support/back-office';
import { openMiniApp, openMiniAppLoggedIn, tgEvents } from './support/telegram-shop';

// Share (docs/decisions/019) in real Chromium against the real server: inside the fake Telegram host, Share opens
// Telegram's share sheet with the product's Mini App link; opening the Mini App with a product's startapp lands on the
// product and records the referral code it carries; in a plain browser, Share copies the shop's link.

const MINI_APP = 'https://t.me/leafcup_test_bot/shop';

describe('Share', () => {
  const journey = shopJourney({ telegram: true, env: { BOT_USERNAME: 'leafcup_test_bot', MINI_APP_NAME: 'shop' } });
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

  it("inside Telegram opens the share sheet with the product's Mini App link and the customer's referral code", async () => {
    const telegramId = ++nextTgId;
    const { code } = await customer(telegramId);
    // The linked Telegram user is logged in (their referral code rides on the link).
    const { context, page, errors } = await openMiniAppLoggedIn(
      journey.browser,
      `${journey.shop.url}/details/${productId}`,
      telegramId,
    );
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
