/** @vitest-environment jsdom */
import '../toolkit/i18n';
import type { SavedCart } from '@common/contract/cart';
import { act, renderHook } from '@testing-library/react';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import { startCartSync } from '../../../../src/client/entities/cart/cart-sync';
import { useCartSync } from '../../../../src/client/entities/cart/use-cart-sync';
import { useSession } from '../../../../src/client/stores/session-store';
import { lineInput } from '../toolkit/fixtures/cart';
import { logIn, makeUser } from '../toolkit/fixtures/users';
import { type Answer, mockApi } from '../toolkit/mock-api';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

/** A saved cart on a fake server: variant id → quantity, one-time lines of product `variant / 10`. */
function fakeServer(initial: Record<number, number> = {}) {
  const lines = new Map(Object.entries(initial).map(([k, v]) => [Number(k), v]));
  let problems: SavedCart['problems'] = [];
  let failing = 0;
  let hold: Promise<void> | null = null;
  const answer = (): Answer => {
    const out = problems;
    problems = [];
    return {
      data: {
        lines: [...lines].map(([variant, quantity]) => {
          const l = lineInput({ product_id: Math.floor(variant / 10), variant_id: variant });
          return {
            product: {
              id: l.product_id,
              name: l.name,
              image: l.image,
              translations: [
                { lang: 'en', name: l.name },
                { lang: 'zh', name: `茶` },
              ],
            },
            packaging: {
              id: variant,
              name: '50 g Pouch',
              translations: [],
              price_cents: 1250,
              discount_price_cents: null,
              has_discount: false,
              stock: 20,
            },
            frequency_weeks: 0,
            quantity,
          };
        }),
        problems: out,
        updated_at: '2026-12-07T22:00:00.000Z',
      } satisfies SavedCart,
    };
  };
  const api = mockApi({
    '/v2/get-cart': () => answer(),
    '/v2/save-cart': async (body) => {
      if (hold) await hold;
      if (failing > 0) {
        failing -= 1;
        return { network: true };
      }
      for (const c of JSON.parse(body.get('changes')!) as Array<{ variant_id: number; quantity: number }>) {
        if (c.quantity === 0) lines.delete(c.variant_id);
        else lines.set(c.variant_id, c.quantity);
      }
      return answer();
    },
    '/v2/merge-cart': (body) => {
      for (const c of JSON.parse(body.get('items')!) as Array<{ variant_id: number; quantity: number }>) {
        lines.set(c.variant_id, Math.min(20, (lines.get(c.variant_id) ?? 0) + c.quantity));
      }
      return answer();
    },
  });
  return {
    ...api,
    lines,
    failNext(n: number) {
      failing = n;
    },
    /** Holds the next saves until the returned function is called. */
    holdSaves() {
      let release = () => {};
      hold = new Promise<void>((resolve) => {
        release = () => {
          hold = null;
          resolve();
        };
      });
      return release;
    },
    problem(p: SavedCart['problems'][number]) {
      problems.push(p);
    },
  };
}

const quantities = () => Object.fromEntries(useCart.getState().lines.map((l) => [l.variant_id, l.quantity]));
const stored = () => JSON.parse(localStorage.getItem('leafcup.cart_sync') ?? 'null');
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

let stop: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  localStorage.clear();
  useSession.getState().clear();
  useCart.getState().clear();
  vi.clearAllMocks();
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

