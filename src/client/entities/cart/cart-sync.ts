import type { CartProblem, SavedCart } from '@common/contract/cart';
import { MAX_CART_LINES } from '@common/contract/checkout';
import { ApiError, api } from '@/lib/api/client';
import { i18n } from '@/lib/i18n/i18n';
import { APP_KEYS, storage } from '@/lib/storage/storage';
import { notify } from '@/lib/toast';
import { isLoggedIn, useSession } from '@/stores/session-store';
import { type CartLine, type CartLineInput, lineFromProduct, lineKey } from './cart-rules';
import { useCart } from './cart-store';
import './sync-locales';

/**
 * The cart follows the customer's saved cart on the server (docs/decisions/052). Loaded lazily by use-cart-sync.ts
 * once a customer is logged in. The browser's `cart` key stays the local copy; this module
 * - merges the browser's cart into the saved one once per log-in (the server adds the same lines, caps them by stock
 *   and the 50-line limit, and says what did not fit: one toast), then takes the answer as the local copy;
 * - saves every change as "this line holds n now" (0 removes), a few at a time: quick clicks are gathered for
 *   DEBOUNCE_MS (never more than MAX_WAIT_MS), a failed save is tried again (backoff, on `online`, on focus) and the
 *   changes not saved yet are kept in storage, so a reload sends them too;
 * - reads the saved cart again when the tab comes back (focus, visibility), keeping the changes not saved yet on top;
 * - after an order (the store's `clear`) drops what it had not saved (the order took those lines, and the server
 *   removed them with it) and reads the saved cart again.
 */

export const DEBOUNCE_MS = 500;
export const MAX_WAIT_MS = 2_000;
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** Failed tries before the customer is told the cart is not saved yet (once). */
const TELL_AFTER = 3;
/** A tab coming back reads the saved cart at most this often. */
const REFRESH_GAP_MS = 2_000;

interface Pending {
  /** 0 removes the line. */
  quantity: number;
  line: CartLineInput;
}

interface Stored {
  user: number;
  merged: boolean;
  mergeKey: string;
  pending: Record<string, Pending>;
}

const isRetryable = (err: unknown) =>
  !(err instanceof ApiError) || err.code === 0 || err.code === 429 || err.code >= 500;

const toChange = ({ line, quantity }: Pending) => ({
  product_id: line.product_id,
  variant_id: line.variant_id,
  frequency_weeks: line.frequency_weeks,
  quantity,
});

