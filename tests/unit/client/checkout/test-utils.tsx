import './i18n-first';
import type { UserInfo } from '@common/contract/accounts';
import type { Address, PaymentMethod } from '@common/contract/checkout';
import type { OrderDetails } from '@common/contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import type { CartLineInput } from '../../../../src/client/features/cart/cart-rules';
import { useCart } from '../../../../src/client/features/cart/cart-store';
import { useCheckoutForm } from '../../../../src/client/features/checkout/checkout-store';
import { useSession } from '../../../../src/client/stores/session-store';

// These screens wait on debounced requests: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** A request as the server would read it: form fields (multipart or form-encoded) and any file. */
export interface Call {
  path: string;
  body: URLSearchParams;
  files: Record<string, File>;
  multipart: boolean;
}

export type Answer = {
  status?: number;
  data?: unknown;
  message?: string;
  errors?: Array<{ field: string; message: string }>;
};
export type Handler = (body: URLSearchParams, call: Call) => Answer | Promise<Answer>;

/**
 * Stubs fetch: each API path answers from its handler in the server's envelope (`{success, code,
 * message, data}`; a refusal carries `data.errors`); unknown paths answer 404. Records every call.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const raw = init?.body;
    const body = new URLSearchParams();
    const files: Record<string, File> = {};
    const multipart = raw instanceof FormData;
    if (raw instanceof FormData) {
      for (const [k, v] of raw.entries()) {
        if (typeof v === 'string') body.append(k, v);
        else files[k] = v as File;
      }
    } else {
      for (const [k, v] of new URLSearchParams(String(raw ?? ''))) body.append(k, v);
    }
    const call = { path, body, files, multipart };
    calls.push(call);
    const handler = handlers[path];
    const answer = handler ? await handler(body, call) : { status: 404, message: 'There is no such API path' };
    const status = answer.status ?? 200;
    const ok = status < 400;
    return new Response(
      JSON.stringify({
        success: ok,
        code: status,
        message: answer.message ?? (ok ? 'OK' : 'Refused'),
        data: ok ? answer.data : answer.errors ? { errors: answer.errors } : null,
      }),
      { status, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 7,
    nickname: 'Mei',
    email: 'mei@example.com',
    phone: '+639171234567',
    referral_code: 'MEI7',
    is_agent: 0,
    telegram_user_id: null,
    telegram_username: null,
    telegram_name: null,
    cash_balance_cents: 0,
    upline_nickname: null,
    language: 'en',
    ...overrides,
  };
}

export const logIn = () => useSession.getState().setSession(makeUser(), 'tok-123');

export function cartLine(overrides: Partial<CartLineInput> = {}): CartLineInput {
  return {
    product_id: 5,
    variant_id: 51,
    frequency_weeks: 0,
    quantity: 2,
    stock_balance: 10,
    unit_price: 1200,
    has_discount: false,
    discount_price: null,
    image: '/images/products/earl-grey.svg',
    name: 'Earl Grey Cream',
    translations: [{ name: 'Earl Grey Cream' }, { name: '奶香伯爵茶' }],
    variant_name: '50 g Pouch',
    variant_translations: [{ name: '50 g Pouch' }, { name: '50克袋装' }],
    ...overrides,
  };
}

export function address(overrides: Partial<Address> = {}): Address {
  return {
    id: 11,
    receiver_name: 'Mei Tan',
    phone: '+639171234567',
    address: '12 Mango Street',
    city: 'Makati',
    state_id: 1,
    state_name: 'Metro Manila',
    zip: '1200',
    company: null,
    country: 'PH',
    is_default: true,
    ...overrides,
  };
}

export const states = [
  { id: 1, code: 'PH-MM', name: 'Metro Manila', country: 'PH', standard_fee_cents: 450, expedited_fee_cents: 900 },
  { id: 2, code: 'PH-CEB', name: 'Cebu', country: 'PH', standard_fee_cents: 650, expedited_fee_cents: 1200 },
  { id: 7, code: 'CN-BJ', name: 'Beijing', country: 'CN', standard_fee_cents: 800, expedited_fee_cents: 1500 },
];

export const bankTransfer: PaymentMethod = {
  id: 1,
  code: 'bank_transfer',
  name: 'Bank Transfer',
  instructions: 'Transfer the grand total, then enter your payment reference and upload the receipt.',
  available: true,
  bank: { bank_name: 'BDO Unibank', bank_account_name: 'Leaf & Cup Trading', bank_account_number: '0123-4567-89' },
  requires_receipt: true,
};

export const paymentLink: PaymentMethod = {
  id: 2,
  code: 'payment_link',
  name: 'Pay by Link',
  instructions: 'Pay securely through a payment link.',
  available: false,
  bank: null,
  requires_receipt: false,
};

/** A checkout summary as the server answers it, for the cart of `cartLine()` (2 × $12.00). */
export function summary(overrides: Record<string, unknown> = {}) {
  return {
    lines: [
      {
        index: 0,
        product_id: 5,
        variant_id: 51,
        name: 'Earl Grey Cream',
        variant_name: '50 g Pouch',
        image: '/images/products/earl-grey.svg',
        quantity: 2,
        frequency_weeks: 0,
        unit_price_cents: 1200,
        line_total_cents: 2400,
        stock: 10,
        problem: null,
        message: null,
      },
    ],
    totals: {
      subtotal_cents: 2400,
      delivery_fee_cents: 450,
      coupon_discount_cents: 0,
      cash_reward_cents: 0,
      total_cents: 2850,
    },
    shipping_method: 'standard',
    free_shipping_threshold_cents: 7500,
    state_id: 1,
    coupon: null,
    cash_reward: { balance_cents: 0, on_hold_cents: 0, applied_cents: 0 },
    problems: [],
    can_place: true,
    ...overrides,
  };
}

