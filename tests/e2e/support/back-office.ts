import { randomInt, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import type { TestSmtp } from '../../setup/smtp';
import type { FakeBotApi } from '../../support/telegram/fake-bot-api-server';
import { launchBrowser, newPage, type Shop, shopCommand, startShop, type TestPage } from '../harness';
import { PNG } from './checkout';
import { startTelegramShop } from './telegram-shop';

/**
 * What the back-office journeys share: the shop's API as a customer or a staff member calls it (form-encoded,
 * multipart for a receipt), people (customers with an address, staff made with the operator command line), orders
 * placed by bank transfer, a journey's shop and browser, and a browser page opened already logged in as someone.
 * Any journey that needs only a shop and a browser (and e-mail) takes `shopJourney`.
 */

export interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  code: number;
  message: string;
  data: T;
}

export interface Person {
  id: number;
  email: string;
  password: string;
  token: string;
  nickname: string;
  referralCode: string;
  /** What the shop keeps in localStorage as `user`. */
  userInfo: Record<string, unknown>;
  addressId: number;
}

export interface PlacedOrder {
  id: number;
  order_no: string;
  total_cents: number;
  status: string;
}

export type StaffRole = 'owner' | 'manager' | 'fulfilment';

export function backOfficeKit(getShop: () => Shop) {
  let seq = 0;
  let stateId = 0;
  let line: { product_id: number; variant_id: number } | undefined;

  const call = async <T = Record<string, unknown>>(
    path: string,
    body: Record<string, string | number>,
    token?: string,
  ): Promise<Envelope<T> & { status: number }> => {
    const res = await fetch(`${getShop().url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: new URLSearchParams({
        lang: 'en',
        is_frontend: '1',
        ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])),
      }).toString(),
    });
    return { ...((await res.json()) as Envelope<T>), status: res.status };
  };

  /** `call`, failing the test with the server's message unless it succeeded. */
  const ok = async <T = Record<string, unknown>>(
    path: string,
    body: Record<string, string | number>,
    token?: string,
  ): Promise<T> => {
    const res = await call<T>(path, body, token);
    if (!res.success) throw new Error(`${path} answered ${res.status}: ${res.message} ${JSON.stringify(res.data)}`);
    return res.data;
  };

  const multipart = async <T>(path: string, fields: Record<string, string>, token: string): Promise<T> => {
    const form = new FormData();
    form.set('lang', 'en');
    form.set('is_frontend', '1');
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('receipt', new Blob([PNG], { type: 'image/png' }), 'receipt.png');
    const res = await fetch(`${getShop().url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      body: form,
    });
    const json = (await res.json()) as Envelope<T>;
    if (!json.success) throw new Error(`${path} answered ${res.status}: ${json.message} ${JSON.stringify(json.data)}`);
    return json.data;
  };

  /** A product line with stock to spare and the Metro Manila state (read once per shop). */
  async function catalogue() {
    if (line && stateId) return line;
    const list = await ok<{ products: Array<{ id: number; stock_total: number }> }>('/v2/get-product-list', {
      category: 'best-sellers',
      limit: 50,
    });
    const product = [...list.products].sort((a, b) => b.stock_total - a.stock_total)[0]!;
    const details = await ok<{ product: { variants: Array<{ id: number; stock: number }> } }>(
      '/v2/get-product-details',
      { product_id: product.id },
    );
    const variant = [...details.product.variants].sort((a, b) => b.stock - a.stock)[0]!;
    line = { product_id: product.id, variant_id: variant.id };
    const states = await ok<{ states: Array<{ id: number; code: string }> }>('/v2/get-states', {});
    stateId = states.states.find((s) => s.code === 'PH-MM')!.id;
    return line;
  }

  /** A registered customer with a default address; `referralCode` makes its owner the upline. */
  async function customer(nickname: string, opts: { referralCode?: string } = {}): Promise<Person> {
    // This person's number, taken before any await: people are made concurrently (Promise.all), and a shared `seq`
    // read after an await gave two of them the same number, and in the same millisecond the same phone.
    seq += 1;
    const n = seq;
    await catalogue();
    const tag = `${n}${randomUUID().slice(0, 6)}`;
    const email = `${nickname.toLowerCase().replace(/[^a-z]+/g, '.')}.${tag}@example.com`;
    const password = 'Secret123!';
    const phone = `+63917${String(n % 1000).padStart(3, '0')}${String(randomInt(10_000)).padStart(4, '0')}`;
    const registered = await ok<{ token: string; user_info: Record<string, unknown> & { id: number } }>(
      '/v1/user-register',
      {
        nickname,
        email,
        phone,
        password,
        confirm_password: password,
        ...(opts.referralCode ? { referral_code: opts.referralCode } : {}),
      },
    );
    const token = registered.token;
    const saved = await ok<{ address: { id: number } }>(
      '/v2/save-address',
      {
        receiver_name: nickname,
        // Each person their own phone and street: two people sharing them are held apart as one (referral signals).
        phone,
        address: `${n} Jasmine Street`,
        city: 'Makati',
        state_id: stateId,
        zip: '1200',
        is_default: '1',
      },
      token,
    );
    return {
      id: registered.user_info.id,
      email,
      password,
      token,
      nickname,
      referralCode: String(registered.user_info.referral_code ?? ''),
      userInfo: registered.user_info,
      addressId: saved.address.id,
    };
  }

  /** A staff member: an account made staff with the operator command line (`add-staff <email> --role R`). */
  async function staff(nickname: string, role: StaffRole): Promise<Person> {
    const person = await customer(nickname);
    await shopCommand(getShop(), ['add-staff', person.email, '--role', role]);
    return person;
  }

  /** A bank-transfer order of one item, placed through the API with a payment reference and a receipt image. */
  async function placeTransferOrder(
    buyer: Person,
    reference = `BDO-${randomUUID().slice(0, 8)}`,
  ): Promise<PlacedOrder> {
    const item = await catalogue();
    const placed = await multipart<{ order: PlacedOrder }>(
      '/v1/order',
      {
        idempotency_key: randomUUID(),
        items: JSON.stringify([{ ...item, quantity: 1 }]),
        address_id: String(buyer.addressId),
        payment_method: 'bank_transfer',
        payment_reference: reference,
      },
      buyer.token,
    );
    return placed.order;
  }

  /** The order as its customer reads it. */
  const customerOrder = async (buyer: Person, orderId: number) =>
    (
      await ok<{
        order: {
          status: string;
          receipt_rejected_reason: string | null;
          refund_owed_cents: number;
          refunded_cents: number;
          tracking: { company: string | null; number: string | null; link: string | null };
        };
      }>('/v1/get-order-details', { order_id: orderId }, buyer.token)
    ).order;

  return { call, ok, multipart, customer, staff, placeTransferOrder, customerOrder, catalogue };
}

