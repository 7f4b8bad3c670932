import { useEffect } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import { i18n } from '@/lib/i18n/i18n';
import { APP_KEYS, tabStorage } from '@/lib/storage/storage';
import { haptic } from '@/lib/telegram/haptics';
import { notify } from '@/lib/toast';
import { isLoggedIn, useSession } from '@/stores/session-store';
import { useUi } from '@/stores/ui-store';
import { type CartLineInput, type CartRefusal, parseStoredCart } from './cart-rules';
import { useCart } from './cart-store';

type AddOutcome = 'added' | 'login' | CartRefusal;

/**
 * Adds a line and says so: toast "Added to cart", a success buzz inside Telegram, and the cart panel
 * opens. A refusal (stock) shows "Not Enough Stock" (docs/product.md §4).
 */
function addAndAnnounce(line: CartLineInput): AddOutcome {
  const outcome = useCart.getState().add(line);
  if (outcome.ok) {
    // The layouts import this module before i18next starts, so the cart's strings load on first use.
    void import('./locales').then(() => notify.success(i18n.t('cartLine:added')));
    haptic('success');
    useUi.getState().openCart();
    return 'added';
  }
  notify.error(i18n.t('messages:notEnoughStock'));
  return outcome.reason;
}

/**
 * The product screen's "Add to cart". A guest is sent to the login screen (`?redirect=/details/{id}`)
 * with the line remembered for this tab; after the login `usePendingCartLine` adds it and opens the panel.
 */
export function addToCart(line: CartLineInput, navigate: NavigateFunction): AddOutcome {
  if (!isLoggedIn(useSession.getState())) {
    // Storage disabled: the line is dropped, the visitor logs in and adds again.
    tabStorage.set(APP_KEYS.pendingCartLine, JSON.stringify(line));
    navigate(`/login?redirect=/details/${line.product_id}`);
    return 'login';
  }
  return addAndAnnounce(line);
}

/** Takes (and forgets) the guest's pending line, if a valid one is waiting. */
function takePendingLine(): CartLineInput | null {
  const raw = tabStorage.get(APP_KEYS.pendingCartLine);
  tabStorage.remove(APP_KEYS.pendingCartLine);
  if (!raw) return null;
  return parseStoredCart(`[${raw}]`).lines[0] ?? null;
}

/** Mounted by the layouts: once a user is logged in, the line a guest wanted goes into the cart. */
export function usePendingCartLine(): void {
  // Subscribed in an effect, not read in render: the layouts stay as the server drew them while a server-rendered
  // page hydrates (a store read in render updates them the moment hydration ends, which would make React give up
  // hydrating the screen below them and draw it again: docs/decisions/022).
  useEffect(() => {
    const addPending = () => {
      const line = takePendingLine();
      if (line) addAndAnnounce(line);
    };
    if (isLoggedIn(useSession.getState())) addPending();
    return useSession.subscribe((state, previous) => {
      if (isLoggedIn(state) && !isLoggedIn(previous)) addPending();
    });
  }, []);
}
