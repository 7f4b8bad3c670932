import { transferProofNeeded } from '@common/order-workflow';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type NavigateFunction, useNavigate } from 'react-router-dom';
import { useCart } from '@/entities/cart/cart-store';
import { rememberOrder } from '@/entities/order/api/get-order-details';
import { type CheckoutField, FIELD_IDS, useCheckoutForm } from '@/entities/order/checkout-store';
import { openPaymentLink } from '@/entities/order/open-payment-link';
import { ApiError } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { leaveFor } from '@/lib/leave-for';
import { haptic } from '@/lib/telegram/haptics';
import { scrollBehavior } from '@/lib/telegram/performance';
import { toast } from '@/lib/toast';
import { placeOrder } from './api/place-order';
import { checkoutIdempotencyKey, clearCheckoutIdempotencyKey } from './idempotency';
import { useCheckoutData } from './use-checkout-data';
import '@/lib/i18n/server-messages';

/** The server's field names (contract `/v1/order`) → the form's fields. */
const SERVER_FIELDS: Record<string, CheckoutField> = {
  address_id: 'address',
  payment_method: 'payment_method',
  payment_reference: 'payment_reference',
  receipt: 'receipt',
  coupon: 'coupon',
  cash_reward: 'cash_reward',
};

const ORDER: CheckoutField[] = ['address', 'payment_method', 'payment_reference', 'receipt', 'coupon', 'cash_reward'];

/** Moves focus to the first field with an error, once React has drawn the messages. */
function focusFirst(errors: Errors): void {
  const first = ORDER.find((f) => errors[f]);
  if (!first) return;
  window.setTimeout(() => {
    const el = document.getElementById(FIELD_IDS[first]);
    el?.scrollIntoView?.({ block: 'center', behavior: scrollBehavior() });
    el?.focus({ preventScroll: true });
  }, 0);
}

type Errors = Partial<Record<CheckoutField, string>>;
type CheckoutData = ReturnType<typeof useCheckoutData>;
type Summary = NonNullable<CheckoutData['summary']['data']>;
/** What refuses the order before it is sent: the messages at their fields, and the one the toast shows. */
type Refusal = { errors: Errors; message: string };

/** An empty cart, or a missing choice (address, payment method, a transfer's reference and receipt). */
function refusedChoices(
  t: TFunction<'checkout'>,
  data: CheckoutData,
  form: Pick<ReturnType<typeof useCheckoutForm.getState>, 'paymentReference' | 'receipt'>,
): Refusal | null {
  if (data.lines.length === 0) return { errors: {}, message: t('messages:emptyCartCheckout') };
  const summary = data.summary.data;
  const errors: Errors = {};
  if (!data.addressId) errors.address = t('messages:addAddressFirst');
  const method = data.paymentMethod;
  if (!method) errors.payment_method = t('messages:selectPaymentMethod');
  else if (!method.available) errors.payment_method = t('messages:methodNotAvailable');
  // A bank transfer needs a reference and a receipt, unless coupon and cash reward leave nothing to pay (the
  // order workflow's rule; before the totals are known, something is to pay).
  else if (transferProofNeeded({ paymentMethod: method.code, totalCents: summary?.totals.total_cents ?? 1 })) {
    if (!form.paymentReference.trim()) errors.payment_reference = t('messages:enterPaymentReference');
    if (!form.receipt) errors.receipt = t('messages:uploadReceipt');
  }
  const first = ORDER.map((f) => errors[f]).find(Boolean);
  return first ? { errors, message: first } : null;
}

/** What the server's summary of these choices refuses: a line that cannot be ordered, a coupon that no longer fits. */
function refusedSummary(t: TFunction<'checkout'>, summary: Summary): Refusal | null {
  const lineProblem = summary.lines.find((l) => l.problem);
  if (lineProblem) return { errors: {}, message: lineProblem.message ?? t('place.failed') };
  // An applied coupon that no longer fits (dates, minimum spend…): say so at the coupon.
  if (summary.coupon && !summary.coupon.valid) {
    const message = summary.coupon.message ?? t('place.failed');
    return { errors: { coupon: message }, message };
  }
  return null;
}

/**
 * A placed order: the cart and the checkout start afresh, the order screen opens (and a payment link, if any). A card
 * order then goes to the provider's hosted page (docs/decisions/040); without one (the provider did not answer) the
 * order screen offers Pay now.
 */
