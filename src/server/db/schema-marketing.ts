import type { Generated } from 'kysely';
import type { MarketingSource } from '../../common/marketing-rules';

// Marketing messages and the reminders that use them (docs/decisions/056; part of `Database` in schema.ts).

/** Every choice a customer made about marketing messages; the latest (highest id) is their choice now. */
export interface MarketingConsentsTable {
  id: Generated<number>;
  user_id: number;
  /** 1: agreed; 0: said no (or stopped them). */
  granted: number;
  /** How: the profile's switch, a message's signed stop link or its one-click POST, the bot's button. */
  source: MarketingSource;
  created_at: string;
}

/** An order line told "Running low?" (once per line: the key). */
export interface ReorderRemindersTable {
  order_item_id: number;
  user_id: number;
  product_id: number;
  created_at: string;
}