describe('the cart follows the saved cart (docs/decisions/052)', () => {
  it('merges the browser’s cart once at log-in, takes the answer, and tells what did not fit in one toast', async () => {
    const server = fakeServer({ 81: 1, 71: 1 });
    server.problem({
      product_id: 9,
      variant_id: 91,
      frequency_weeks: 0,
      name: 'Tea 9',
      variant_name: '50 g Pouch',
      reason: 'out_of_stock',
      left: 0,
    });
    useCart.getState().add(lineInput({ quantity: 2 }));
    useCart.getState().add(lineInput({ product_id: 9 }));
    logIn(makeUser({ id: 5 }));
    stop = startCartSync();
    await settle();

    const merges = server.callsTo('/v2/merge-cart');
    expect(merges).toHaveLength(1);
    expect(JSON.parse(merges[0]!.body.get('items')!)).toEqual([
      { product_id: 7, variant_id: 71, frequency_weeks: 0, quantity: 2 },
      { product_id: 9, variant_id: 91, frequency_weeks: 0, quantity: 1 },
    ]);
    expect(quantities()).toEqual({ 71: 3, 81: 1, 91: 1 });
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith('Some items could not be added to your cart: Tea 9 (50 g Pouch)');
    expect(stored()).toMatchObject({ user: 5, merged: true, pending: {} });
    expect(server.callsTo('/v2/save-cart')).toHaveLength(0);

    // Opening the shop again (a reload) does not merge again: it reads the saved cart.
    stop();
    stop = startCartSync();
    await settle();
    expect(server.callsTo('/v2/merge-cart')).toHaveLength(1);
    expect(server.callsTo('/v2/get-cart')).toHaveLength(1);
  });

  it('saves each change, gathering quick clicks into one save of the line’s last quantity', async () => {
    const server = fakeServer();
    logIn(makeUser({ id: 5 }));
    stop = startCartSync();
    await settle();
    useCart.getState().add(lineInput({ quantity: 1 }));
    for (let i = 0; i < 3; i++) useCart.getState().increase('7:71:0');
    useCart.getState().add(lineInput({ product_id: 8 }));
    expect(server.callsTo('/v2/save-cart')).toHaveLength(0);
    expect(stored().pending['7:71:0'].quantity).toBe(4);
    await act(() => vi.advanceTimersByTimeAsync(600));
    const saves = server.callsTo('/v2/save-cart');
    expect(saves).toHaveLength(1);
    expect(JSON.parse(saves[0]!.body.get('changes')!)).toEqual([
      { product_id: 7, variant_id: 71, frequency_weeks: 0, quantity: 4 },
      { product_id: 8, variant_id: 81, frequency_weeks: 0, quantity: 1 },
    ]);
    expect(Object.fromEntries(server.lines)).toEqual({ 71: 4, 81: 1 });

    useCart.getState().remove('8:81:0');
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(Object.fromEntries(server.lines)).toEqual({ 71: 4 });
    expect(stored().pending).toEqual({});
  });

  it('tries a failed save again, keeps the change meanwhile, and says so after a few failures', async () => {
    const server = fakeServer();
    logIn(makeUser({ id: 5 }));
    stop = startCartSync();
    await settle();
    server.failNext(3);
    useCart.getState().add(lineInput({ quantity: 2 }));
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(server.lines.size).toBe(0);
    expect(stored().pending['7:71:0'].quantity).toBe(2);
    // A change while the saves fail joins the next try.
    useCart.getState().increase('7:71:0');
    await act(() => vi.advanceTimersByTimeAsync(1_000 + 2_000 + 5_000 + 100));
    expect(notify.error).toHaveBeenCalledWith("Your cart could not be saved yet. We'll keep trying.");
    expect(Object.fromEntries(server.lines)).toEqual({ 71: 3 });
    expect(quantities()).toEqual({ 71: 3 });
    expect(stored().pending).toEqual({});
  });

  it('reads the saved cart when the tab comes back, keeping a change not saved yet', async () => {
    const server = fakeServer({ 71: 1 });
    localStorage.setItem('leafcup.cart_sync', JSON.stringify({ user: 5, merged: true, mergeKey: 'k', pending: {} }));
    logIn(makeUser({ id: 5 }));
    stop = startCartSync();
    await settle();
    expect(quantities()).toEqual({ 71: 1 });

    // Another device adds a line; this one changes its own line and the tab loses, then regains, focus at once.
    server.lines.set(91, 2);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    useCart.getState().increase('7:71:0');
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(quantities()).toEqual({ 71: 2, 91: 2 });
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(Object.fromEntries(server.lines)).toEqual({ 71: 2, 91: 2 });
  });

  it('removes again the lines of a save that lands after an order placed while it was on its way', async () => {
    const server = fakeServer();
    logIn(makeUser({ id: 5 }));
    stop = startCartSync();
    await settle();
    const release = server.holdSaves();
    useCart.getState().add(lineInput({ quantity: 2 }));
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(server.callsTo('/v2/save-cart')).toHaveLength(1);
    // The order is placed (the server removed nothing yet: the save had not landed) and the cart cleared.
    useCart.getState().clear();
    release();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(server.callsTo('/v2/save-cart')).toHaveLength(2);
    expect(Object.fromEntries(server.lines)).toEqual({});
    expect(useCart.getState().lines).toEqual([]);
  });

  it('takes another tab’s write to the cart key without saving it again', async () => {
    const server = fakeServer({ 71: 1 });
    localStorage.setItem('leafcup.cart_sync', JSON.stringify({ user: 5, merged: true, mergeKey: 'k', pending: {} }));
    logIn(makeUser({ id: 5 }));
    stop = startCartSync();
    await settle();
    const other = [{ ...lineInput({ quantity: 4 }), totalPrice: '50.00', index: 0 }];
    localStorage.setItem('cart', JSON.stringify(other));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    expect(quantities()).toEqual({ 71: 4 });
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(server.callsTo('/v2/save-cart')).toHaveLength(0);
    // A change of this tab's own is saved.
    useCart.getState().increase('7:71:0');
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(Object.fromEntries(server.lines)).toEqual({ 71: 5 });
  });

  it('after an order drops what it had not saved and reads the saved cart; log-out saves nothing and forgets the sync', async () => {
    const server = fakeServer({ 71: 1 });
    localStorage.setItem('leafcup.cart_sync', JSON.stringify({ user: 5, merged: true, mergeKey: 'k', pending: {} }));
    logIn(makeUser({ id: 5 }));
    const hook = renderHook(() => useCartSync());
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(server.callsTo('/v2/get-cart')).toHaveLength(1);
    expect(quantities()).toEqual({ 71: 1 });

    // The order took line 71 (the server removed it) while another device's line 81 waits in the saved cart.
    server.lines.delete(71);
    server.lines.set(81, 1);
    useCart.getState().increase('7:71:0');
    useCart.getState().clear();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(server.callsTo('/v2/save-cart')).toHaveLength(0);
    expect(quantities()).toEqual({ 81: 1 });

    act(() => useSession.getState().clear());
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(useCart.getState().lines).toEqual([]);
    expect(server.callsTo('/v2/save-cart')).toHaveLength(0);
    expect(Object.fromEntries(server.lines)).toEqual({ 81: 1 });
    expect(localStorage.getItem('leafcup.cart_sync')).toBeNull();
    hook.unmount();
  });
});
