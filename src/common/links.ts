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

/**
 * The product page opened with a Subscribe & save frequency chosen: `/details/{id}?frequency=4` ("Running low?"'s
 * Subscribe & save, docs/decisions/056). The page takes any frequency the product offers; anything else opens it as usual.
 */
export const FREQUENCY_QUERY = 'frequency';
export const REORDER_SUBSCRIBE_WEEKS = 4;
export const subscribePath = (productId: number, weeks: number = REORDER_SUBSCRIBE_WEEKS) =>
  `/details/${productId}?${FREQUENCY_QUERY}=${weeks}`;
