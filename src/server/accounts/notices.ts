import { langOf } from '../../common/contract/lang';
import type { User } from '../db/schema';
import { nowIso } from '../lib/time';
import { type AccountMailEvent, enqueueMail } from '../mail/outbox';
import { mayMail } from '../mail/policy';
import { type AccountNotificationKind, enqueueAccountNotification } from '../notifications/outbox';
import type { MailTx } from '../shop';

/**
 * The owner of an account hears of every change to how one gets into it, on every channel they have
 * (docs/decisions/031): the bot (the linked chat, and any chat a change concerns, such as one just unlinked) and the
 * account's e-mail address once it is confirmed. A change made by someone who holds only one channel (a session, a
 * Telegram chat) is so seen on the other. Call it with the transaction of the change, so the notices exist exactly
 * when the change does.
 */

type Owner = Pick<User, 'id' | 'email' | 'email_confirmed_at' | 'language'>;

interface Notice {
  /** The bot's notice to the account's linked chat (when it has one), or to `chats` only. */
  bot?: AccountNotificationKind;
  /** Other chats that hear of it (a Telegram user just linked, or just unlinked), each with its own notice. */
  chats?: ReadonlyArray<{ chatId: string; kind: AccountNotificationKind; params?: Record<string, string> }>;
  /** The e-mail, when the address is confirmed. */
  mail?: AccountMailEvent;
  /** What the message names (the Telegram user, as "Name (@username)"). */
  telegramName?: string;
}

export async function tellAccountOwner(tx: MailTx, owner: Owner, notice: Notice, now = nowIso()): Promise<void> {
  if (notice.bot) await enqueueAccountNotification(tx.db, { userId: owner.id, kind: notice.bot }, now);
  for (const chat of notice.chats ?? []) {
    await enqueueAccountNotification(
      tx.db,
      { userId: owner.id, kind: chat.kind, telegramChatId: chat.chatId, params: chat.params },
      now,
    );
  }
  if (notice.mail && mayMail(owner, 'account_notice')) {
    await enqueueMail(
      tx,
      {
        to: owner.email,
        userId: owner.id,
        kind: 'account_notice',
        lang: langOf(owner.language),
        params: { event: notice.mail, ...(notice.telegramName ? { telegramName: notice.telegramName } : {}) },
      },
      now,
    );
  }
}
