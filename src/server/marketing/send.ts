import { langOf } from '../../common/contract/lang';
import { enqueueMail, type MailParams } from '../mail/outbox';
import { enqueueReminderNotification, type ReminderKind } from '../notifications/outbox';
import type { Shop } from '../shop';
import type { Recipient } from './repository';

/**
 * Where a reminder goes (docs/decisions/056): the bot when the account is linked to Telegram (and the shop has a bot),
 * else the account's address when it is confirmed and the shop sends e-mail, else nowhere. A deleted account has none.
 */
export type Channel = 'telegram' | 'email';

export function channelOf(who: Recipient, shop: Pick<Shop, 'mailOn' | 'config'>): Channel | null {
  if (who.deleted_at !== null) return null;
  if (who.telegram_user_id && shop.config.BOT_TOKEN) return 'telegram';
  if (shop.mailOn && who.email && who.email_confirmed_at !== null) return 'email';
  return null;
}

/**
 * Queues one reminder on `channel`, in the transaction that marks it sent (so a rolled-back mark queues nothing). The
 * bot's outbox keeps its params as text; the e-mail's as its template's.
 */
export async function queueReminder<K extends ReminderKind>(
  tx: Pick<Shop, 'db' | 'mailOn'>,
  who: Recipient,
  channel: Channel,
  reminder: { kind: K; params: MailParams[K]; key: string },
  at: string,
): Promise<void> {
  if (channel === 'telegram') {
    const params = Object.fromEntries(Object.entries(reminder.params).map(([k, v]) => [k, String(v)]));
    await enqueueReminderNotification(tx.db, { userId: who.id, kind: reminder.kind, params }, at);
    return;
  }
  await enqueueMail(
    tx,
    {
      to: who.email,
      userId: who.id,
      kind: reminder.kind,
      lang: langOf(who.language),
      params: reminder.params,
      dedupeKey: reminder.key,
    },
    at,
  );
}
