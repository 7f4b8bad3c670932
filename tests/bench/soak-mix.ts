import { randomUUID } from 'node:crypto';
import { couponDiscountCents } from '../../src/common/checkout-rules';

/**
 * The soak bench's traffic (soak.ts): what a day of the shop looks like, as kinds of request with weights, each with
 * the check of its answer. About 80 % browsing and search, 15 % cart and checkout reads, 5 % orders, and a few staff
 * back-office reads.
 */

export interface BenchLine {
  product_id: number;
  variant_id: number;
  /** Cents: the bench's products have no discount price. */
  price: number;
}

export interface Shopper {
  token: string;
  addressId: number;
  stateId: number;
  /** The two lines of the saved cart (cart shoppers only): quantities change, the lines stay. */
  cart: BenchLine[];
}

export interface SoakData {
  /** Every product on sale (the demo's and the bench's). */
  productIds: number[];
  /** The bench's packagings: a million in stock each, so orders never run out. */
  lines: BenchLine[];
  /** Customers who keep a cart and check out; a separate group places the orders (their carts stay as they are). */
  cartShoppers: Shopper[];
  orderShoppers: Shopper[];
  staffToken: string;
  /** A coupon without limits (SOAK10, 10 %). */
  coupon: string;
}

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  form?: Record<string, string>;
  token?: string;
  /** What is wrong with the answer (null: it is right). `json` is the parsed body of a JSON answer. */
  check(answer: { status: number; type: string; text: string; json: Envelope | null }): string | null;
}

export interface Envelope {
  success?: boolean;
  code?: number;
  message?: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
  data?: any;
}

export type Group = 'browse' | 'cart' | 'order' | 'staff';

export interface Kind {
  name: string;
  group: Group;
  /** Share of all requests, in percent. */
  weight: number;
  make(): Call;
}

