import { currentLang } from '../i18n/i18n';

/**
 * The one date formatter of the client: every date or time shown goes through it, in the current language.
 * - `date` (default): "Nov 22, 2026" / "2026年11月22日" (lists, reviews, subscriptions);
 * - `dateTime`: "Nov 22, 2026, 3:04 PM" / "2026年11月22日 15:04" (orders);
 * - `long`: "November 22, 2026" / "2026年11月22日" (an info page's "last updated");
 * - `dayMonth`: "Nov 22" / "11月22日" (a chart's axis).
 * A missing value gives ''. A value that is not a date gives '' too, unless `invalid: 'raw'` shows it as it came
 * (the order and subscription screens prefer the server's text to nothing).
 */
export type DateStyle = 'date' | 'dateTime' | 'long' | 'dayMonth';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  long: { dateStyle: 'long' },
  dayMonth: { month: 'short', day: 'numeric' },
};

export function formatDate(
  iso: string | null | undefined,
  { style = 'date', invalid = 'empty' }: { style?: DateStyle; invalid?: 'empty' | 'raw' } = {},
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return invalid === 'raw' ? iso : '';
  return new Intl.DateTimeFormat(currentLang() === 'zh' ? 'zh-CN' : 'en', STYLES[style]).format(date);
}

/** A date and time, as the order screens show it (the server's text when it is not a date). */
export const formatDateTime = (iso: string): string => formatDate(iso, { style: 'dateTime', invalid: 'raw' });
