/**
 * What of a shopper's error report is kept (docs/decisions/045-errors-from-phones.md, "What is kept"): the shop logs
 * and stores no e-mail, phone, password, token or address, and an error's message is text the shop does not control
 * (it may quote a field's value, a URL with a token in its query). So before anything is stored:
 * - URLs lose their query string and fragment (a Mini App's launch data, `tgWebAppData=…`, is in the fragment);
 * - what looks like an e-mail address, a phone number, a bearer token, a JWT or another long secret-like string, or a
 *   `password=`/`token=`-style pair in a message becomes a placeholder (`<email>`, `<phone>`, `<token>`, `<hidden>`);
 * - the page's path becomes a pattern: a segment with a digit, an `@` or over 40 characters (an id, an order number,
 *   a code) becomes `:id`;
 * - a script's URL keeps only its path on the shop (`/assets/…`), or host and path elsewhere (an extension's script);
 *   anything else a frame or a field says (a function's name, the platform) is scrubbed like a message.
 * A street address cannot be told from other words by a pattern: messages are cut to MAX_MESSAGE characters and the
 * client sends nothing but the error's own message, its stack and the path (never a form's content).
 */

import { EMAIL_IN_TEXT } from '../lib/personal-data';

export const MAX_MESSAGE = 500;

const URL_TAIL = /\b((?:[a-z][\w+.-]*:)?\/\/[^\s?#'"`<>()]*)[?#][^\s'"`<>()]*/gi;
const BEARER = /\b(bearer|basic)\s+[\w~+/.=-]+/gi;
const SECRET_PAIR =
  /\b((?:[\w-]*(?:password|passwd|pwd|token|secret|init_?data|api_?key|auth\w*|session\w*)))(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s&,;]+)/gi;
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}\b/g;
/**
 * 24 or more token characters with both letters and digits: a session token, a key, a hash of one. A script's name
 * (`ProductDetailPage-Bx12Cd34.js`) is not one: a failed chunk load's message names it.
 */
const LONG_TOKEN = /\b(?=[\w+/=-]*\d)(?=[\w+/=-]*[a-z])[\w+/=-]{24,}(?![\w+/=-]*\.(?:m?js|css)\b)/gi;
/** A phone: 7 or more digits, perhaps with a leading +, spaces, dots, dashes or brackets between them. */
const PHONE = /(?<![\w.])\+?\(?\d(?:[\s().-]*\d){6,}(?![\w])/g;

/** A URL-ish text without query string or fragment. */
export const withoutQuery = (text: string): string => text.replace(URL_TAIL, '$1');

/** An error's message as it may be stored and shown (see the top of this file). */
export function scrubMessage(message: string): string {
  return withoutQuery(message)
    .replace(EMAIL_IN_TEXT, '<email>')
    .replace(JWT, '<token>')
    .replace(BEARER, '$1 <token>')
    .replace(SECRET_PAIR, '$1$2<hidden>')
    .replace(LONG_TOKEN, '<token>')
    .replace(PHONE, '<phone>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_MESSAGE);
}

/** A page's path as a pattern: no query, no fragment, ids as `:id` (see the top of this file). */
export function routePattern(route: string): string {
  const path = route.replace(/^[a-z][\w+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/s, '');
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .slice(0, 8)
    .map((s) => (/[\d@%]/.test(s) || s.length > 40 ? ':id' : s));
  return `/${segments.join('/')}`;
}

/**
 * A script's location as stored: its path when it is one of the shop's files (`/assets/index-abc.js`), else host and
 * path (`https://ext.example/x.js`); never a query or fragment. `<anonymous>` and the like stay as they are.
 */
export function scriptLocation(file: string): string {
  const bare = withoutQuery(file).replace(/[?#].*$/s, '');
  const match = /^[a-z][\w+.-]*:\/\/([^/]*)(\/.*)?$/i.exec(bare);
  if (!match) return scrubMessage(bare).slice(0, 300);
  const path = match[2] ?? '/';
  if (path.startsWith('/assets/')) return path.slice(0, 300);
  return `${bare.slice(0, bare.indexOf('//') + 2)}${match[1]}${path}`.slice(0, 300);
}
