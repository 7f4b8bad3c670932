import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import UnguardedCheckoutPage from '../../../../src/client/features/checkout/pages/CheckoutPage';
import {
  address,
  allowSlowScreens,
  bankTransfer,
  cartLine,
  type Handlers,
  logIn,
  mockApi,
  paymentLink,
  renderRoutes,
  resetStores,
  states,
  summary,
} from '../toolkit';
import { guarded } from '../toolkit/guarded';

allowSlowScreens();

// The page as the router serves it: behind RequireUser (app/guards).
const CheckoutPage = guarded('checkout', UnguardedCheckoutPage);

const IDEMPOTENCY_KEY = 'leafcup/checkout-idempotency-key';

function handlers(overrides: Handlers = {}): Handlers {
  return {
    '/v2/get-addresses': () => ({ data: { addresses: [address()] } }),
    '/v2/get-states': () => ({ data: { states, free_shipping_threshold_cents: 7500 } }),
    '/v2/get-all-payment-method': () => ({ data: { payment_methods: [bankTransfer, paymentLink] } }),
    '/v1/get-shipping-fee': (body) => ({
      data: {
        fee_cents: body.get('method') === 'expedited' ? 900 : 450,
        subtotal_cents: 2400,
        free_shipping_threshold_cents: 7500,
        is_free: false,
        method: body.get('method'),
      },
    }),
    '/v2/checkout-summary': (body) =>
      body.get('shipping_method') === 'expedited'
        ? {
            data: summary({
              shipping_method: 'expedited',
              totals: {
                subtotal_cents: 2400,
                delivery_fee_cents: 900,
                coupon_discount_cents: 0,
                cash_reward_cents: 0,
                total_cents: 3300,
              },
            }),
          }
        : { data: summary() },
    ...overrides,
  };
}

const renderCheckout = () => renderRoutes([{ path: '/checkout', Component: CheckoutPage }], '/checkout');

/** A receipt image as the file input would give it. */
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'receipt.png', { type: 'image/png' });

beforeEach(() => {
  resetStores();
});
afterEach(() => {
  resetStores();
});