export function orderDetails(overrides: Partial<OrderDetails> = {}): OrderDetails {
  const placed = new Date(Date.now() - 60_000).toISOString();
  return {
    id: 42,
    order_no: 'LC-20261122-0042',
    status: 'Pending',
    placed_at: placed,
    can_change_until: new Date(Date.parse(placed) + 15 * 60_000).toISOString(),
    can_change: true,
    items: [
      {
        id: 1,
        product_id: 5,
        variant_id: 51,
        name: 'Earl Grey Cream',
        variant_name: '50 g Pouch',
        image: '/images/products/earl-grey.svg',
        quantity: 2,
        unit_price_cents: 1200,
        line_total_cents: 2400,
        frequency_weeks: 0,
        reviewed: false,
      },
    ],
    subtotal_cents: 2400,
    delivery_fee_cents: 900,
    coupon_code: 'WELCOME10',
    coupon_discount_cents: 240,
    cash_reward_cents: 100,
    total_cents: 2960,
    shipping_method: 'expedited',
    payment_method: 'bank_transfer',
    payment_reference: 'REF-778899',
    receipt_url: '/uploads/receipts/abc.png?sig=1',
    delivery_address: {
      receiver_name: 'Mei Tan',
      phone: '+639171234567',
      address: '12 Mango Street',
      city: 'Makati',
      state_name: 'Metro Manila',
      zip: '1200',
      company: null,
      country: 'PH',
    },
    tracking: { company: null, number: null, link: null },
    paid_at: null,
    completed_at: null,
    cancelled_at: null,
    can_review: false,
    awaiting_payment_link: false,
    pay_by: null,
    ...overrides,
  };
}

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a page at `url` with a fresh query cache (no retries), a Toaster and the current location shown. */
export function renderAt(routes: Array<{ path: string; Component: ComponentType }>, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const withLocation = (C: ComponentType) => () => (
    <>
      <C />
      <WhereAmI />
    </>
  );
  const router = createMemoryRouter(
    [
      ...routes.map((r) => ({ path: r.path, Component: withLocation(r.Component) })),
      { path: '/login', Component: withLocation(() => <p>Login screen</p>) },
      { path: '/order', Component: withLocation(() => <p>Order screen</p>) },
      { path: '*', Component: withLocation(() => <p>Elsewhere</p>) },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, client, ...view };
}

/** Forgets the session, the cart and the checkout form between tests. */
export function resetStores() {
  useSession.getState().clear();
  useCart.getState().clear();
  useCheckoutForm.getState().reset();
}
