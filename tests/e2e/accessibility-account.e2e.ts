import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { type Shop, shopCommand, type TestPage } from './harness';
import { checkScreen, openVariant, VARIANTS, type Variant } from './support/axe';
import { type BackOfficeKit, backOfficeJourney, type Person, type PlacedOrder } from './support/back-office';

// WCAG 2.2 AA by axe-core on a customer's screens, in English and Chinese at 390 and 1366 px (docs/decisions/048):
// the cart and its panel empty and filled, checkout empty and filled with the address dialogs, the order history, an
// order and its cancel and change-address dialogs, the profile, referral, cash reward, subscriptions and its cancel
// confirmation, and an agent's affiliate dashboard tab by tab. One shop for the file, one context per language/width.

/** A customer with a pending order, a completed one (a cash reward), an active and a cancelled subscription. */
async function buyerWithHistory(kit: BackOfficeKit, shopCmd: (argv: string[]) => Promise<string>, name: string) {
  const buyer = await kit.customer(name);
  const pending = await kit.placeTransferOrder(buyer);
  const done = await kit.placeTransferOrder(buyer);
  for (const step of ['confirm-payment', 'processing', 'complete']) await shopCmd([step, done.order_no]);
  const item = await kit.catalogue();
  for (const frequency_weeks of [4, 8])
    await kit.multipart<{ order: PlacedOrder }>(
      '/v1/order',
      {
        idempotency_key: randomUUID(),
        items: JSON.stringify([{ ...item, quantity: 1, frequency_weeks }]),
        address_id: String(buyer.addressId),
        payment_method: 'bank_transfer',
        payment_reference: `BDO-${randomUUID().slice(0, 8)}`,
      },
      buyer.token,
    );
  // One subscription active, one cancelled: the page lists both, each with its badge.
  const { subscriptions } = await kit.ok<{ subscriptions: Array<{ id: number }> }>(
    '/v2/get-subscriptions',
    {},
    buyer.token,
  );
  await kit.ok('/v2/cancel-subscription', { subscription_id: subscriptions[0]!.id }, buyer.token);
  return { buyer, pending };
}

// The shop's start and its people take minutes on a busy machine (the shared CI box runs others' tests too).
vi.setConfig({ hookTimeout: 300_000 });

describe('accessibility of a customer’s screens', { timeout: 240_000 }, () => {
  const shop = (): Shop => journey.shop;
  const journey = backOfficeJourney(
    async (kit) => {
      const agent = await kit.customer('Ada Agent');
      const cmd = (argv: string[]): Promise<string> => shopCommand(shop(), argv);
      await cmd(['make-agent', agent.email, '--rate-bp', '1000']);
      await kit.customer('Milo Member', { referralCode: agent.referralCode });
      const buyers = [];
      for (const v of VARIANTS) buyers.push(await buyerWithHistory(kit, cmd, `Bea Buyer ${v.lang} ${v.width}`));
      return { agent, buyers };
    },
    { timeoutMs: 120_000 },
  );
  const sessionOf = (p: Person) => ({ user: p.userInfo, token: p.token });

  describe.each(VARIANTS.map((v, i) => ({ ...v, i })))('in $lang at $width px', (variant) => {
    const v: Variant = { lang: variant.lang, width: variant.width };
    let opened: TestPage;
    let page: Page;
    let pending: PlacedOrder;
    const go = (path: string) => page.goto(`${journey.shop.url}${path}`, { waitUntil: 'load' });
    const h1 = () => page.getByRole('heading', { level: 1 }).first().waitFor();
    const closeDialog = async () => {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').last().waitFor({ state: 'detached' });
    };

    beforeAll(async () => {
      const { buyer, pending: order } = journey.people.buyers[variant.i]!;
      pending = order;
      opened = await openVariant(journey.browser, journey.shop.url, v, '/cart', { session: sessionOf(buyer) });
      page = opened.page;
    });
    afterAll(() => opened?.close());

    it('the cart, its panel and checkout while the cart is empty', async () => {
      await h1();
      await checkScreen(page, v, 'cart · empty');
      await page.locator('.header__cart').click();
      await page.getByRole('dialog').waitFor();
      await checkScreen(page, v, 'cart panel · empty');
      await closeDialog();
      await go('/checkout');
      await h1();
      await checkScreen(page, v, 'checkout · empty');
    });

    it('the cart, its panel and checkout with a line, and the address dialogs', async () => {
      const { catalogue } = journey.kit;
      await go(`/details/${(await catalogue()).product_id}`);
      await h1();
      await page.locator('[data-primary-action="add-to-cart"]').click();
      await page.getByRole('dialog').waitFor();
      await checkScreen(page, v, 'cart panel · filled');
      await closeDialog();
      await go('/cart');
      await page.locator('[data-primary-action="checkout"]').waitFor();
      await checkScreen(page, v, 'cart · filled');
      await go('/checkout');
      await page.locator('.co-choice').first().waitFor();
      await checkScreen(page, v, 'checkout · filled');
      await page.locator('.co-add').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await checkScreen(page, v, 'checkout · new address dialog');
      await dialog.locator('button[type="submit"]').click();
      await dialog.locator('[aria-invalid="true"]').first().waitFor();
      await checkScreen(page, v, 'checkout · new address dialog with errors');
      await closeDialog();
      await page.locator('.co-choice__edit').first().click();
      await dialog.waitFor();
      await checkScreen(page, v, 'checkout · edit address dialog');
      await closeDialog();
    });

    it('the order history, an order and its dialogs', async () => {
      await go('/order');
      await h1();
      await checkScreen(page, v, 'order history');
      await go(`/order?id=${pending.id}`);
      const order = page.getByRole('dialog');
      await order.waitFor();
      await checkScreen(page, v, 'order page');
      // Change address and Cancel order take the order's dialog's place; Escape brings the order back.
      const orderView = page.locator('.ord-detail');
      const openInPlace = async (button: string) => {
        await orderView.locator(button).first().click();
        await orderView.waitFor({ state: 'detached' });
        await page.getByRole('dialog').waitFor();
      };
      const backToOrder = async () => {
        await page.keyboard.press('Escape');
        await orderView.waitFor();
      };
      await openInPlace('.ord-window__actions button');
      await checkScreen(page, v, 'order · change address dialog');
      await backToOrder();
      await openInPlace('.ord-danger');
      await checkScreen(page, v, 'order · cancel confirmation');
      await backToOrder();
    });

    it('profile, referral, cash reward and subscriptions with its cancel confirmation', async () => {
      for (const [path, name] of [
        ['/profile', 'profile'],
        ['/referral', 'referral'],
        ['/cashReward', 'cash reward'],
        ['/subscriptions', 'subscriptions'],
      ] as const) {
        await go(path);
        await h1();
        await page.waitForLoadState('networkidle');
        await checkScreen(page, v, name);
      }
      await page.locator('.sub-danger').first().click();
      await page.getByRole('dialog').waitFor();
      await checkScreen(page, v, 'subscriptions · cancel confirmation');
      await closeDialog();
    });

    it('an agent’s affiliate dashboard, tab by tab', async () => {
      const agentPage = await openVariant(journey.browser, journey.shop.url, v, '/affiliate', {
        session: sessionOf(journey.people.agent),
      });
      const tabs = agentPage.page.getByRole('tab');
      await tabs.first().waitFor();
      const count = await tabs.count();
      for (let i = 0; i < count; i++) {
        await tabs.nth(i).click();
        await agentPage.page.waitForLoadState('networkidle');
        await checkScreen(agentPage.page, v, `affiliate · tab ${i + 1}`);
      }
      await agentPage.close();
    });
  });
});
