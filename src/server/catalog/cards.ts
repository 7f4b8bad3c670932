import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type ProductCard, productCard } from '../../common/contract/catalog';
import type { Lang } from '../../common/contract/lang';
import { hasDiscount } from '../../common/pricing';
import { effectiveStockState } from '../../common/stock';
import type { Db } from '../db/connection';
import { CARD_SOURCE_COLUMNS, cardSources, keepCards } from './card-repository';
import { type CardSource, type PageRow, sourceColumns } from './list-repository';

// The product list's cards (docs/decisions/028): built from a product's columns by one rule (`toCard`), and kept per
// language as ready JSON in the product's row, so a list page is its rows' kept cards joined, not 13 columns per row
// turned into objects and serialized again. A trigger clears a row's cards whenever an update names a column they are
// made of; the next list read that meets the row builds them again and keeps them.

/** A rating's average to one decimal (0 without ratings). */
export const average = (sum: number, count: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : 0);

/** A product's card as the contract has it. */
export const toCard = (r: CardSource): ProductCard => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  image: r.image,
  price_cents: r.price_cents,
  discount_price_cents: r.discount_price_cents,
  has_discount: hasDiscount(r.price_cents, r.discount_price_cents),
  price_varies: r.price_varies === 1,
  stock_state: effectiveStockState(r.stock_state, r.stock_total),
  stock_total: r.stock_total,
  rating: { average: average(r.rating_sum, r.rating_count), count: r.rating_count },
  created_at: r.created_at,
});

/**
 * How this server builds cards: a hash of the rule (`toCard` and what it calls), of the columns it is given (which
 * column is the name in each language, and the columns the cards are made of) and of the contract's card schema.
 * A kept card of another format (built by an earlier release, or by another instance during a rolling update) is
 * built again, never answered: a change to the card's fields or rules needs no migration.
 */
export const CARD_FORMAT = Number.parseInt(
  createHash('sha256')
    .update([toCard, average, hasDiscount, effectiveStockState].map(String).join('\n'))
    .update(JSON.stringify([sourceColumns('en'), sourceColumns('zh'), CARD_SOURCE_COLUMNS]))
    .update(JSON.stringify(z.toJSONSchema(productCard)))
    .digest('hex')
    .slice(0, 7),
  16,
);

/**
 * The JSON of each page row's card, in the rows' order: the kept card where it is of this format, else built from
 * the row's columns now and kept (`keepCards`: only if no writer changed the row since its columns were read).
 * Keeping is best effort: the page is answered whether or not it succeeds (`onKeepFailed` hears why not).
 */
export async function pageCards(
  db: Db,
  lang: Lang,
  rows: readonly PageRow[],
  onKeepFailed: (err: unknown) => void,
): Promise<string[]> {
  // A row's kept card in this format, else null (the row's `card_format` speaks for both languages' cards).
  const kept = (r: PageRow) => (r.card_format === CARD_FORMAT ? r.card : null);
  const missing = rows.filter((r) => kept(r) === null).map((r) => r.id);
  if (missing.length === 0) return rows.map((r) => r.card as string);
  const built = new Map<number, { id: number; rev: number; json: string }>();
  for (const source of await cardSources(db, lang, missing)) {
    built.set(source.id, { id: source.id, rev: source.card_rev, json: JSON.stringify(toCard(source)) });
  }
  try {
    await keepCards(db, lang, CARD_FORMAT, [...built.values()]);
  } catch (err) {
    onKeepFailed(err);
  }
  // A row deleted between the two reads has no card to build: it is left out, as the next read would.
  return rows.flatMap((r) => {
    const card = kept(r) ?? built.get(r.id)?.json;
    return card === undefined ? [] : [card];
  });
}
