import { createHmac, randomBytes } from 'node:crypto';
import { BlockList } from 'node:net';
import { normalizePhone } from '../../common/account-rules';
import { REFERRAL_SIGNALS, type ReferralSignal } from '../../common/referral-signals';
import type { Db } from '../db/connection';
import { clientAddressKey } from '../lib/client-address';
import { nowIso } from '../lib/time';
import { shopSecret } from '../settings/service';
import * as repo from './signal-repository';

/**
 * Signals that tie an account to a person or a device (docs/decisions/032). Those the shop keeps nowhere else are
 * recorded here as they happen (the client address and browser at sign-up and log-in, a Telegram user when linked, a
 * receipt's bytes when uploaded), each as a keyed hash: the table can say that two accounts share one, never what it
 * is. The others (delivery addresses, phone numbers, payment references) are read from the orders and address books
 * when two accounts are compared.
 */

/** The signals recorded as they happen. */
export type RecordedSignal = Extract<ReferralSignal, 'client_address' | 'device' | 'telegram' | 'receipt'>;

export interface SignalValue {
  kind: RecordedSignal;
  value: string;
}

/** The keyed hash of a signal: the key is the shop's own (settings), so a copied table cannot be reversed. */
const signalKey = (db: Db) => shopSecret(db, 'signal_hash_key', () => randomBytes(32).toString('base64url'));
const hashWith = (key: string, kind: string, value: string) =>
  createHmac('sha256', key).update(`${kind}\n${value}`).digest('base64url').slice(0, 32);

/**
 * Addresses that say nothing about a person: loopback, private and carrier-grade NAT ranges are what a server sees
 * behind a proxy it was not told to trust (TRUST_PROXY), or a whole carrier's customers. Only public addresses count.
 */
const SHARED_RANGES = (() => {
  const list = new BlockList();
  for (const [net, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ] as const) {
    list.addSubnet(net, bits, 'ipv4');
  }
  for (const [net, bits] of [
    ['::', 127],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const) {
    list.addSubnet(net, bits, 'ipv6');
  }
  return list;
})();

/** The client's address as a signal: its limit key (an IPv6 client is its /64), or null when it names nobody. */
export function clientAddressSignal(ip: string | undefined): SignalValue | null {
  const key = clientAddressKey(ip);
  const address = key.replace(/::\/64$/, '::');
  const family = address.includes(':') ? 'ipv6' : 'ipv4';
  try {
    if (!address || SHARED_RANGES.check(address, family)) return null;
  } catch {
    return null;
  }
  return { kind: 'client_address', value: key };
}

/** What a request says of its client: its public address and its browser (the device cookie), when known. */
export function clientSignals(client: { ip?: string; deviceId?: string | null }): SignalValue[] {
  const out: SignalValue[] = [];
  const address = clientAddressSignal(client.ip);
  if (address) out.push(address);
  if (client.deviceId) out.push({ kind: 'device', value: client.deviceId });
  return out;
}

/** Records what was seen of an account (a sign-up, a log-in, a link, an upload); nothing for an empty list. */
export async function recordSignals(db: Db, userId: number, values: readonly SignalValue[], now = nowIso()) {
  if (values.length === 0) return;
  const key = await signalKey(db);
  const rows = values.map((v) => ({ user_id: userId, kind: v.kind, value_hash: hashWith(key, v.kind, v.value) }));
  await repo.upsertSignals(db, rows, now);
}

/** Whether the account has seen this value (a browser that logged in to it before, say). */
export async function hasRecordedSignal(db: Db, userId: number, value: SignalValue): Promise<boolean> {
  const key = await signalKey(db);
  return repo.hasSignal(db, userId, value.kind, hashWith(key, value.kind, value.value));
}

/** A street address as compared: letters and digits of street, city, zip and country, lower case, single spaces. */
const addressText = (a: { address: string; city: string; zip: string; country: string }) =>
  [a.address, a.city, a.zip, a.country]
    .map((part) =>
      part
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim(),
    )
    .join('|');

/** A payment reference as compared (letters and digits, upper case); references this short say nothing. */
const referenceText = (ref: string | null): string | null => {
  const text = (ref ?? '')
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  return text.length >= 4 ? text : null;
};

async function footprint(db: Db, userId: number) {
  const f = await repo.contactFootprint(db, userId);
  const phones = new Set<string>();
  const addresses = new Set<string>();
  const references = new Set<string>();
  const addPhone = (p: string | null) => {
    const n = p ? normalizePhone(p) : '';
    if (n) phones.add(n);
  };
  addPhone(f.accountPhone);
  for (const a of f.addresses) {
    addPhone(a.phone);
    addresses.add(addressText(a));
  }
  for (const o of f.orders) {
    addPhone(o.phone);
    addresses.add(addressText(o));
    const ref = referenceText(o.payment_reference);
    if (ref) references.add(ref);
  }
  return { phones, addresses, references };
}

const overlaps = (a: Set<string>, b: Set<string>) => [...a].some((v) => b.has(v));

/**
 * The signals a referrer and a member they brought have in common, in REFERRAL_SIGNALS order (empty: none). Read
 * when an award or a commission would become payable (award-service.ts, commission-service.ts).
 */
export async function sharedSignals(db: Db, referrerId: number, memberId: number): Promise<ReferralSignal[]> {
  const [recorded, a, b] = await Promise.all([
    repo.sharedRecordedKinds(db, referrerId, memberId),
    footprint(db, referrerId),
    footprint(db, memberId),
  ]);
  const found = new Set<string>(recorded);
  if (overlaps(a.addresses, b.addresses)) found.add('address');
  if (overlaps(a.phones, b.phones)) found.add('phone');
  if (overlaps(a.references, b.references)) found.add('payment_reference');
  return REFERRAL_SIGNALS.filter((s) => found.has(s));
}
