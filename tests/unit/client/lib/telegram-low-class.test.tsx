import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// On Telegram for Android's LOW performance class the page plays no decorative motion (docs/decisions/021,
// docs/plans/015 §5.2).
describe('the LOW class on the page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete document.documentElement.dataset.perf;
  });

  it('marks <html data-perf="low"> on a LOW device, and nothing elsewhere; scripts then scroll at once', async () => {
    const { markPerformanceClass, scrollBehavior } = await import('../../../../src/client/lib/telegram/performance');
    vi.stubGlobal('navigator', {
      userAgent: 'Mozilla/5.0 Telegram-Android/11.2.3 (Samsung SM-A515F; Android 14; SDK 34; AVERAGE)',
    });
    markPerformanceClass();
    expect(document.documentElement.dataset.perf).toBeUndefined();
    expect(scrollBehavior()).toBe('smooth');
    vi.stubGlobal('navigator', {
      userAgent: 'Mozilla/5.0 Telegram-Android/11.2.3 (Samsung SM-A105F; Android 10; SDK 29; LOW)',
    });
    markPerformanceClass();
    expect(document.documentElement.dataset.perf).toBe('low');
    expect(scrollBehavior()).toBe('auto');
  });

  it('the CSS under data-perf="low" stops the shimmer, transitions, animations and smooth scrolling (not the spinner)', () => {
    const css = readFileSync(join(__dirname, '../../../../src/client/lib/telegram/telegram.css'), 'utf8');
    const low = css.slice(css.indexOf('html[data-perf="low"]'));
    expect(low).toMatch(/\*:not\(\.spinner\)/);
    for (const rule of ['animation-duration: 0s', 'transition-duration: 0s', 'scroll-behavior: auto']) {
      expect(low).toContain(rule);
    }
    expect(low).toMatch(/html\[data-perf="low"\] \.skeleton \{\s*animation: none !important;/);
  });
});
