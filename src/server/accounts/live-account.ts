import type { Db } from '../db/connection';
import { unauthorized } from '../lib/errors';
import * as repo from './repository';

/**
 * First in the transaction of a write a signed-in customer asks for (their cart, a review, an address, a stock alert,
 * an exchange): the account's deletion may have committed after the request's session was checked, or be under way.
 * A deleted account answers 401 and nothing is written, so nothing of the person comes back after the deletion erased
 * it (docs/decisions/050, "Requests in flight"). The key-share lock waits for a deletion under way (it holds the row
 * FOR UPDATE); a deletion that comes after waits for this write to commit, then erases it with the rest. It never
 * waits for the customer's own orders (FOR NO KEY UPDATE).
 */
export async function requireLiveAccount(trx: Db, userId: number): Promise<void> {
  const row = await repo.lockAccountShared(trx, userId);
  if (!row || row.deleted_at !== null) throw unauthorized();
}
