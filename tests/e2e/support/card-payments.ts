import type { Browser, Page } from 'playwright-core';
import { type Delivery, type FakeEvent, type FakeStripe, startFakeStripe } from '../../support/fake-stripe';
import { launchBrowser, type Shop, startShop } from '../harness';
import { type BackOfficeKit, backOfficeKit, openAs, type Person } from './back-office';
import { addToCartFromProductPage } from './checkout';

/**
 * What the card-payment journeys share (docs/decisions/040): a shop whose STRIPE_* settings point at the fake Stripe
 * (tests/support/fake-stripe.ts), the fake's events delivered signed to the shop's POST /webhooks/stripe through a
 * gate a test can close (to see the page before a notice arrives) and open again, and the shopper's steps.
 */

/** The fake's events, delivered to the shop as Stripe would, unless held; `release` delivers the held ones in order. */
export interface WebhookGate {
  hold(): void;
  release(): Promise<Delivery[]>;
  /** Every delivery so far has been answered (each answer, in order). */
  settled(): Promise<Delivery[]>;
}

function webhookGate(fake: FakeStripe, target: string): WebhookGate {
  let held: FakeEvent[] | null = null;
  const deliveries: Array<Promise<Delivery>> = [];
  // One at a time, in the order they happened, so a test reads one outcome (Stripe itself promises no order).
  let last: Promise<unknown> = Promise.resolve();
  const send = (event: FakeEvent) => {
    const delivery = last.then(() => fake.deliver(target, event));
    last = delivery.catch(() => undefined);
    deliveries.push(delivery);
    return delivery;
  };
  fake.onEvent = (event) => {
    if (held) held.push(event);
    else void send(event);
  };
  return {
    hold: () => {
      held ??= [];
    },
    release: async () => {
      const events = held ?? [];
      held = null;
      return Promise.all(events.map(send));
    },
    settled: () => Promise.all(deliveries),
  };
}

/**
 * The fake Stripe, a shop configured for it (PUBLIC_URL its own address, so the hosted page sends the shopper back
 * to the origin they are logged in on) and a browser, started before the describe block's tests and stopped after.
 */
export function cardJourney() {
  let fake: FakeStripe | undefined;
  let shop: Shop | undefined;
  let browser: Browser | undefined;
  let gate: WebhookGate | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the journey has not started yet (use it inside tests and hooks)');
    return value;
  };
  const kit: BackOfficeKit = backOfficeKit(() => ready(shop));
  beforeAll(async () => {
    fake = await startFakeStripe();
    const env = {
      STRIPE_API_BASE: fake.url,
      STRIPE_SECRET_KEY: fake.apiKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    };
    [shop, browser] = await Promise.all([startShop({ env, publicUrl: true }), launchBrowser()]);
    gate = webhookGate(fake, `${shop.url}/webhooks/stripe`);
  });
  afterAll(async () => {
    await gate?.settled().catch(() => undefined);
    await browser?.close();
    await shop?.stop();
    await fake?.close();
  });
  return {
    kit,
    get fake() {
      return ready(fake);
    },
    get shop() {
      return ready(shop);
    },
    get webhooks() {
      return ready(gate);
    },
    open: (person: Person, path: string) => openAs(ready(browser), ready(shop), person, path),
  };
}

/** The shopper puts the best-stocked tea in the cart (from its product page) and opens the checkout. */
export async function teaToCheckout(page: Page, shopUrl: string, kit: BackOfficeKit): Promise<void> {
  const { product_id } = await kit.catalogue();
  await page.goto(`${shopUrl}/details/${product_id}`);
  await addToCartFromProductPage(page);
  await page.goto(`${shopUrl}/checkout`);
}

/**
 * At the checkout: picks the card method (its label, "Card" or "银行卡"), places the order and lands on the fake's
 * hosted page; resolves to the amount it shows.
 */
export async function placeCardOrder(page: Page, card = 'Card'): Promise<string> {
  await page.getByRole('radio', { name: card, exact: true }).check();
  await page.waitForFunction(() => {
    const b = document.querySelector<HTMLButtonElement>('[data-primary-action="place-order"]');
    return b && !b.disabled && /\d/.test(b.textContent ?? '');
  });
  await page.locator('[data-primary-action="place-order"]').click();
  await page.waitForURL(/\/pay\/cs_test_/);
  return (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
}

/** On the fake's hosted page: presses Pay (or Cancel) and waits to be back on the order's page; its id. */
export async function leaveHostedPage(page: Page, button: 'Pay' | 'Cancel'): Promise<number> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL(/\/order\?id=\d+&checkout=/);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  return Number(new URL(page.url()).searchParams.get('id'));
}

/** The customer's order dialog on `/order?id=`. */
export const orderDialog = (page: Page, orderNo: string) => page.getByRole('dialog', { name: `Order ${orderNo}` });
