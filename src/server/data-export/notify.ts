import { langOf } from '../../common/contract/lang';
import { enqueueMail } from '../mail/outbox';
import { mayMail } from '../mail/policy';
import { enqueueDataExportNotification } from '../notifications/outbox';
import type { MailTx } from '../shop';

/**
 * The customer hears that the copy they asked for is ready (docs/decisions/051) on each channel they have: the bot
 * when the account is linked to Telegram, and e-mail when the address is confirmed (an unconfirmed address may be
 * someone else's: it gets no link to the account's data). Both carry the signed link, made when the message is sent
 * (the outboxes keep the copy's id, never the link). Call it with the transaction that marks the copy ready.
 */
export async function tellCopyReady(
  tx: MailTx,
  owner: {
    id: number;
    email: string;
    email_confirmed_at: string | null;
    language: string;
    telegram_user_id: string | null;
  },
  exportId: number,
  now: string,
): Promise<void> {
  if (owner.telegram_user_id) await enqueueDataExportNotification(tx.db, { userId: owner.id, exportId }, now);
  if (mayMail(owner, 'data_export_ready')) {
    await enqueueMail(
      tx,
      {
        to: owner.email,
        userId: owner.id,
        kind: 'data_export_ready',
        lang: langOf(owner.language),
        params: { exportId },
        dedupeKey: `data-export:${exportId}:ready`,
      },
      now,
    );
  }
}
