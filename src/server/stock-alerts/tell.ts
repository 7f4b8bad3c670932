import { langOf } from '../../common/contract/lang';
import { enqueueMail } from '../mail/outbox';
import { enqueueBackInStockNotification } from '../notifications/outbox';
import type { MailTx } from '../shop';
import * as repo from './repository';

/**
 * Tells the customers waiting for these products that they are available again (docs/decisions/018).
 * Called in the transaction of every change that can make a product available: the stock core after units were
 * added (stock/repository.ts `changeStocks`: back office, imports, a cancelled or expired order's units coming back)
 * and the writes of a product's state (the product form, the CSV and JSON imports: "Coming soon" → "On sale").
 *
 * Each product's waiting alerts are claimed by one conditional update that also checks the product is available
 * (shown, on sale, units on sale), so a product still coming soon or without units claims nothing, and two
 * concurrent restocks tell each customer once. Each claimed alert queues one message in the same transaction:
 * through the bot when the customer is linked to Telegram with its switch on, else by e-mail when the e-mail switch
 * is on (the sender applies mail/policy.ts at send time); in the customer's language, with a link to the product.
 */
export async function tellStockAlerts(tx: MailTx, productIds: Iterable<number>, now: string): Promise<number> {
  const trx = tx.db;
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  let told = 0;
  // In chunks, so a large import stays within the databases' limits on bound values.
  for (let at = 0; at < ids.length; at += CLAIM_CHUNK) {
    const claimed = await repo.claimAlerts(trx, ids.slice(at, at + CLAIM_CHUNK), now);
    if (!claimed.length) continue;
    const contacts = new Map(
      (await repo.alertContacts(trx, [...new Set(claimed.map((a) => a.user_id))])).map((u) => [u.id, u]),
    );
    for (const alert of claimed) {
      const user = contacts.get(alert.user_id);
      if (!user) continue;
      if (user.telegram_user_id && user.notify_orders === 1) {
        await enqueueBackInStockNotification(trx, { userId: user.id, productId: alert.product_id }, now);
      } else if (user.email && user.notify_email === 1) {
        await enqueueMail(
          tx,
          {
            to: user.email,
            userId: user.id,
            kind: 'back_in_stock',
            lang: langOf(user.language),
            params: { productId: alert.product_id },
            dedupeKey: `stock-alert:${alert.id}:${now}`,
          },
          now,
        );
      } else continue;
      told += 1;
    }
  }
  return told;
}

/** Products per claim (well below SQLite's 32,766 and PostgreSQL's 65,535 bound values). */
const CLAIM_CHUNK = 1000;