/** A small seeded generator (mulberry32): the same mix from run to run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ok = (a: { status: number; json: Envelope | null }): string | null =>
  a.status !== 200
    ? `status ${a.status}: ${a.json?.message ?? ''}`
    : a.json?.success !== true || a.json.code !== 200
      ? 'not a success envelope'
      : null;
const html = (a: { status: number; type: string; text: string }): string | null =>
  a.status !== 200
    ? `status ${a.status}`
    : !a.type.startsWith('text/html') || !a.text.includes('id="root"')
      ? `not the shop's page (${a.type})`
      : null;
const subtotal = (items: Array<BenchLine & { quantity: number }>) =>
  items.reduce((n, l) => n + l.price * l.quantity, 0);
const itemsJson = (items: Array<BenchLine & { quantity: number }>) =>
  JSON.stringify(items.map(({ product_id, variant_id, quantity }) => ({ product_id, variant_id, quantity })));

const CATEGORIES = ['best-sellers', 'all-teas', 'accessories', 'matcha', 'gift-shop', 'variety-packs'];
const TYPES = ['black', 'green', 'herbal', 'iced-tea', 'organic-teas'];
const BENEFITS = ['antioxidants', 'sleep', 'relaxation'];
const SEARCHES = ['tea', 'green', 'chai', 'matcha', 'earl grey', 'jasmine', 'oolong', 'gift', '茶', 'zzzz-none'];

/** The kinds of request and their weights, drawing from `data` with `random`. */
export function soakKinds(data: SoakData, random: () => number): Kind[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const product = () => pick(data.productIds);
  const lang = () => (random() < 0.8 ? 'en' : 'zh');
  // Next pages as shoppers reach them: cursors from earlier answers of the same filter.
  const cursors = new Map<string, string[]>();
  const keep = (filter: string, cursor: unknown) => {
    if (typeof cursor !== 'string') return;
    const list = cursors.get(filter) ?? [];
    if (list.length < 50) list.push(cursor);
    else list[Math.floor(random() * list.length)] = cursor;
    cursors.set(filter, list);
  };
  let cartTurn = 0;
  let orderTurn = 0;
  const cartShopper = () => data.cartShoppers[cartTurn++ % data.cartShoppers.length] as Shopper;
  const post = (path: string, form: Record<string, string>, check: Call['check'], token?: string): Call => ({
    method: 'POST',
    path,
    form: { lang: lang(), is_frontend: '1', ...form },
    ...(token ? { token } : {}),
    check,
  });
  const list = (): Call => {
    const filters: Record<string, string> = {};
    const r = random();
    if (r < 0.35) filters.category = pick(CATEGORIES);
    else if (r < 0.55) filters.type = pick(TYPES);
    else if (r < 0.65) filters.benefit = pick(BENEFITS);
    if (random() < 0.3) filters.sort = 'oldest';
    const key = JSON.stringify(filters);
    const next = cursors.get(key);
    if (next?.length && random() < 0.3) filters.cursor = pick(next);
    return post('/v2/get-product-list', { limit: '20', ...filters }, (a) => {
      const products = a.json?.data?.products;
      if (!Array.isArray(products)) return ok(a) ?? 'no products list';
      if (!filters.cursor && !products.length) return 'an empty first page';
      keep(key, a.json?.data?.next_cursor);
      return ok(a);
    });
  };
  const page = (path: string): Call => ({ method: 'GET', path, check: html });
  return [
    { name: 'page: home', group: 'browse', weight: 8, make: () => page(random() < 0.8 ? '/' : '/?lang=zh') },
    { name: 'page: products', group: 'browse', weight: 4, make: () => page('/products') },
    { name: 'page: product', group: 'browse', weight: 4, make: () => page(`/details/${product()}`) },
    {
      name: 'home reads',
      group: 'browse',
      weight: 10,
      make: () => {
        const [path, field] = pick([
          ['/v2/get-banners', 'banners'],
          ['/v2/get-category', 'categories'],
          ['/v2/get-tags', 'tags'],
        ] as const);
        return post(path, {}, (a) => ok(a) ?? (a.json?.data?.[field]?.length ? null : `no ${field}`));
      },
    },
    { name: 'product list', group: 'browse', weight: 24, make: list },
    {
      name: 'product details',
      group: 'browse',
      weight: 16,
      make: () => {
        const id = product();
        return post(
          '/v2/get-product-details',
          { product_id: String(id) },
          (a) => ok(a) ?? (a.json?.data?.product?.id === id ? null : 'another product'),
        );
      },
    },
    {
      name: 'reviews',
      group: 'browse',
      weight: 4,
      make: () =>
        post(
          '/v2/get-product-reviews',
          { product_id: String(product()) },
          (a) => ok(a) ?? (Array.isArray(a.json?.data?.reviews) ? null : 'no reviews list'),
        ),
    },
    {
      name: 'search',
      group: 'browse',
      weight: 10,
      make: () =>
        post(
          '/v2/get-product-list',
          { q: pick(SEARCHES), limit: '20' },
          (a) => ok(a) ?? (Array.isArray(a.json?.data?.products) ? null : 'no products list'),
        ),
    },
    ...cartKinds(data, { post, cartShopper, random }),
    {
      name: 'place order',
      group: 'order',
      weight: 5,
      make: () => {
        const s = data.orderShoppers[orderTurn++ % data.orderShoppers.length] as Shopper;
        const count = 1 + Math.floor(random() * 3);
        const items = Array.from({ length: count }, (_, i) => ({
          ...(data.lines[(Math.floor(random() * data.lines.length) + i) % data.lines.length] as BenchLine),
          quantity: 1 + Math.floor(random() * 2),
        }));
        const form = {
          idempotency_key: randomUUID(),
          items: itemsJson(items),
          address_id: String(s.addressId),
          shipping_method: 'standard',
          payment_method: 'payment_link',
          use_coupon: '0',
          use_cash_reward: '0',
        };
        return post(
          '/v1/order',
          form,
          (a) => {
            const order = a.json?.data?.order;
            if (ok(a)) return ok(a);
            if (a.json?.data?.created !== true || typeof order?.id !== 'number') return 'no new order';
            return order.subtotal_cents === subtotal(items) ? null : `subtotal ${order.subtotal_cents}`;
          },
          s.token,
        );
      },
    },
    ...staffKinds(data, post, random),
  ];
}

type Post = (path: string, form: Record<string, string>, check: Call['check'], token?: string) => Call;