function readStored(): Stored | null {
  try {
    const value = JSON.parse(storage.get(APP_KEYS.cartSync) ?? 'null') as Stored | null;
    return value && typeof value.user === 'number' && typeof value.pending === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** Starts the sync for the logged-in customer; returns its stop. */
export function startCartSync(): () => void {
  const userId = useSession.getState().user?.id;
  if (userId === undefined) return () => {};
  const stored = readStored();
  const mine = stored?.user === userId ? stored : null;
  let merged = mine?.merged ?? false;
  const mergeKey = mine?.mergeKey ?? crypto.randomUUID();
  /** Changes not sent yet, by line key (the newest per line). */
  let queued = new Map<string, Pending>(Object.entries(mine?.pending ?? {}));
  /** Changes of the save on its way. */
  let sending: Map<string, Pending> | null = null;
  /** An order was placed while a save was on its way: that save may land after the order removed its lines. */
  let orderedWhileSending = false;
  let busy = false;
  let stopped = false;
  let applying = false;
  let hydrating = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstQueuedAt = 0;
  let failures = 0;
  let lastRefresh = 0;

  const persist = () => {
    const pending = Object.fromEntries([...(sending ?? []), ...queued]);
    storage.set(APP_KEYS.cartSync, JSON.stringify({ user: userId, merged, mergeKey, pending } satisfies Stored));
  };

  /** Takes the server's cart as the local copy, with the changes not saved yet on top. */
  const take = (answer: SavedCart, unsaved: Map<string, Pending>[]) => {
    const lines: CartLineInput[] = answer.lines.map((l) =>
      lineFromProduct(l.product, l.packaging, l.frequency_weeks, l.quantity),
    );
    for (const changes of unsaved) {
      for (const [key, change] of changes) {
        const at = lines.findIndex((l) => lineKey(l) === key);
        if (change.quantity === 0) {
          if (at >= 0) lines.splice(at, 1);
        } else if (at >= 0) lines[at] = { ...lines[at]!, quantity: change.quantity };
        else lines.push({ ...change.line, quantity: change.quantity });
      }
    }
    applying = true;
    try {
      useCart.getState().replace(lines);
    } finally {
      applying = false;
    }
  };

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void run(), delay);
  };

  const failed = (err: unknown): boolean => {
    if (!isRetryable(err)) return false;
    failures += 1;
    if (failures === TELL_AFTER) notify.error(i18n.t('cartSync:notSavedYet'));
    schedule(RETRY_MS[Math.min(failures - 1, RETRY_MS.length - 1)]!);
    return true;
  };

  const succeeded = () => {
    failures = 0;
  };

  /** The log-in merge: the browser's cart into the saved one, once per key. */
  const merge = async () => {
    const items = useCart
      .getState()
      .lines.slice(0, MAX_CART_LINES)
      .map((line) => toChange({ line, quantity: line.quantity }));
    // The browser's lines travel in the merge: changes made before it are part of them.
    queued.clear();
    persist();
    try {
      const answer = await api('/v2/merge-cart', { merge_key: mergeKey, items });
      merged = true;
      succeeded();
      take(answer, [queued]);
      persist();
      tellProblems(answer.problems, 'merge');
    } catch (err) {
      if (stopped || failed(err)) return;
      // Refused (not a network fault): the saved cart wins, and the customer is told.
      merged = true;
      persist();
      notify.error(i18n.t('cartSync:couldNotSave'));
      await refresh(true);
    }
  };

  /** Sends what is queued; its answer is the cart as saved. */
  const save = async () => {
    sending = queued;
    queued = new Map();
    persist();
    const batch = sending;
    try {
      const answer = await api('/v2/save-cart', { changes: [...batch.values()].map(toChange) });
      sending = null;
      succeeded();
      if (afterOrder(batch)) return;
      if (!stopped) take(answer, [queued]);
      persist();
      tellProblems(answer.problems, 'save');
    } catch (err) {
      sending = null;
      if (afterOrder(batch)) return;
      // Back under anything newer for the same line.
      if (isRetryable(err)) queued = new Map([...batch, ...queued]);
      persist();
      if (stopped || failed(err)) return;
      notify.error(i18n.t('cartSync:couldNotSave'));
      await refresh(true);
    }
  };

  /**
   * A save that was on its way when an order was placed may have landed after the order removed its lines: the lines
   * it set (all in the order) are removed again, and it is not sent again. True when that was the case.
   */
  const afterOrder = (batch: Map<string, Pending>): boolean => {
    if (!orderedWhileSending) return false;
    orderedWhileSending = false;
    const removals = [...batch]
      .filter(([, p]) => p.quantity > 0)
      .map(([key, p]) => [key, { ...p, quantity: 0 }] as const);
    queued = new Map([...removals, ...queued]);
    persist();
    return true;
  };

  /** Reads the saved cart (a tab coming back, after an order), keeping the changes not saved yet on top. */
  const refresh = async (force = false) => {
    if (!force && Date.now() - lastRefresh < REFRESH_GAP_MS) return;
    lastRefresh = Date.now();
    try {
      const answer = await api('/v2/get-cart', {});
      succeeded();
      if (!stopped && !sending) take(answer, [queued]);
    } catch (err) {
      if (!stopped) failed(err);
    }
  };

  /** One step at a time: the merge first, then saves; a refresh when nothing is waiting. */
  const run = async (refreshToo = false) => {
    if (busy || stopped) return;
    busy = true;
    clearTimeout(timer);
    try {
      // The merge's answer is the saved cart: no read after it.
      const merging = !merged;
      if (merging) await merge();
      if (merged && queued.size > 0) {
        firstQueuedAt = 0;
        await save();
      } else if (merged && refreshToo && !merging) await refresh();
    } finally {
      busy = false;
    }
    if (!stopped && merged && queued.size > 0 && failures === 0) schedule(0);
  };

  const onChange = (state: ReturnType<typeof useCart.getState>, previous: ReturnType<typeof useCart.getState>) => {
    // Log-out empties the browser's cart, not the saved one.
    if (applying || hydrating || stopped || !isLoggedIn(useSession.getState())) return;
    if (state.clears !== previous.clears) {
      // An order was placed from these lines: the server removed them with it; what was not saved is moot.
      queued.clear();
      if (sending) orderedWhileSending = true;
      persist();
      lastRefresh = 0;
      void (busy ? Promise.resolve() : run(true));
      return;
    }
    if (!queueDiff(queued, previous.lines, state.lines)) return;
    persist();
    const now = Date.now();
    if (!firstQueuedAt) firstQueuedAt = now;
    if (!busy && failures === 0) schedule(Math.max(0, Math.min(DEBOUNCE_MS, firstQueuedAt + MAX_WAIT_MS - now)));
  };

  const comeBack = () => {
    if (document.visibilityState === 'visible') void run(true);
  };
  const online = () => {
    failures = 0;
    void run(true);
  };

  const unsubscribe = useCart.subscribe(onChange);
  // Another tab's write to the `cart` key is read into this tab: not this tab's change to save.
  const unhydrate = useCart.persist.onHydrate(() => {
    hydrating = true;
  });
  const unfinished = useCart.persist.onFinishHydration(() => {
    hydrating = false;
  });
  document.addEventListener('visibilitychange', comeBack);
  window.addEventListener('focus', comeBack);
  window.addEventListener('online', online);
  void run(true);

  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    unhydrate();
    unfinished();
    document.removeEventListener('visibilitychange', comeBack);
    window.removeEventListener('focus', comeBack);
    window.removeEventListener('online', online);
  };
}

/** Queues what changed between two lists of lines (each line's new quantity, 0 when it went); true if anything did. */
function queueDiff(queued: Map<string, Pending>, before: CartLine[], after: CartLine[]): boolean {
  const old = new Map(before.map((l) => [lineKey(l), l]));
  let changed = false;
  for (const line of after) {
    const key = lineKey(line);
    if (old.get(key)?.quantity !== line.quantity) {
      queued.set(key, { quantity: line.quantity, line });
      changed = true;
    }
    old.delete(key);
  }
  for (const [key, line] of old) {
    queued.set(key, { quantity: 0, line });
    changed = true;
  }
  return changed;
}

/** What could not be merged or saved as asked: said once, in one toast. */
function tellProblems(problems: CartProblem[], during: 'merge' | 'save') {
  if (!problems.length) return;
  if (during === 'save') {
    notify.error(i18n.t('messages:notEnoughStock'));
    return;
  }
  const items = problems.map((p) => (p.variant_name ? `${p.name} (${p.variant_name})` : p.name)).join(', ');
  notify.error(i18n.t('cartSync:mergeProblems', { items }));
}
