import { currentLang } from '../i18n/i18n';

/**
 * The one date formatter of the client: every date or time shown goes through it, in the current language.
 * - `date` (default): "Nov 22, 2026" / "2026年11月22日" (lists, reviews, subscriptions);
 * - `dateTime`: "Nov 22, 2026, 3:04 PM" / "2026年11月22日 15:04" (orders);
 * - `long`: "November 22, 2026" / "2026年11月22日" (an info page's "last updated");
 * - `dayMonth`: "Nov 22" / "11月22日" (a chart's axis).
 * A missing value gives ''. A value that is not a date gives '' too, unless `invalid: 'raw'` shows it as it came
 * (the order and subscription screens prefer the server's text to nothing).
 *
 * Why the date-only styles do not use `Intl.DateTimeFormat` (docs/decisions/029): the first `Intl` formatter a page
 * makes starts the browser's locale data (ICU), 35–90 ms of one task on a fast machine and four times that on a slow
 * phone; a product's reviews made it during the detail page's start-up. These three styles are the day, the month and
 * the year in a fixed order in both languages, written from the `Date`'s own fields (the local day, as Intl's would
 * be); a test holds them to Intl's output for every day of two years. A date with a time keeps Intl (its hour cycle and
 * spacing are the locale's), made once per language.
 */
export type DateStyle = 'date' | 'dateTime' | 'long' | 'dayMonth';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function dayOnly(date: Date, style: Exclude<DateStyle, 'dateTime'>, zh: boolean): string {
  const [year, month, day] = [date.getFullYear(), date.getMonth(), date.getDate()];
  if (zh) return style === 'dayMonth' ? `${month + 1}月${day}日` : `${year}年${month + 1}月${day}日`;
  const name = style === 'long' ? MONTHS[month]! : MONTHS[month]!.slice(0, 3);
  return style === 'dayMonth' ? `${name} ${day}` : `${name} ${day}, ${year}`;
}

const withTime = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string): Intl.DateTimeFormat {
  let kept = withTime.get(locale);
  if (!kept) {
    kept = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    withTime.set(locale, kept);
  }
  return kept;
}

export function formatDate(
  iso: string | null | undefined,
  { style = 'date', invalid = 'empty' }: { style?: DateStyle; invalid?: 'empty' | 'raw' } = {},
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return invalid === 'raw' ? iso : '';
  const zh = currentLang() === 'zh';
  return style === 'dateTime' ? dateTimeFormat(zh ? 'zh-CN' : 'en').format(date) : dayOnly(date, style, zh);
}

/** A date and time, as the order screens show it (the server's text when it is not a date). */
export const formatDateTime = (iso: string): string => formatDate(iso, { style: 'dateTime', invalid: 'raw' });
