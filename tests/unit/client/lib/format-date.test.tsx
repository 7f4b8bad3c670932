import { act } from '@testing-library/react';
import { formatDate, formatDateTime } from '../../../../src/client/lib/format/date';
import { i18n } from '../../../../src/client/lib/i18n/i18n';

// Noon local time, so the day is the same in every time zone the tests run in.
const NOON = '2026-11-22T12:00:00';

/** Every day from 1 Jan of `year` to 31 Dec of the next year, at a local hour, as the API's ISO text. */
function days(year: number, hour: number): string[] {
  const out: string[] = [];
  for (let d = new Date(year, 0, 1, hour); d.getFullYear() <= year + 1; d.setDate(d.getDate() + 1)) {
    out.push(d.toISOString());
  }
  return out;
}

describe('formatDate', () => {
  const RealDateTimeFormat = Intl.DateTimeFormat;
  afterEach(async () => {
    Intl.DateTimeFormat = RealDateTimeFormat;
    await act(() => i18n.changeLanguage('en'));
  });

  it('writes a date in the current language, and follows a change of language', async () => {
    expect(formatDate(NOON)).toBe('Nov 22, 2026');
    expect(formatDate(NOON, { style: 'long' })).toBe('November 22, 2026');
    expect(formatDate(NOON, { style: 'dayMonth' })).toBe('Nov 22');
    await act(() => i18n.changeLanguage('zh'));
    expect(formatDate(NOON)).toBe('2026年11月22日');
    expect(formatDate(NOON, { style: 'long' })).toBe('2026年11月22日');
    expect(formatDate(NOON, { style: 'dayMonth' })).toBe('11月22日');
    await act(() => i18n.changeLanguage('en'));
    expect(formatDate(NOON)).toBe('Nov 22, 2026');
  });

  it('gives nothing for a missing or broken value, or the raw text when asked', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(NOON)).toMatch(/^Nov 22, 2026, 12:00\sPM$/);
  });

  // The date-only styles are written without Intl (its first formatter starts the locale data: tens of ms on a
  // page's start-up, docs/decisions/029); they must say exactly what Intl says, in both languages, on every day,
  // including a leap day and the hours near midnight (the local day counts).
  it.each([
    ['en', 'en'],
    ['zh', 'zh-CN'],
  ] as const)('writes every day of two years as Intl does (%s)', async (lang, locale) => {
    await act(() => i18n.changeLanguage(lang));
    const intl = {
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
      long: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }),
      dayMonth: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }),
    };
    for (const hour of [0, 12, 23]) {
      for (const iso of days(2027, hour)) {
        for (const style of ['date', 'long', 'dayMonth'] as const) {
          expect(formatDate(iso, { style })).toBe(intl[style].format(new Date(iso)));
        }
      }
    }
  });

  it('makes no Intl formatter for a date, and one per language for a date with its time', async () => {
    let made = 0;
    Intl.DateTimeFormat = class extends RealDateTimeFormat {
      constructor(...args: ConstructorParameters<typeof RealDateTimeFormat>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.DateTimeFormat;
    for (let day = 1; day <= 20; day++) formatDate(`2025-03-${String(day).padStart(2, '0')}T12:00:00`);
    expect(made).toBe(0);
    for (let day = 1; day <= 20; day++) formatDateTime(`2025-03-${String(day).padStart(2, '0')}T12:00:00`);
    await act(() => i18n.changeLanguage('zh'));
    for (let day = 1; day <= 20; day++) formatDateTime(`2025-03-${String(day).padStart(2, '0')}T15:04:00`);
    expect(formatDateTime('2025-03-21T15:04:00')).toBe('2025年3月21日 15:04');
    expect(made).toBeLessThanOrEqual(2);
  });
});