function cartKinds(data: SoakData, h: { post: Post; cartShopper: () => Shopper; random: () => number }): Kind[] {
  const { post, cartShopper, random } = h;
  /** The quantities a shopper's cart holds now, as this bench set them last. */
  const quantities = new Map<Shopper, number[]>();
  const cartOf = (s: Shopper) => {
    const q = quantities.get(s) ?? [1, 1];
    return s.cart.map((l, i) => ({ ...l, quantity: q[i] ?? 1 }));
  };
  const savedCart = (a: Parameters<Call['check']>[0]) => {
    const lines = a.json?.data?.lines;
    if (ok(a)) return ok(a);
    if (!Array.isArray(lines) || lines.length !== 2) return `the cart holds ${lines?.length} lines, not 2`;
    return a.json?.data?.problems?.length ? `problems: ${JSON.stringify(a.json.data.problems)}` : null;
  };
  return [
    {
      name: 'get cart',
      group: 'cart',
      weight: 4,
      make: () => post('/v2/get-cart', {}, savedCart, cartShopper().token),
    },
    {
      name: 'save cart',
      group: 'cart',
      weight: 3,
      make: () => {
        const s = cartShopper();
        const which = Math.floor(random() * 2);
        const line = s.cart[which] as BenchLine;
        const quantity = 1 + Math.floor(random() * 3);
        const q = quantities.get(s) ?? [1, 1];
        q[which] = quantity;
        quantities.set(s, q);
        const change = { product_id: line.product_id, variant_id: line.variant_id, quantity };
        return post('/v2/save-cart', { changes: JSON.stringify([change]) }, savedCart, s.token);
      },
    },
    {
      name: 'shipping fee',
      group: 'cart',
      weight: 3,
      make: () => {
        const s = cartShopper();
        const items = cartOf(s);
        const form = { state_id: String(s.stateId), method: 'standard', items: itemsJson(items) };
        return post(
          '/v1/get-shipping-fee',
          form,
          (a) => ok(a) ?? (a.json?.data?.subtotal_cents === subtotal(items) ? null : 'another subtotal'),
          s.token,
        );
      },
    },
    {
      name: 'payment methods',
      group: 'cart',
      weight: 3,
      make: () =>
        post('/v2/get-all-payment-method', {}, (a) => {
          const methods: Array<{ code: string; available: boolean }> = a.json?.data?.payment_methods ?? [];
          return ok(a) ?? (methods.some((m) => m.code === 'payment_link' && m.available) ? null : 'no payment link');
        }),
    },
    {
      name: 'validate coupon',
      group: 'cart',
      weight: 2,
      make: () => {
        const s = cartShopper();
        const items = cartOf(s);
        return post(
          '/v1/validate-coupon',
          { code: data.coupon, items: itemsJson(items) },
          (a) => {
            const discount = couponDiscountCents({ kind: 'percent', value: 10 }, subtotal(items));
            return ok(a) ?? (a.json?.data?.discount_cents === discount ? null : 'another discount');
          },
          s.token,
        );
      },
    },
  ];
}

function staffKinds(data: SoakData, post: Post, random: () => number): Kind[] {
  let lastOrder: string | null = null;
  const staff = (path: string, form: Record<string, string>, check: (d: Envelope['data']) => boolean) =>
    post(path, form, (a) => ok(a) ?? (check(a.json?.data) ? null : 'unexpected answer'), data.staffToken);
  return [
    {
      name: 'staff',
      group: 'staff',
      weight: 0.5,
      make: () => {
        const r = random();
        if (r < 0.25) return staff('/admin/dashboard', {}, (d) => typeof d?.todo === 'object');
        if (r < 0.5 && lastOrder !== null)
          return staff('/admin/orders/get', { order_no: lastOrder }, (d) => d?.order?.order_no === lastOrder);
        if (r < 0.75) return staff('/admin/products/list', {}, (d) => Array.isArray(d?.products));
        return staff('/admin/orders/list', {}, (d) => {
          if (!Array.isArray(d?.orders)) return false;
          lastOrder = d.orders[0]?.order_no ?? lastOrder;
          return true;
        });
      },
    },
  ];
}
