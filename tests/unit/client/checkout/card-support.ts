import { address, bankTransfer, cardMethod, type Handlers, orderDetails, states, summary } from '../toolkit';

/** What Stripe's hosted page is in the checkout tests that pay by card. */
export const HOSTED = 'https://checkout.stripe.test/c/pay/cs_test_1';

/** The checkout's reads with one saved address, the given payment methods, and `overrides`. */
export function checkoutHandlers(methods = [bankTransfer, cardMethod], overrides: Handlers = {}): Handlers {
  return {
    '/v2/get-addresses': () => ({ data: { addresses: [address()] } }),
    '/v2/get-states': () => ({ data: { states, free_shipping_threshold_cents: 7500 } }),
    '/v2/get-all-payment-method': () => ({ data: { payment_methods: methods } }),
    '/v1/get-shipping-fee': () => ({
      data: {
        fee_cents: 450,
        subtotal_cents: 2400,
        free_shipping_threshold_cents: 7500,
        is_free: false,
        method: 'standard',
      },
    }),
    '/v2/checkout-summary': () => ({ data: summary() }),
    ...overrides,
  };
}

/** `/v1/order`'s answer for a card order: its hosted page's address, or none when the provider did not answer. */
export const placedCard = (checkoutUrl: string | null) => () => ({
  data: {
    order: orderDetails({
      payment_method: 'card',
      payment_reference: null,
      receipt_url: null,
      card_payment: { state: 'awaiting_payment', checkout_url: checkoutUrl },
    }),
    created: true,
    checkout_url: checkoutUrl,
  },
});
