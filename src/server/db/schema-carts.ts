// The cart kept on the server for a logged-in customer (docs/decisions/052; part of `Database` in schema.ts).

export interface CartsTable {
  /** One cart per customer. */
  user_id: number;
  /** The cart's last change (ISO-8601 UTC): what abandoned-cart reminders read ("idle for N hours"). */
  updated_at: string;
  /** The key of the last log-in merge: the same merge sent again changes nothing. */
  merge_key: string | null;
  /**
   * When this cart's abandoned-cart reminder was queued (docs/decisions/056); null: not yet. Cleared when the cart is
   * emptied or an order takes its lines, so each cart is reminded once.
   */
  reminded_at: string | null;
}

export interface CartLinesTable {
  user_id: number;
  product_id: number;
  /** The packaging (product_variants.id). */
  variant_id: number;
  /** 0 one-time; 2, 4 or 8 Subscribe & save. */
  frequency_weeks: number;
  quantity: number;
  /** The line's place in the cart (lines keep the order they were added in). */
  position: number;
  created_at: string;
  /** The line's last change (ISO-8601 UTC). */
  updated_at: string;
}
