import { create } from 'zustand';
import { type PersistStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS, storage } from '@/lib/storage/storage';
import { useSession } from '@/stores/session-store';
import {
  addLine,
  type CartChange,
  type CartLine,
  type CartLineInput,
  type CartRefusal,
  decreaseLine,
  finish,
  increaseLine,
  itemCount,
  parseStoredCart,
  removeLine,
  totalCents,
  totalQuantity,
  updateLines,
} from './cart-rules';

/**
 * The cart (its items, item count and total; the rules of docs/product.md §4 in cart-rules.ts).
 * Kept in the browser under the shared `cart` key as a plain list of lines; every change is written.
 * Prices are integer cents; `totalCents` is the subtotal in cents (show it with `formatCents`).
 */
interface CartState {
  lines: CartLine[];
  /** Number of distinct lines (the header bubble and the panel icon). */
  itemCount: number;
  /** Units over all lines. */
  totalQuantity: number;
  /** Subtotal in cents. */
  totalCents: number;
  add(line: CartLineInput): CartOutcome;
  increase(key: string): CartOutcome;
  decrease(key: string): CartOutcome;
  remove(key: string): CartOutcome;
  /** Empties the cart after an order was placed (the server removed the order's lines: docs/decisions/052). */
  clear(): void;
  /** How many times `clear` ran: the cart's sync tells an order's clearing from removals. */
  clears: number;
  /** Takes the lines as they are (the saved cart's answer, docs/decisions/052). */
  replace(lines: CartLineInput[]): void;
  /** Rewrites lines (the stock re-check): `update` returns the new line, or null to drop it. */
  update(update: (line: CartLine) => CartLineInput | null): void;
}

type CartOutcome = { ok: true } | { ok: false; reason: CartRefusal };

const derive = (lines: CartLine[]) => ({
  lines,
  itemCount: itemCount(lines),
  totalQuantity: totalQuantity(lines),
  totalCents: totalCents(lines),
});

type Persisted = Pick<CartState, 'lines'>;

/** The shared storage format: `cart` holds the list itself (no wrapper, no version). */
const cartKey: PersistStorage<Persisted> = {
  getItem: () => {
    const { lines, problem } = parseStoredCart(storage.get(STORAGE_KEYS.cart));
    if (problem) console.warn(`[cart] ${problem}`);
    return { state: { lines }, version: 0 };
  },
  setItem: (_name, { state }) => storage.set(STORAGE_KEYS.cart, JSON.stringify(state.lines)),
  removeItem: () => storage.remove(STORAGE_KEYS.cart),
};

export const useCart = create<CartState>()(
  persist(
    (set, get) => {
      const apply = (change: CartChange): CartOutcome => {
        if (!change.ok) return change;
        set(derive(change.lines));
        return { ok: true };
      };
      return {
        ...derive([]),
        add: (line) => apply(addLine(get().lines, line)),
        increase: (key) => apply(increaseLine(get().lines, key)),
        decrease: (key) => apply(decreaseLine(get().lines, key)),
        remove: (key) => apply(removeLine(get().lines, key)),
        clear: () => set({ ...derive([]), clears: get().clears + 1 }),
        clears: 0,
        replace: (lines) => set(derive(finish(lines))),
        update: (update) => set(derive(updateLines(get().lines, update))),
      };
    },
    {
      name: STORAGE_KEYS.cart,
      storage: cartKey,
      partialize: ({ lines }) => ({ lines }),
      merge: (persisted, current) => ({ ...current, ...derive((persisted as Persisted | undefined)?.lines ?? []) }),
    },
  ),
);

// Another tab changed the cart: take its version.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEYS.cart || e.key === null) void useCart.persist.rehydrate();
  });
}

// Log out and the 401 handling clear all storage and the user (docs/product.md §2): the cart in memory goes too.
useSession.subscribe((state, previous) => {
  if (previous.user && !state.user) {
    useCart.setState(derive([]));
    useCart.persist.clearStorage();
  }
});
