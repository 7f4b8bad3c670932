/**
 * Links shared by the server, the bot and the client (plain TypeScript: no DOM, no Node imports; `URL` is a global
 * in both).
 */

/**
 * Whether a link is an http(s) URL: the only kind of tracking link the server saves (orders/status.ts), and so the
 * only kind the shop, the back office and the bot ("Track parcel") show as a link.
 */
export function isHttpLink(link: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(link).protocol);
  } catch {
    return false;
  }
}