describe('Checkout: access and empty cart', () => {
  it('sends a guest to the login screen, coming back to /checkout', async () => {
    mockApi(handlers());
    renderCheckout();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=/checkout'));
  });

  it("refuses an empty cart with the shop's message and a way to the shop", async () => {
    logIn();
    const { calls } = mockApi(handlers());
    renderCheckout();
    expect(screen.getByText('Cannot checkout with empty cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/products');
    expect(calls.filter((c) => c.path === '/v2/checkout-summary')).toHaveLength(0);
  });
});

describe('Checkout: summary and shipping', () => {
  beforeEach(() => {
    logIn();
    useCart.getState().add(cartLine());
  });

  it('shows the server summary: lines with packaging and frequency, subtotal, fee, coupon, cash reward, grand total', async () => {
    const { callsTo } = mockApi(handlers());
    renderCheckout();
    const section = await screen.findByRole('region', { name: 'Order summary' });
    await within(section).findByText('$28.50');
    expect(within(section).getByText('Earl Grey Cream')).toBeInTheDocument();
    expect(within(section).getByText('50 g Pouch · One-time · Qty 2')).toBeInTheDocument();
    const row = (label: string) => within(section).getByText(label).closest('div');
    expect(row('Subtotal')).toHaveTextContent('$24.00');
    expect(row('Delivery fee')).toHaveTextContent('$4.50');
    expect(row('Coupon discount')).toHaveTextContent('$0.00');
    expect(row('Cash reward')).toHaveTextContent('$0.00');
    expect(row('Grand total')).toHaveTextContent('$28.50');
    // The cart went as ids and quantities only, with the default address.
    const body = callsTo('/v2/checkout-summary')[0]?.body;
    expect(JSON.parse(body?.get('items') ?? '[]')).toEqual([
      { product_id: 5, variant_id: 51, quantity: 2, frequency_weeks: 0 },
    ]);
    expect(body?.get('address_id')).toBe('11');
    expect(body?.get('shipping_method')).toBe('standard');
    expect(screen.getByRole('button', { name: 'Place order · $28.50' })).toBeEnabled();
  });

  it('offers Standard and Expedited with the server fee of each, and asks the summary again on change', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi(handlers());
    renderCheckout();
    const shipping = await screen.findByRole('region', { name: 'Shipping method' });
    const standard = within(shipping).getByRole('radio', { name: /Standard/ });
    const expedited = within(shipping).getByRole('radio', { name: /Expedited/ });
    expect(standard).toBeChecked();
    await waitFor(() => expect(standard.closest('label')).toHaveTextContent('Standard2-7 days$4.50'));
    expect(expedited.closest('label')).toHaveTextContent('Expedited2-3 days$9.00');

    await user.click(expedited);
    await screen.findByRole('button', { name: 'Place order · $33.00' });
    const last = callsTo('/v2/checkout-summary').at(-1);
    expect(last?.body.get('shipping_method')).toBe('expedited');
  });

  it('shows stock problems from the summary and does not let the order be placed', async () => {
    mockApi(
      handlers({
        '/v2/checkout-summary': () => ({
          data: summary({
            lines: [
              {
                ...summary().lines[0],
                stock: 1,
                problem: 'not_enough_stock',
                message: 'Not Enough Stock: Earl Grey Cream (50 g Pouch) has 1 left',
              },
            ],
            problems: ['Not Enough Stock: Earl Grey Cream (50 g Pouch) has 1 left'],
            can_place: false,
          }),
        }),
      }),
    );
    renderCheckout();
    const alert = await screen.findByText(
      'Some items are not available in the quantity you chose. Change your cart to continue.',
    );
    expect(alert.closest('[role="alert"]')).toBeInTheDocument();
    // The line says what is wrong with it.
    expect(screen.getByText('Not Enough Stock: Earl Grey Cream (50 g Pouch) has 1 left')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit cart' })).toHaveAttribute('href', '/cart');
    expect(await screen.findByRole('button', { name: 'Place order · $28.50' })).toBeDisabled();
  });

  /** The fee path answering that the address's state is not offered `off` (docs/decisions/041). */
  const notOffered = (off: 'standard' | 'expedited'): Handlers => ({
    '/v1/get-shipping-fee': (body) => ({
      data: {
        fee_cents: body.get('method') === 'expedited' ? 900 : 450,
        subtotal_cents: 2400,
        free_shipping_threshold_cents: 7500,
        is_free: false,
        method: body.get('method') as 'standard' | 'expedited',
        offered: body.get('method') !== off,
      },
    }),
  });

  it('a method the address’s state is not offered cannot be chosen and says so beside it', async () => {
    mockApi(handlers(notOffered('expedited')));
    renderCheckout();
    const shipping = await screen.findByRole('region', { name: 'Shipping method' });
    const expedited = within(shipping).getByRole('radio', { name: /Expedited/ });
    await waitFor(() => expect(expedited).toBeDisabled());
    expect(expedited.closest('label')).toHaveTextContent('Expedited2-3 daysNot offered here');
    const standard = within(shipping).getByRole('radio', { name: /Standard/ });
    expect(standard).toBeEnabled();
    expect(standard).toBeChecked();
    expect(standard.closest('label')).toHaveTextContent('Standard2-7 days$4.50');
  });

  it('when the chosen method is not offered, the other is chosen and the summary asked with it', async () => {
    const { callsTo } = mockApi(handlers(notOffered('standard')));
    renderCheckout();
    const shipping = await screen.findByRole('region', { name: 'Shipping method' });
    const expedited = within(shipping).getByRole('radio', { name: /Expedited/ });
    await waitFor(() => expect(expedited).toBeChecked());
    expect(within(shipping).getByRole('radio', { name: /Standard/ })).toBeDisabled();
    await waitFor(() => expect(callsTo('/v2/checkout-summary').at(-1)?.body.get('shipping_method')).toBe('expedited'));
  });
});

describe('Checkout: coupon and cash reward', () => {
  beforeEach(() => {
    logIn();
    useCart.getState().add(cartLine());
  });

  it('asks for a code before calling the server', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi(handlers());
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    const input = screen.getByLabelText('Coupon code');
    expect(screen.getByText('Please enter coupon code')).toHaveAttribute('role', 'alert');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter coupon code');
    expect(callsTo('/v1/validate-coupon')).toHaveLength(0);
  });

  it("shows the server's refusal at the field", async () => {
    const user = userEvent.setup();
    mockApi(
      handlers({
        '/v1/validate-coupon': () => ({
          status: 422,
          message: 'Minimum spend is $50.00',
          errors: [{ field: 'code', message: 'Minimum spend is $50.00' }],
        }),
      }),
    );
    renderCheckout();
    await user.type(await screen.findByLabelText('Coupon code'), 'TEATIME20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByLabelText('Coupon code')).toHaveAccessibleDescription('Minimum spend is $50.00');
  });

  it('applies a coupon (the summary then shows it with its discount) and removes it', async () => {
    const user = userEvent.setup();
    let applied = false;
    const coupon = {
      info: { code: 'WELCOME10', kind: 'percent', value: 10, min_spend_cents: 2000, ends_at: null },
      valid: true,
      message: null,
      discount_cents: 240,
    };
    const { callsTo } = mockApi(
      handlers({
        '/v1/validate-coupon': () => {
          applied = true;
          return { data: { coupon: coupon.info, discount_cents: 240, subtotal_cents: 2400 } };
        },
        '/v1/cancel-coupon-application': () => {
          applied = false;
          return { data: { cleared: true } };
        },
        '/v2/checkout-summary': () => ({
          data: applied
            ? summary({
                coupon,
                totals: {
                  subtotal_cents: 2400,
                  delivery_fee_cents: 450,
                  coupon_discount_cents: 240,
                  cash_reward_cents: 0,
                  total_cents: 2610,
                },
              })
            : summary(),
        }),
      }),
    );
    renderCheckout();
    await user.type(await screen.findByLabelText('Coupon code'), 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(callsTo('/v1/validate-coupon')[0]?.body.get('code')).toBe('welcome10');
    const remove = await screen.findByRole('button', { name: 'Remove coupon WELCOME10' });
    const section = screen.getByRole('region', { name: 'Order summary' });
    await waitFor(() =>
      expect(within(section).getByText('Coupon discount').closest('div')).toHaveTextContent('−$2.40'),
    );
    expect(screen.getByRole('button', { name: 'Place order · $26.10' })).toBeInTheDocument();

    await user.click(remove);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove coupon WELCOME10' })).not.toBeInTheDocument(),
    );
    expect(callsTo('/v1/cancel-coupon-application')[0]?.body.get('code')).toBe('WELCOME10');
    await screen.findByRole('button', { name: 'Place order · $28.50' });
  });

  it('asks for an amount to redeem, then holds it', async () => {
    const user = userEvent.setup();
    let held = 0;
    const { callsTo } = mockApi(
      handlers({
        '/v1/update-onhold-rebate-amount': (body) => {
          held = Number(body.get('amount_cents'));
          return { data: { on_hold_cents: held, balance_cents: 1000 } };
        },
        '/v2/checkout-summary': () => ({
          data: summary({ cash_reward: { balance_cents: 1000, on_hold_cents: held, applied_cents: held } }),
        }),
      }),
    );
    renderCheckout();
    expect(await screen.findByText('Balance: $10.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(screen.getByLabelText('Amount to redeem')).toHaveAccessibleDescription('Please enter amount to redeem');
    expect(callsTo('/v1/update-onhold-rebate-amount')).toHaveLength(0);

    // A decimal comma is refused (one rule for every amount form, src/common/money.ts), never read as $1.25.
    await user.type(screen.getByLabelText('Amount to redeem'), '1,25');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(screen.getByLabelText('Amount to redeem')).toHaveAccessibleDescription('Enter an amount such as 5.00');
    expect(callsTo('/v1/update-onhold-rebate-amount')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Amount to redeem'));
    await user.type(screen.getByLabelText('Amount to redeem'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('$2.50 will be redeemed on this order')).toBeInTheDocument();
    expect(callsTo('/v1/update-onhold-rebate-amount')[0]?.body.get('amount_cents')).toBe('250');
  });
});

describe('Checkout: placing the order', () => {
  beforeEach(() => {
    logIn();
    useCart.getState().add(cartLine());
  });

  it('asks for an address first when there is none', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi(handlers({ '/v2/get-addresses': () => ({ data: { addresses: [] } }) }));
    renderCheckout();
    expect(await screen.findByText('You have no saved address yet.')).toBeInTheDocument();
    const place = await screen.findByRole('button', { name: /Place order/ });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    expect(await screen.findAllByText('Please add Address first')).not.toHaveLength(0);
    expect(screen.getByRole('group', { name: 'Deliver to' })).toHaveAccessibleDescription('Please add Address first');
    expect(callsTo('/v1/order')).toHaveLength(0);
  });

  it('shows the bank details and requires a payment reference and a receipt image', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi(handlers());
    renderCheckout();
    expect(await screen.findByText('0123-4567-89')).toBeInTheDocument();
    expect(screen.getByText('BDO Unibank')).toBeInTheDocument();
    const receipt = screen.getByLabelText('Receipt image');
    expect(receipt).toHaveAttribute('accept', 'image/*');
    await waitFor(() => expect(screen.getByRole('button', { name: /Place order · \$28.50/ })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(screen.getByLabelText('Payment reference')).toHaveAccessibleDescription(
      'Please enter the payment reference The reference number of your transfer.',
    );
    expect(screen.getByLabelText('Receipt image')).toHaveAccessibleDescription(
      'Please upload the payment receipt A photo or screenshot of your transfer receipt.',
    );
    expect(callsTo('/v1/order')).toHaveLength(0);
  });

  it('does not place while the applied coupon no longer fits, and says why at the coupon', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi(
      handlers({
        '/v2/checkout-summary': () => ({
          data: summary({
            coupon: {
              info: { code: 'WELCOME10', kind: 'percent', value: 10, min_spend_cents: 5000, ends_at: null },
              valid: false,
              message: 'Minimum spend is $50.00',
              discount_cents: 0,
            },
            problems: ['Minimum spend is $50.00'],
            can_place: false,
          }),
        }),
      }),
    );
    renderCheckout();
    await user.type(await screen.findByLabelText('Payment reference'), 'REF-1');
    await user.upload(screen.getByLabelText('Receipt image'), png());
    const place = screen.getByRole('button', { name: 'Place order · $28.50' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await waitFor(() =>
      expect(screen.getByLabelText('Coupon code')).toHaveAccessibleDescription('Minimum spend is $50.00'),
    );
    expect(screen.getByRole('button', { name: 'Remove coupon WELCOME10' })).toBeInTheDocument();
    expect(callsTo('/v1/order')).toHaveLength(0);
  });

  it('says a payment link without a provider is not available', async () => {
    mockApi(handlers());
    renderCheckout();
    const radio = await screen.findByRole('radio', { name: /Pay by Link/ });
    expect(radio).toBeDisabled();
    expect(radio).toHaveAccessibleDescription('This method is not available');
  });

  it('makes one order on a double click, with one idempotency key, then clears the cart and opens the order', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const { callsTo } = mockApi(
      handlers({
        '/v1/order': async () => {
          await new Promise<void>((r) => {
            release = r;
          });
          return {
            data: {
              order: { id: 42, awaiting_payment_link: false, order_no: 'LC-1' },
              created: true,
            },
          };
        },
      }),
    );
    renderCheckout();
    await user.type(await screen.findByLabelText('Payment reference'), 'REF-778899');
    await user.upload(screen.getByLabelText('Receipt image'), png());
    expect(await screen.findByRole('img', { name: 'Receipt preview' })).toBeInTheDocument();
    const place = screen.getByRole('button', { name: 'Place order · $28.50' });
    await waitFor(() => expect(place).toBeEnabled());

    // Two clicks before React could disable the button.
    fireEvent.click(place);
    fireEvent.click(place);
    await waitFor(() => expect(callsTo('/v1/order')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();

    const call = callsTo('/v1/order')[0];
    const key = call?.body.get('idempotency_key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionStorage.getItem(IDEMPOTENCY_KEY)).toBe(key);
    expect(call?.multipart).toBe(true);
    expect(call?.files.receipt?.name).toBe('receipt.png');
    expect(call?.body.get('payment_reference')).toBe('REF-778899');
    expect(call?.body.get('payment_method')).toBe('bank_transfer');
    expect(call?.body.get('address_id')).toBe('11');
    expect(call?.body.get('shipping_method')).toBe('standard');
    expect(call?.body.get('expected_total_cents')).toBe('2850');

    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order?id=42'));
    expect(useCart.getState().lines).toHaveLength(0);
    expect(sessionStorage.getItem(IDEMPOTENCY_KEY)).toBeNull();
    expect(callsTo('/v1/order')).toHaveLength(1);
  });

  it('keeps the idempotency key for a retry after a refusal, and shows the field errors', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { callsTo } = mockApi(
      handlers({
        '/v1/order': () => {
          attempt += 1;
          return attempt === 1
            ? {
                status: 422,
                message: 'The receipt must be a PNG, JPEG or WebP image',
                errors: [{ field: 'receipt', message: 'The receipt must be a PNG, JPEG or WebP image' }],
              }
            : { data: { order: { id: 43, awaiting_payment_link: false }, created: true } };
        },
      }),
    );
    renderCheckout();
    await user.type(await screen.findByLabelText('Payment reference'), 'REF-1');
    await user.upload(screen.getByLabelText('Receipt image'), png());
    const place = screen.getByRole('button', { name: 'Place order · $28.50' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await waitFor(() =>
      expect(screen.getByLabelText('Receipt image')).toHaveAccessibleDescription(
        'The receipt must be a PNG, JPEG or WebP image A photo or screenshot of your transfer receipt.',
      ),
    );
    expect(useCart.getState().lines).toHaveLength(1);

    await user.upload(screen.getByLabelText('Receipt image'), png());
    await user.click(screen.getByRole('button', { name: 'Place order · $28.50' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order?id=43'));
    const [first, second] = callsTo('/v1/order');
    expect(second?.body.get('idempotency_key')).toBe(first?.body.get('idempotency_key'));
  });
});
