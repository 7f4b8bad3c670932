import type { PaymentMethodCode, ShippingMethod } from '@common/contract/checkout';
import { create } from 'zustand';

/** Fields of the checkout form that can carry an error message. */
export type CheckoutField = 'address' | 'payment_method' | 'payment_reference' | 'receipt' | 'coupon' | 'cash_reward';

/** Where each field's error is shown and focused (the element ids of the checkout screen). */
export const FIELD_IDS: Record<CheckoutField, string> = {
  address: 'checkout-address',
  payment_method: 'checkout-payment',
  payment_reference: 'checkout-reference',
  receipt: 'checkout-receipt',
  coupon: 'checkout-coupon',
  cash_reward: 'checkout-redeem',
};

interface CheckoutState {
  addressId: number | null;
  shippingMethod: ShippingMethod;
  paymentMethod: PaymentMethodCode | null;
  paymentReference: string;
  receipt: File | null;
  /** "Charge my renewals to this card" (docs/decisions/040): off until the shopper ticks it. */
  saveCardForRenewals: boolean;
  errors: Partial<Record<CheckoutField, string>>;
  /** The customer has entered something (Telegram's closing confirmation asks before losing it). */
  dirty: boolean;
  /** An order is being placed: a second click, or the MainButton, does nothing meanwhile. */
  placing: boolean;
  /** The order just placed (the screen shows progress while the order screen opens). */
  placedOrderId: number | null;
  /** `byUser` false is the screen's own default choice, which does not make the form dirty. */
  setAddress(id: number | null, byUser?: boolean): void;
  setShippingMethod(method: ShippingMethod): void;
  setPaymentMethod(code: PaymentMethodCode | null, byUser?: boolean): void;
  setPaymentReference(value: string): void;
  setReceipt(file: File | null): void;
  setSaveCardForRenewals(on: boolean): void;
  setErrors(errors: Partial<Record<CheckoutField, string>>): void;
  setError(field: CheckoutField, message: string | undefined): void;
  markDirty(): void;
  setPlacing(placing: boolean): void;
  /** The order was placed: the form empties and remembers the order until the next checkout. */
  placed(orderId: number): void;
  reset(): void;
}

const initial = {
  addressId: null,
  shippingMethod: 'standard' as ShippingMethod,
  paymentMethod: null,
  paymentReference: '',
  receipt: null,
  saveCardForRenewals: false,
  errors: {},
  dirty: false,
  placing: false,
  placedOrderId: null,
};

const without = (errors: CheckoutState['errors'], field: CheckoutField) => {
  const { [field]: _gone, ...rest } = errors;
  return rest;
};

/**
 * The checkout form (kept outside the page so `usePlaceOrder` — and Telegram's MainButton through it —
 * reads the same choices). Not persisted: the receipt is a File, and a new visit starts fresh.
 */
export const useCheckoutForm = create<CheckoutState>()((set) => ({
  ...initial,
  setAddress: (addressId, byUser = true) =>
    set((s) => ({ addressId, errors: without(s.errors, 'address'), dirty: s.dirty || byUser })),
  setShippingMethod: (shippingMethod) => set({ shippingMethod, dirty: true }),
  setPaymentMethod: (paymentMethod, byUser = true) =>
    set((s) => ({ paymentMethod, errors: without(s.errors, 'payment_method'), dirty: s.dirty || byUser })),
  setPaymentReference: (paymentReference) =>
    set((s) => ({ paymentReference, errors: without(s.errors, 'payment_reference'), dirty: true })),
  setReceipt: (receipt) => set((s) => ({ receipt, errors: without(s.errors, 'receipt'), dirty: true })),
  setSaveCardForRenewals: (saveCardForRenewals) => set({ saveCardForRenewals, dirty: true }),
  setErrors: (errors) => set({ errors }),
  setError: (field, message) =>
    set((s) => ({ errors: message ? { ...s.errors, [field]: message } : without(s.errors, field) })),
  markDirty: () => set({ dirty: true }),
  setPlacing: (placing) => set({ placing }),
  placed: (placedOrderId) => set({ ...initial, placedOrderId }),
  reset: () => set(initial),
}));
