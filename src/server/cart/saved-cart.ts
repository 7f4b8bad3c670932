import type { CartProblem, CartProblemReason, SavedCart, SavedCartLine } from '../../common/contract/cart';
import type { Lang } from '../../common/contract/lang';
import { requireLiveAccount } from '../accounts/live-account';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { nowIso } from '../lib/time';
import { cartLineParts } from './line-view';
import { type CartHolding, cartHolding, lineKey, sellableStock, setLine } from './merge';
import type { PackagingRow } from './repository';
import * as repo from './repository';
import { isOnSale } from './service';

/**
 * The cart kept on the server for a logged-in customer (docs/decisions/052). Saves are per-line ("this line holds n
 * now"), applied in one transaction that first takes the customer's cart row (repository `touchCart`), so one
 * customer's saves from several devices run one after another and each line's change lands; the stock and line-limit
 * rules are merge.ts's, the ones Buy again follows.
 */

export interface LineChange {
  product_id: number;
  variant_id: number;
  frequency_weeks: number;
  quantity: number;
}

const pick = (lang: Lang, en: string, zh: string) => (lang === 'zh' ? zh : en);

/** The caller's saved cart, at today's prices, names and stock. */
export async function readCart(db: Db, userId: number, lang: Lang): Promise<SavedCart> {
  const cart = await repo.findCart(db, userId);
  if (!cart) return { lines: [], problems: [], updated_at: null };
  return answer(db, userId, lang, [], cart.updated_at);
}

/** Saves per-line changes, in order (docs/decisions/052); answers the cart as saved and what was not done as asked. */
export async function saveChanges(db: Db, userId: number, lang: Lang, changes: LineChange[]): Promise<SavedCart> {
  return writeCart(db, userId, lang, async (_trx, apply) => {
    for (const change of changes) await apply(change, () => change.quantity);
    return true;
  });
}

/**
 * Merges the browser's cart into the saved one (log-in, opening the Mini App): the same line adds its quantities,
 * capped by stock and MAX_CART_LINES. The merge whose key was the last merged is a retry and changes nothing.
 */
export async function mergeLines(
  db: Db,
  userId: number,
  lang: Lang,
  mergeKey: string,
  items: LineChange[],
): Promise<SavedCart> {
  return writeCart(db, userId, lang, async (trx, apply, previousKey) => {
    if (previousKey === mergeKey) return false;
    for (const item of items) await apply(item, (current) => current + item.quantity);
    await repo.setMergeKey(trx, userId, mergeKey);
    return true;
  });
}

/**
 * Removes an order's lines from the customer's saved cart, in the order's transaction (docs/decisions/052): the order
 * and the cart's change commit or fail together.
 */
export async function removeOrderedLines(
  db: Db,
  userId: number,
  lines: ReadonlyArray<{ variant_id: number; frequency_weeks: number }>,
): Promise<void> {
  await repo.removeOrderedLines(db, userId, lines, nowIso());
}

/** Carts with lines, idle since before `before` (ISO-8601 UTC), oldest first: for abandoned-cart reminders. */
export const idleCarts = (db: Db, before: string, limit?: number) => repo.findIdleCarts(db, before, limit);

// For abandoned-cart reminders (marketing/cart-reminders.ts, docs/decisions/056): each cart is reminded once; emptying
// it or ordering from it clears the mark (writeCart above, repository `removeOrderedLines`).

/** Carts with lines not reminded yet whose last change is in [since, before), oldest first, after `after`. */
export const cartsToRemind = (
  db: Db,
  opts: { since: string; before: string; after: { updated_at: string; user_id: number } | null; limit: number },
) => repo.findCartsToRemind(db, opts);

/** Marks the cart as read (last changed at `updatedAt`) reminded at `at`; false when it changed or another round won. */
export const markCartReminded = (db: Db, userId: number, updatedAt: string, at: string) =>
  repo.markCartReminded(db, userId, updatedAt, at);

/** Whether the reminder marked at `remindedAt` is still about the customer's cart (not emptied, not ordered since). */
export const cartStillReminded = (db: Db, userId: number, remindedAt: string) =>
  repo.cartStillReminded(db, userId, remindedAt);

type Apply = (change: LineChange, wanted: (current: number) => number) => Promise<void>;

