import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../src/server/config';
import { addDaysToDate, isTimeZone, lastShopDays, localDate, startOfDay } from '../../../../src/server/lib/shop-days';

const at = (iso: string) => new Date(iso).getTime();
const iso = (ms: number) => new Date(ms).toISOString();

describe('the shop’s calendar days', () => {
  it('puts an instant on the day it falls on in the shop’s zone, not UTC’s', () => {
    // 16:00 UTC is midnight in Manila (UTC+8, no daylight saving).
    expect(localDate('Asia/Manila', at('2026-11-23T15:59:59.999Z'))).toBe('2026-11-23');
    expect(localDate('Asia/Manila', at('2026-11-23T16:00:00.000Z'))).toBe('2026-11-24');
    expect(localDate('UTC', at('2026-11-23T16:00:00.000Z'))).toBe('2026-11-23');
    expect(iso(startOfDay('Asia/Manila', '2026-11-24'))).toBe('2026-11-23T16:00:00.000Z');
    expect(iso(startOfDay('Asia/Kolkata', '2026-11-24'))).toBe('2026-11-23T18:30:00.000Z');
    expect(iso(startOfDay('America/Los_Angeles', '2026-11-24'))).toBe('2026-11-24T08:00:00.000Z');
  });

  it('honours daylight saving: the day clocks go forward is 23 hours, back 25', () => {
    // Europe/London: 2026-03-29 01:00 GMT → 02:00 BST; 2026-10-25 02:00 BST → 01:00 GMT.
    expect(iso(startOfDay('Europe/London', '2026-03-29'))).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(startOfDay('Europe/London', '2026-03-30'))).toBe('2026-03-29T23:00:00.000Z');
    expect(iso(startOfDay('Europe/London', '2026-10-25'))).toBe('2026-10-24T23:00:00.000Z');
    expect(iso(startOfDay('Europe/London', '2026-10-26'))).toBe('2026-10-26T00:00:00.000Z');
    const days = lastShopDays('Europe/London', at('2026-10-26T12:00:00Z'), 3);
    const hours = days.map((d) => (at(d.end) - at(d.start)) / 3_600_000);
    expect(days.map((d) => d.date)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(hours).toEqual([24, 25, 24]);
  });

  it('lists the last n days oldest first, each ending where the next begins, today last', () => {
    const days = lastShopDays('Asia/Manila', at('2026-11-24T03:00:00Z'), 30);
    expect(days).toHaveLength(30);
    expect(days[29]).toEqual({
      date: '2026-11-24',
      start: '2026-11-23T16:00:00.000Z',
      end: '2026-11-24T16:00:00.000Z',
    });
    expect(days[0]!.date).toBe('2026-10-26');
    for (let i = 1; i < days.length; i++) expect(days[i]!.start).toBe(days[i - 1]!.end);
    expect(addDaysToDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('accepts IANA zones for SHOP_TIMEZONE (default Asia/Manila) and refuses anything else, naming it', () => {
    expect(isTimeZone('Asia/Manila')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(loadConfig({}).SHOP_TIMEZONE).toBe('Asia/Manila');
    expect(loadConfig({ SHOP_TIMEZONE: 'Europe/London' }).SHOP_TIMEZONE).toBe('Europe/London');
    expect(() => loadConfig({ SHOP_TIMEZONE: 'Mars/Olympus_Mons' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHOP_TIMEZONE: 'Mars/Olympus_Mons' })).toThrow(/SHOP_TIMEZONE: .*IANA time zone/);
  });
});
