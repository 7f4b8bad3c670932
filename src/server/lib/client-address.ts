import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client's address as far as limits are concerned.
 *
 * Every limit keyed on the caller's address (log-in, sign-up, e-mail/phone checks, referral visits) goes through
 * `clientAddressKey`, so one client cannot escape a limit by changing how its address is written or which address
 * it uses out of its own block:
 * - IPv4 stays as it is;
 * - an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, also written `::ffff:cb00:7107`) is that IPv4 address — a
 *   dual-stack socket reports IPv4 clients that way;
 * - any other IPv6 address is its /64 prefix: an ISP gives a home or a server a whole /64 (2^64 addresses), so
 *   counting single IPv6 addresses would be no limit at all. The prefix is normalised (lower case, no leading zeros,
 *   `::` expanded), so two spellings of one network are one key.
 * Anything else (no address, a unix socket) is kept as given, trimmed and lower-cased.
 */
export function clientAddressKey(ip: string | undefined): string {
  const raw = (ip ?? '').trim().toLowerCase();
  // "[2001:db8::1]" and a zone ("fe80::1%eth0") are other spellings of the address.
  const address = raw.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return raw;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (`::` and a trailing dotted IPv4 part expanded), or null. */
function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address)) return null;
  let text = address;
  // A trailing IPv4 part ("::ffff:1.2.3.4", "64:ff9b::1.2.3.4") is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * TRUST_PROXY, parsed (config.ts): whom to believe about the client's address in X-Forwarded-For.
 * - `false`: nobody; the client is the connecting socket (the header is ignored).
 * - a hop count (1, 2, …): the number of proxies in front of the server; the client is the address that many
 *   entries from the right of the header (with 1: the address the proxy itself saw), whatever the client put
 *   further left.
 * - proxy addresses/CIDRs (or proxy-addr's names loopback, linklocal, uniquelocal): only a connection from one of
 *   them is a proxy; the header is read from the right, skipping these proxies, and the first other address is the
 *   client.
 * - `true`: everyone; the client is the LEFT-MOST address of the header, which the client itself can write. Safe
 *   only behind a proxy you control that overwrites (not appends to) X-Forwarded-For.
 */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's named ranges, accepted in a TRUST_PROXY list. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether one TRUST_PROXY list entry is an address, a CIDR block or a named range. */
export function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length) return false;
  const max = isIPv4(address) ? 32 : isIPv6(address) ? 128 : 0;
  if (!max) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= max;
}

/**
 * The `trustProxy` option for Fastify. A hop count becomes a function: Fastify 5 refuses to trust anyone for a bare
 * number (it cannot check the connecting peer), while the meaning we want is proxy-addr's (Express's): trust the
 * first `hops` addresses counted from the socket.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') {
    const hops = setting;
    return (_address, hop) => hop < hops;
  }
  return setting;
}
