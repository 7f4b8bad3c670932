import { useCart } from '../../../../src/client/entities/cart/cart-store';
import { useCheckoutForm } from '../../../../src/client/entities/order/checkout-store';
import { useSession } from '../../../../src/client/stores/session-store';

/** Forgets the session, the cart and the checkout form between tests. */
export function resetStores() {
  useSession.getState().clear();
  useCart.getState().clear();
  useCheckoutForm.getState().reset();
}
