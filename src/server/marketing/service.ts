import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Lang } from '../../common/contract/lang';
import type { MarketingConsent } from '../../common/contract/marketing';
import { MARKETING_STOP_PATH, type MarketingSource, marketingOn } from '../../common/marketing-rules';
import type { Db } from '../db/connection';
import { shopSecret } from '../settings/service';
import * as repo from './repository';

/**
 * A customer's marketing messages switch (docs/decisions/056): off until they turn it on (marketing-rules.ts), every
 * change kept with when and how (`marketing_consents`). The reminders (cart-reminders.ts, reorder-reminders.ts) ask
 * `marketingAllowed` when they queue a message and again when it is sent.
 */

/** The customer's switch as the profile shows it. */
export async function consentOf(db: Db, userId: number): Promise<MarketingConsent> {
  const choice = await repo.latestChoice(db, userId);
  const country = await repo.shippingCountry(db, userId);
  return {
    on: marketingOn(choice ? { granted: choice.granted === 1 } : null, country),
    changed_at: choice?.created_at ?? null,
    source: choice?.source ?? null,
    country,
  };
}

/** Whether marketing messages may go to the customer now. */
export async function marketingAllowed(db: Db, userId: number): Promise<boolean> {
  return (await consentOf(db, userId)).on;
}

/**
 * Records the customer's choice, unless it is the one standing (a switch saved twice, a stop link opened twice):
 * answers whether it changed. The first choice is always recorded, a "no" too: it says the customer was asked.
 */
export async function setChoice(
  db: Db,
  userId: number,
  on: boolean,
  source: MarketingSource,
  now: string,
): Promise<boolean> {
  const standing = await repo.latestChoice(db, userId);
  if (standing && standing.granted === (on ? 1 : 0)) return false;
  await repo.insertChoice(db, { user_id: userId, granted: on ? 1 : 0, source, created_at: now });
  return true;
}

// ---------------------------------------------------------------------------
// The stop link and the bot's stop button: signed with the shop's own key (settings `marketing_link_secret`, the same
// on every instance), so nothing is stored per message and only this shop's messages carry them. They do not expire:
// a customer may stop the messages from any old one. They only turn the messages off.
// ---------------------------------------------------------------------------

const signingKey = (db: Db) => shopSecret(db, 'marketing_link_secret', () => randomBytes(32).toString('base64url'));

const sign = (key: string, scope: 'link' | 'telegram', userId: number) =>
  createHmac('sha256', key).update(`marketing-stop:${scope}:${userId}`).digest('base64url');

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The stop link's path (with `lang`, the language its page answers in): `MARKETING_STOP_PATH?u=…&sig=…&lang=…`. */
export async function stopPath(db: Db, userId: number, lang: Lang): Promise<string> {
  const sig = sign(await signingKey(db), 'link', userId).slice(0, 32);
  return `${MARKETING_STOP_PATH}?u=${userId}&sig=${sig}&lang=${lang}`;
}

export type StopOutcome = 'stopped' | 'already' | 'invalid';

/** The stop link opened (or posted by a mail program): turns the messages off when the signature holds. */
export async function stopFromLink(
  db: Db,
  link: { u: number; sig: string },
  source: Extract<MarketingSource, 'unsubscribe_link' | 'one_click'>,
  now: string,
): Promise<StopOutcome> {
  if (!same(sign(await signingKey(db), 'link', link.u).slice(0, 32), link.sig)) return 'invalid';
  if (!(await repo.recipient(db, link.u))) return 'invalid';
  return (await setChoice(db, link.u, false, source, now)) ? 'stopped' : 'already';
}

/** The bot's "Stop these messages" button: `mks:<account>:<signature>` (37 bytes at most; Telegram allows 64). */
export const MARKETING_STOP_DATA = /^mks:(\d{1,10}):([A-Za-z0-9_-]{22})$/;

export async function stopButtonData(db: Db, userId: number): Promise<string> {
  return `mks:${userId}:${sign(await signingKey(db), 'telegram', userId).slice(0, 22)}`;
}

/** The bot's stop button pressed: turns the account's messages off when the button is this shop's. */
export async function stopFromTelegram(db: Db, data: string, now: string): Promise<StopOutcome> {
  const match = MARKETING_STOP_DATA.exec(data);
  if (!match) return 'invalid';
  const userId = Number(match[1]);
  if (!same(sign(await signingKey(db), 'telegram', userId).slice(0, 22), match[2] ?? '')) return 'invalid';
  if (!(await repo.recipient(db, userId))) return 'invalid';
  return (await setChoice(db, userId, false, 'telegram_button', now)) ? 'stopped' : 'already';
}
