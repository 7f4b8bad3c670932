import { describe, expect, it } from 'vitest';
import { lowPerformanceDevice } from '../../../../src/client/lib/telegram/performance';

// docs/decisions/021: Telegram for Android ends its User-Agent with the device's performance class.
describe('lowPerformanceDevice', () => {
  const android = (cls: string) =>
    `Mozilla/5.0 (Linux; Android 14; SM-A515F) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 Telegram-Android/11.2.3 (Samsung SM-A515F; Android 14; SDK 34; ${cls})`;

  it('is true only for the LOW class of Telegram for Android', () => {
    expect(lowPerformanceDevice(android('LOW'))).toBe(true);
    expect(lowPerformanceDevice(android('AVERAGE'))).toBe(false);
    expect(lowPerformanceDevice(android('HIGH'))).toBe(false);
  });

  it('is false in other browsers and on iOS', () => {
    expect(
      lowPerformanceDevice('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36'),
    ).toBe(false);
    expect(
      lowPerformanceDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'),
    ).toBe(false);
    expect(lowPerformanceDevice('')).toBe(false);
  });
});
