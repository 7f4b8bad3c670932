import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { THEME_BOOT, THEME_BOOT_CSP } from '../../../../src/server/plugins/theme-boot';

/** Runs the inline boot script as a page would, with the URL hash and User-Agent given. */
function boot(hash: string, userAgent = 'Mozilla/5.0') {
  const props = new Map<string, string>();
  const dataset: Record<string, string> = {};
  const documentElement = { dataset, style: { setProperty: (k: string, v: string) => props.set(k, v) } };
  runInNewContext(THEME_BOOT, {
    location: { hash },
    navigator: { userAgent },
    document: { documentElement },
    URLSearchParams,
    JSON,
    Object,
  });
  return { props: Object.fromEntries(props), perf: dataset.perf };
}

describe('the theme boot inlined in rendered pages', () => {
  it("sets Telegram's theme colours from the launch hash", () => {
    const params = encodeURIComponent(JSON.stringify({ bg_color: '#17212b', button_text_color: '#ffffff' }));
    expect(boot(`#tgWebAppData=x&tgWebAppThemeParams=${params}`).props).toEqual({
      '--tg-theme-bg-color': '#17212b',
      '--tg-theme-button-text-color': '#ffffff',
    });
  });

  it('ignores a hash that is not Telegram’s, bad JSON and keys that are not plain names', () => {
    expect(boot('#section-2').props).toEqual({});
    expect(boot('#tgWebAppThemeParams=%7Bnot-json').props).toEqual({});
    const odd = encodeURIComponent(JSON.stringify({ 'bg;color': 'red', text_color: 5 }));
    expect(boot(`#tgWebAppThemeParams=${odd}`).props).toEqual({});
  });

  it('marks a LOW performance-class Android device, and no other', () => {
    const low = 'Mozilla/5.0 (Linux; Android 10) Telegram-Android/11.2.3 (Samsung SM-A105F; Android 10; SDK 29; LOW)';
    expect(boot('', low).perf).toBe('low');
    expect(boot('', low.replace('LOW', 'AVERAGE')).perf).toBeUndefined();
  });

  it('is allowed by the CSP through its own hash', () => {
    const hash = createHash('sha256').update(THEME_BOOT).digest('base64');
    expect(THEME_BOOT_CSP).toBe(`'sha256-${hash}'`);
  });
});