/** One transaction over the customer's cart: `work` applies changes line by line; answers the cart it left. */
async function writeCart(
  db: Db,
  userId: number,
  lang: Lang,
  work: (trx: Db, apply: Apply, previousMergeKey: string | null) => Promise<boolean>,
): Promise<SavedCart> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      await requireLiveAccount(trx, userId);
      const at = nowIso();
      const { merge_key } = await repo.touchCart(trx, userId, at);
      const rows = await repo.findCartLines(trx, userId);
      const current = new Map(rows.map((r) => [lineKey(r), r.quantity]));
      const holding = cartHolding(rows);
      let position = rows.reduce((max, r) => Math.max(max, r.position), 0);
      const problems: Problem[] = [];
      const packagings = new Map<number, PackagingRow | undefined>();
      const apply: Apply = async (change, wanted) => {
        const row = await packaging(trx, packagings, change.variant_id);
        const key = lineKey(change);
        const had = current.get(key) ?? 0;
        const outcome = decide(holding, change, row, had, wanted(had));
        if (outcome.problem) problems.push({ change, row, ...outcome.problem });
        if (outcome.quantity === had) return;
        if (outcome.quantity === 0) await repo.deleteCartLine(trx, userId, change);
        else
          await repo.upsertCartLine(trx, userId, { ...change, quantity: outcome.quantity, position: ++position }, at);
        if (outcome.quantity === 0) current.delete(key);
        else current.set(key, outcome.quantity);
      };
      await work(trx, apply, merge_key);
      await repo.clearReminderIfEmpty(trx, userId);
      return answer(
        trx,
        userId,
        lang,
        problems.map((p) => toProblem(p, lang)),
        at,
      );
    }),
  );
}

interface Problem {
  change: LineChange;
  row: PackagingRow | undefined;
  reason: CartProblemReason;
  left: number;
}

/** What one change leaves the line with, by merge.ts's rules, and why it is not what was asked (if it is not). */
function decide(
  holding: CartHolding,
  change: LineChange,
  row: PackagingRow | undefined,
  had: number,
  wanted: number,
): { quantity: number; problem?: Pick<Problem, 'reason' | 'left'> } {
  const onSale =
    row !== undefined && isOnSale(row, change.product_id) && (change.frequency_weeks === 0 || row.subscribable === 1);
  // More of a line no longer sold is refused; less is always allowed (setLine).
  if (wanted > had && !onSale) return { quantity: had, problem: { reason: 'no_longer_sold', left: 0 } };
  const stock = onSale ? sellableStock(row, change.product_id) : 0;
  const outcome = setLine(holding, change, had, wanted, stock);
  if (!outcome.ok)
    return { quantity: had, problem: { reason: outcome.reason, left: outcome.reason === 'only_left' ? stock : 0 } };
  if (outcome.capped) return { quantity: outcome.quantity, problem: { reason: 'only_left', left: stock } };
  return { quantity: outcome.quantity };
}

async function packaging(db: Db, cache: Map<number, PackagingRow | undefined>, variantId: number) {
  if (!cache.has(variantId)) cache.set(variantId, (await repo.findPackagings(db, [variantId]))[0]);
  return cache.get(variantId);
}

function toProblem({ change, row, reason, left }: Problem, lang: Lang): CartProblem {
  return {
    product_id: change.product_id,
    variant_id: change.variant_id,
    frequency_weeks: change.frequency_weeks,
    name: row ? pick(lang, row.name_en, row.name_zh) : '',
    variant_name: row ? pick(lang, row.variant_name_en, row.variant_name_zh) : '',
    reason,
    left,
  };
}

/** The saved cart's lines with today's products and packagings; a line whose packaging is gone is left out. */
async function answer(
  db: Db,
  userId: number,
  lang: Lang,
  problems: CartProblem[],
  updatedAt: string,
): Promise<SavedCart> {
  const rows = await repo.findCartLines(db, userId);
  const packagings = new Map(
    (await repo.findPackagings(db, [...new Set(rows.map((r) => r.variant_id))])).map((p) => [p.variant_id, p]),
  );
  const lines: SavedCartLine[] = [];
  for (const line of rows) {
    const row = packagings.get(line.variant_id);
    if (row) lines.push(toSavedLine(line, row, lang));
  }
  return { lines, problems, updated_at: updatedAt };
}

function toSavedLine(line: repo.CartLineRow, row: PackagingRow, lang: Lang): SavedCartLine {
  const sellable = line.frequency_weeks === 0 || row.subscribable === 1;
  return {
    ...cartLineParts(row, lang, sellable ? sellableStock(row, line.product_id) : 0),
    frequency_weeks: line.frequency_weeks,
    quantity: line.quantity,
  };
}