async function afterPlaced(
  { order, checkout_url }: Awaited<ReturnType<typeof placeOrder>>,
  { client, navigate, t }: { client: QueryClient; navigate: NavigateFunction; t: TFunction<'checkout'> },
): Promise<void> {
  clearCheckoutIdempotencyKey();
  useCart.getState().clear();
  useCheckoutForm.getState().placed(order.id);
  haptic('success');
  rememberOrder(client, order);
  void client.invalidateQueries({ queryKey: queryKeys.orders.all });
  void client.invalidateQueries({ queryKey: queryKeys.checkoutSummary.all });
  void client.invalidateQueries({ queryKey: queryKeys.product.all });
  void client.invalidateQueries({ queryKey: queryKeys.products.all });
  navigate(`/order?id=${order.id}`, { replace: true });
  // The order page replaced the checkout in the history: the provider's Back button returns to the order.
  if (order.payment_method === 'card' && checkout_url) {
    leaveFor(checkout_url);
    return;
  }
  if (order.awaiting_payment_link) {
    // A blocked window is not an error: the order screen offers "Pay now".
    const outcome = await openPaymentLink(order.id).catch((err: unknown) => {
      toast.error(err instanceof ApiError ? err.message : t('messages:methodNotAvailable'));
      return 'failed' as const;
    });
    // Paid inside Telegram: the order turns Paid once the bot hears of it; show the news.
    if (outcome === 'paid' || outcome === 'pending') void client.invalidateQueries({ queryKey: queryKeys.order.all });
  }
}

interface PlaceOrder {
  /**
   * Worth pressing now: a cart, the server's totals for the current choices (not those of the previous address
   * or shipping method while the new ones load), no line that cannot be ordered, nothing in flight.
   * (Missing choices and a coupon that no longer fits are reported by `place`, at their fields.)
   */
  canPlace: boolean;
  placing: boolean;
  /** Checks the form (messages at their fields), then places the order once. */
  place(): Promise<void>;
  /** The grand total the server computed for the current choices (null until known). */
  totalCents: number | null;
}

/**
 * Places the checkout's order. One line wires it to a button or to Telegram's MainButton:
 * `const { canPlace, placing, place, totalCents } = usePlaceOrder();`
 *
 * - The idempotency key is made once per checkout and kept (sessionStorage) until an order succeeds,
 *   so a double click, a retry after a network error, or the MainButton and the page button together
 *   make one order; a second call while one is in flight does nothing.
 * - On success: the cart is cleared, a success haptic, and the order screen opens (`/order?id=`);
 *   a payment-link order opens its payment link; a card order goes to the provider's hosted page.
 * - On failure: an error haptic, a toast with the server's message, and its field errors at their fields.
 */
export function usePlaceOrder(): PlaceOrder {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const client = useQueryClient();
  const data = useCheckoutData();
  const placing = useCheckoutForm((s) => s.placing);
  const summary = data.summary.data;

  const place = useCallback(async () => {
    const form = useCheckoutForm.getState();
    if (form.placing) return;

    const fail = (errors: Errors, message: string) => {
      haptic('error');
      form.setErrors(errors);
      toast.error(message);
      focusFirst(errors);
    };

    const refused = refusedChoices(t, data, form);
    if (refused) {
      fail(refused.errors, refused.message);
      return;
    }
    // The totals on screen are not yet those of these choices: placing now would send the old total.
    if (!summary || data.summaryStale) return;
    const outdated = refusedSummary(t, summary);
    if (outdated) {
      fail(outdated.errors, outdated.message);
      return;
    }

    form.setErrors({});
    form.setPlacing(true);
    try {
      const method = data.paymentMethod;
      const bank = method?.requires_receipt === true;
      const placed = await placeOrder({
        idempotency_key: checkoutIdempotencyKey(),
        items: data.items,
        address_id: data.addressId ?? undefined,
        shipping_method: data.shippingMethod,
        payment_method: method?.code,
        payment_reference: bank ? form.paymentReference.trim() : undefined,
        receipt: bank ? (form.receipt ?? undefined) : undefined,
        // The total the customer saw: if the server's differs, it refuses and the new total is shown.
        expected_total_cents: summary.totals.total_cents,
        // Only where the box was shown (a card order starting a subscription, in a browser) and ticked.
        ...(method?.code === 'card' && data.renewalFrequencies.length > 0 && form.saveCardForRenewals
          ? { save_card_for_renewals: true }
          : {}),
      });
      await afterPlaced(placed, { client, navigate, t });
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      const fieldErrors: Errors = {};
      for (const f of apiError?.fields ?? []) {
        const field = SERVER_FIELDS[f.field];
        if (field) fieldErrors[field] = f.message;
      }
      fail(fieldErrors, apiError?.message || t('place.failed'));
      // Prices, stock or the total moved on the server: show the new summary.
      void client.invalidateQueries({ queryKey: queryKeys.checkoutSummary.all });
    } finally {
      useCheckoutForm.getState().setPlacing(false);
    }
  }, [data, summary, client, navigate, t]);

  return {
    // Missing choices (address, payment, receipt) do not disable it: pressing it says what is missing.
    canPlace:
      data.lines.length > 0 &&
      summary !== undefined &&
      !data.summaryStale &&
      !summary.lines.some((l) => l.problem) &&
      !placing,
    placing,
    place,
    totalCents: summary ? summary.totals.total_cents : null,
  };
}
