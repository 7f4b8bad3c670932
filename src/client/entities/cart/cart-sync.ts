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
  return new CartSync(userId).start();
}

/** One logged-in customer's sync (see the top of this file); the state its steps share. */
class CartSync {
  private merged: boolean;
  private readonly mergeKey: string;
  /** Changes not sent yet, by line key (the newest per line). */
  private queued: Map<string, Pending>;
  /** Changes of the save on its way. */
  private sending: Map<string, Pending> | null = null;
  /** An order was placed while a save was on its way: that save may land after the order removed its lines. */
  private orderedWhileSending = false;
  private busy = false;
  private stopped = false;
  private applying = false;
  private hydrating = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstQueuedAt = 0;
  private failures = 0;
  private lastRefresh = 0;

  constructor(private readonly userId: number) {
    const stored = readStored();
    const mine = stored?.user === userId ? stored : null;
    this.merged = mine?.merged ?? false;
    this.mergeKey = mine?.mergeKey ?? crypto.randomUUID();
    this.queued = new Map<string, Pending>(Object.entries(mine?.pending ?? {}));
  }

  start(): () => void {
    const unsubscribe = useCart.subscribe((state, previous) => this.onChange(state, previous));
    // Another tab's write to the `cart` key is read into this tab: not this tab's change to save.
    const unhydrate = useCart.persist.onHydrate(() => {
      this.hydrating = true;
    });
    const unfinished = useCart.persist.onFinishHydration(() => {
      this.hydrating = false;
    });
    const comeBack = () => {
      if (document.visibilityState === 'visible') void this.run(true);
    };
    const online = () => {
      this.failures = 0;
      void this.run(true);
    };
    document.addEventListener('visibilitychange', comeBack);
    window.addEventListener('focus', comeBack);
    window.addEventListener('online', online);
    void this.run(true);
    return () => {
      this.stopped = true;
      clearTimeout(this.timer);
      unsubscribe();
      unhydrate();
      unfinished();
      document.removeEventListener('visibilitychange', comeBack);
      window.removeEventListener('focus', comeBack);
      window.removeEventListener('online', online);
    };
  }

  private persist() {
    const pending = Object.fromEntries([...(this.sending ?? []), ...this.queued]);
    storage.set(
      APP_KEYS.cartSync,
      JSON.stringify({ user: this.userId, merged: this.merged, mergeKey: this.mergeKey, pending } satisfies Stored),
    );
  }

  /** Takes the server's cart as the local copy, with the changes not saved yet on top. */
  private take(answer: SavedCart, unsaved: Map<string, Pending>[]) {
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
    this.applying = true;
    try {
      useCart.getState().replace(lines);
    } finally {
      this.applying = false;
    }
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    if (!this.stopped) this.timer = setTimeout(() => void this.run(), delay);
  }

  private failed(err: unknown): boolean {
    if (!isRetryable(err)) return false;
    this.failures += 1;
    if (this.failures === TELL_AFTER) notify.error(i18n.t('cartSync:notSavedYet'));
    this.schedule(RETRY_MS[Math.min(this.failures - 1, RETRY_MS.length - 1)]!);
    return true;
  }

  private succeeded() {
    this.failures = 0;
  }

  /** The log-in merge: the browser's cart into the saved one, once per key. */
  private async merge() {
    const items = useCart
      .getState()
      .lines.slice(0, MAX_CART_LINES)
      .map((line) => toChange({ line, quantity: line.quantity }));
    // The browser's lines travel in the merge: changes made before it are part of them.
    this.queued.clear();
    this.persist();
    try {
      const answer = await api('/v2/merge-cart', { merge_key: this.mergeKey, items });
      this.merged = true;
      this.succeeded();
      this.take(answer, [this.queued]);
      this.persist();
      tellProblems(answer.problems, 'merge');
    } catch (err) {
      if (this.stopped || this.failed(err)) return;
      // Refused (not a network fault): the saved cart wins, and the customer is told.
      this.merged = true;
      this.persist();
      notify.error(i18n.t('cartSync:couldNotSave'));
      await this.refresh(true);
    }
  }

