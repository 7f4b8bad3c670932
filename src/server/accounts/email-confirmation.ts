import { type Lang, langOf } from '../../common/contract/lang';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import { conflict, invalidField } from '../lib/errors';
import { nowIso } from '../lib/time';
import { enqueueMail } from '../mail/outbox';
import * as rateLimit from '../rate-limits/rate-limit';
import { inTransaction, type MailTx, requireMail } from '../shop';
import { findAccountToken, issueAccountToken, useAccountToken } from './account-tokens';
import * as repo from './repository';

// Confirming an e-mail address (docs/decisions/016): registering, or changing the address in the profile, mails a link to
// /confirm-email/{token} (7 days, single use); opening it sets users.email_confirmed_at. Until then the shop mails
// the address only what concerns the customer's own orders and the confirmation itself (mail/sender.ts).

export const confirmLinkPath = (token: string): string => `/confirm-email/${token}`;

/** "Send the link again" from the profile, per account. */
export const RESEND_LIMITS = { perAccount: 3, windowMinutes: 60 } as const;

/**
 * Queues the confirmation (welcome with the link; `changed`: after a change of address) to `email`. Call it with the
 * transaction that registers the account or changes its address. Nothing without e-mail (no SMTP_URL).
 */
export async function queueConfirmation(
  tx: MailTx,
  req: { userId: number; email: string; lang: Lang; changed: boolean },
): Promise<void> {
  if (!tx.mailOn) return;
  const token = await issueAccountToken(tx.db, { userId: req.userId, purpose: 'confirm_email', email: req.email });
  await enqueueMail(tx, {
    to: req.email,
    userId: req.userId,
    kind: 'confirm_email',
    lang: req.lang,
    params: { link: confirmLinkPath(token), changed: req.changed },
  });
}

/**
 * Opens a confirmation link: confirms the address it was sent to, if the account still has it. A link opened again
 * (a second click, a mail scanner first) answers confirmed while that address is the account's confirmed one.
 */
export async function confirmEmail(db: Db, token: string | undefined): Promise<{ email: string }> {
  const invalid = () => invalidField('link_token', 'confirmLinkInvalid');
  if (!token) throw invalid();
  const now = nowIso();
  const confirmed = await db.transaction().execute(async (trx) => {
    const link = await useAccountToken(trx, token, 'confirm_email', now);
    if (!link) return undefined;
    const user = await repo.findUserById(trx, link.user_id);
    if (!user || user.email !== link.email) return undefined;
    if (!user.email_confirmed_at) await repo.updateUser(trx, user.id, { email_confirmed_at: now });
    return { email: user.email };
  });
  if (confirmed) return confirmed;
  const used = await findAccountToken(db, token, 'confirm_email');
  if (used?.used_at) {
    const user = await repo.findUserById(db, used.user_id);
    if (user && user.email === used.email && user.email_confirmed_at) return { email: user.email };
  }
  throw invalid();
}

/** The profile's "Send the link again": 404 without e-mail, 409 when already confirmed, 429 beyond RESEND_LIMITS. */
export async function resendConfirmation(shop: MailTx, user: User): Promise<{ email: string }> {
  requireMail(shop);
  if (user.email_confirmed_at) throw conflict('emailAlreadyConfirmed');
  await rateLimit.enforce(shop.db, [
    { key: `confirm-email:user:${user.id}`, max: RESEND_LIMITS.perAccount, windowMinutes: RESEND_LIMITS.windowMinutes },
  ]);
  await inTransaction(shop, (tx) =>
    queueConfirmation(tx, {
      userId: user.id,
      email: user.email,
      lang: langOf(user.language),
      changed: false,
    }),
  );
  return { email: user.email };
}
