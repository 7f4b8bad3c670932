/**
 * The shop's calendar days in its time zone (`SHOP_TIMEZONE`, IANA). Times are stored as UTC ISO text
 * (lib/time.ts); a shop day is the UTC range from one local midnight to the next, so a query can compare the
 * stored text with the range's ends and use an index. Daylight-saving changes are honoured (such a day is 23 or
 * 25 hours long).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in `zone`. */
function wallClock(zone: string, ms: number) {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far `zone`'s clock is ahead of UTC at an instant, in ms. */
function offsetMs(zone: string, ms: number): number {
  const w = wallClock(zone, ms);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`. */
export function localDate(zone: string, ms: number): string {
  const w = wallClock(zone, ms);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** A calendar day `days` after (or before, negative) `date`. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instant (ms) `date` begins in `zone`: its local midnight (the first instant after, where midnight is skipped). */
export function startOfDay(zone: string, date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // The offset at the guess, then again at the result: right on both sides of a change of offset.
  const first = wall - offsetMs(zone, wall);
  const second = wall - offsetMs(zone, first);
  return localDate(zone, second) === date ? second : first;
}

export interface ShopDay {
  /** YYYY-MM-DD in the shop's zone. */
  date: string;
  /** The day's first instant, UTC ISO (inclusive). */
  start: string;
  /** The next day's first instant, UTC ISO (exclusive). */
  end: string;
}

/** The last `count` shop days, oldest first, ending with the day `nowMs` falls on. */
export function lastShopDays(zone: string, nowMs: number, count: number): ShopDay[] {
  const today = localDate(zone, nowMs);
  const days: ShopDay[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const date = addDaysToDate(today, -i);
    days.push({
      date,
      start: new Date(startOfDay(zone, date)).toISOString(),
      end: new Date(startOfDay(zone, addDaysToDate(date, 1))).toISOString(),
    });
  }
  return days;
}
