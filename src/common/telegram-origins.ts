/**
 * Telegram's web clients, which show a Mini App in an iframe. The server's CSP lets only these (and the shop itself)
 * frame the shop; the client, inside a frame, talks to and believes only these parents (docs/decisions/001).
 */
export const TELEGRAM_WEB_ORIGINS: readonly string[] = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
];