  /** Sends what is queued; its answer is the cart as saved. */
  private async save() {
    this.sending = this.queued;
    this.queued = new Map();
    this.persist();
    const batch = this.sending;
    try {
      const answer = await api('/v2/save-cart', { changes: [...batch.values()].map(toChange) });
      this.sending = null;
      this.succeeded();
      if (this.afterOrder(batch)) return;
      if (!this.stopped) this.take(answer, [this.queued]);
      this.persist();
      tellProblems(answer.problems, 'save');
    } catch (err) {
      this.sending = null;
      if (this.afterOrder(batch)) return;
      // Back under anything newer for the same line.
      if (isRetryable(err)) this.queued = new Map([...batch, ...this.queued]);
      this.persist();
      if (this.stopped || this.failed(err)) return;
      notify.error(i18n.t('cartSync:couldNotSave'));
      await this.refresh(true);
    }
  }

  /**
   * A save that was on its way when an order was placed may have landed after the order removed its lines: the lines
   * it set (all in the order) are removed again, and it is not sent again. True when that was the case.
   */
  private afterOrder(batch: Map<string, Pending>): boolean {
    if (!this.orderedWhileSending) return false;
    this.orderedWhileSending = false;
    const removals = [...batch]
      .filter(([, p]) => p.quantity > 0)
      .map(([key, p]) => [key, { ...p, quantity: 0 }] as const);
    this.queued = new Map([...removals, ...this.queued]);
    this.persist();
    return true;
  }

  /** Reads the saved cart (a tab coming back, after an order), keeping the changes not saved yet on top. */
  private async refresh(force = false) {
    if (!force && Date.now() - this.lastRefresh < REFRESH_GAP_MS) return;
    this.lastRefresh = Date.now();
    try {
      const answer = await api('/v2/get-cart', {});
      this.succeeded();
      if (!this.stopped && !this.sending) this.take(answer, [this.queued]);
    } catch (err) {
      if (!this.stopped) this.failed(err);
    }
  }

  /** One step at a time: the merge first, then saves; a refresh when nothing is waiting. */
  private async run(refreshToo = false) {
    if (this.busy || this.stopped) return;
    this.busy = true;
    clearTimeout(this.timer);
    try {
      // The this.merge's answer is the saved cart: no read after it.
      const merging = !this.merged;
      if (merging) await this.merge();
      if (this.merged && this.queued.size > 0) {
        this.firstQueuedAt = 0;
        await this.save();
      } else if (this.merged && refreshToo && !merging) await this.refresh();
    } finally {
      this.busy = false;
    }
    if (!this.stopped && this.merged && this.queued.size > 0 && this.failures === 0) this.schedule(0);
  }

  private onChange(state: ReturnType<typeof useCart.getState>, previous: ReturnType<typeof useCart.getState>) {
    // Log-out empties the browser's cart, not the saved one.
    if (this.applying || this.hydrating || this.stopped || !isLoggedIn(useSession.getState())) return;
    if (state.clears !== previous.clears) {
      // An order was placed from these lines: the server removed them with it; what was not saved is moot.
      this.queued.clear();
      if (this.sending) this.orderedWhileSending = true;
      this.persist();
      this.lastRefresh = 0;
      void (this.busy ? Promise.resolve() : this.run(true));
      return;
    }
    if (!queueDiff(this.queued, previous.lines, state.lines)) return;
    this.persist();
    const now = Date.now();
    if (!this.firstQueuedAt) this.firstQueuedAt = now;
    if (!this.busy && this.failures === 0)
      this.schedule(Math.max(0, Math.min(DEBOUNCE_MS, this.firstQueuedAt + MAX_WAIT_MS - now)));
  }
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