export type BackOfficeKit = ReturnType<typeof backOfficeKit>;

/**
 * A journey's shop and browser, started before the describe block's tests (then `makePeople` makes its staff and
 * customers) and stopped after them. `shop`, `browser` and `people` are there once the tests run; `open` is `openAs`
 * in this shop. See `JourneyOptions` for e-mail (`smtp`) and a bot (`botApi`).
 */
export function backOfficeJourney<P>(makePeople: (kit: BackOfficeKit) => Promise<P>, opts: JourneyOptions = {}) {
  if (opts.mail && opts.telegram)
    throw new Error('a journey has e-mail or a bot, not both (startTelegramShop has no SMTP)');
  let smtp: TestSmtp | undefined;
  let botApi: FakeBotApi | undefined;
  let shop: Shop | undefined;
  let browser: Browser | undefined;
  let people: P | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the journey has not started yet (use it inside tests and hooks)');
    return value;
  };
  const kit = backOfficeKit(() => ready(shop));
  beforeAll(async () => {
    // The SMTP server's module (it loads server code) only when a journey sends e-mail.
    if (opts.mail) smtp = await (await import('../../setup/smtp')).startSmtp();
    const starting = opts.telegram
      ? startTelegramShop(opts.env).then((started) => {
          botApi = started.botApi;
          return started.shop;
        })
      : startShop({ smtp, env: opts.env, timeoutMs: opts.timeoutMs });
    [shop, browser] = await Promise.all([starting, launchBrowser()]);
    people = await makePeople(kit);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await smtp?.close();
    await botApi?.close();
  });
  return {
    kit,
    get smtp() {
      if (!opts.mail) throw new Error('this journey has no e-mail: start it with { mail: true }');
      return ready(smtp);
    },
    get botApi() {
      if (!opts.telegram) throw new Error('this journey has no bot: start it with { telegram: true }');
      return ready(botApi);
    },
    get shop() {
      return ready(shop);
    },
    get browser() {
      return ready(browser);
    },
    get people() {
      return ready(people);
    },
    open: (person: Person, path: string, viewport?: { width: number; height: number }) =>
      openAs(ready(browser), ready(shop), person, path, viewport),
  };
}

export interface JourneyOptions {
  /** E-mail on: the shop sends it to a test SMTP server (tests/setup/smtp.ts), the journey's `smtp`. */
  mail?: boolean;
  /** The shop started by `startTelegramShop` (a bot token, the fake Bot API as the journey's `botApi`, …). */
  telegram?: boolean;
  /** More environment for the server. */
  env?: Record<string, string>;
  /** How long the server may take to answer /readyz (startShop's default otherwise). */
  timeoutMs?: number;
}

/** A journey's shop and browser (`backOfficeJourney` without people). */
export const shopJourney = (opts: JourneyOptions = {}) => backOfficeJourney(async () => ({}), opts);

/** A page opened by `openAs`: console errors and uncaught page errors collect in `errors`. */
export type OpenedPage = TestPage;

/**
 * A fresh browser context already logged in as `person` (the token and user the shop keeps in localStorage, the
 * age question answered), at `path`.
 */
export function openAs(
  browser: Browser,
  shop: Shop,
  person: Person,
  path: string,
  viewport = { width: 1366, height: 800 },
): Promise<OpenedPage> {
  return newPage(browser, `${shop.url}${path}`, {
    viewport,
    session: { user: person.userInfo, token: person.token },
  });
}

export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
