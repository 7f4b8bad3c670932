import type { Browser, Page } from 'playwright-core';
import { acceptAgeGate, launchBrowser, newPage, type Shop, startShop } from './harness';

// Less motion when the visitor asks for it (prefers-reduced-motion: reduce; docs/decisions/049), in a real browser
// against the real server and the demo shop's three banners: the hero carousel does not move on its own, the arrows
// jump to a slide, and transitions and animations take no time. Without the preference the carousel still plays.

/** The slide the hero shows: the number of its dot marked current (1-based). */
const currentSlide = (page: Page) =>
  page
    .locator('.home-hero__dot[aria-current="true"]')
    .getAttribute('aria-label')
    .then((label) => Number(label?.match(/Show slide (\d+)/)?.[1]));

/** The computed transition and animation durations of `selector` (and of its ::before), as the browser gives them. */
const durations = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const own = getComputedStyle(el);
      const before = getComputedStyle(el, '::before');
      return {
        transition: own.transitionDuration,
        animation: own.animationDuration,
        beforeTransition: before.transitionDuration,
      };
    });

const allZero = (list: string) => list.split(',').every((d) => Number.parseFloat(d) === 0);

describe('motion', () => {
  let shop: Shop;
  let browser: Browser;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop({ timeoutMs: 90_000 }), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('with reduced motion: the carousel stays on its slide, the arrows jump, nothing transitions or animates', async () => {
    const { page, errors, close } = await newPage(browser, `${shop.url}/`, {
      viewport: { width: 1366, height: 800 },
      reducedMotion: 'reduce',
    });
    // The age gate's overlay and dialog fade and pop in without it.
    await page.getByRole('dialog', { name: /legal age/ }).waitFor();
    for (const selector of ['.overlay', '.dialog']) {
      const d = await durations(page, selector);
      expect(allZero(d.animation), `${selector} animation ${d.animation}`).toBe(true);
    }
    await acceptAgeGate(page);

    // The header's hide/show and the dots' growth: no transition.
    const header = await durations(page, '.header');
    expect(allZero(header.transition), `.header transition ${header.transition}`).toBe(true);
    const dot = await durations(page, '.home-hero__dot');
    expect(allZero(dot.beforeTransition), `dot transition ${dot.beforeTransition}`).toBe(true);

    // No autoplay: the first slide, still, for longer than the autoplay's 6 s; the button offers to play.
    expect(await currentSlide(page)).toBe(1);
    await page.getByRole('button', { name: 'Play the slideshow' }).waitFor();
    await page.waitForTimeout(8000);
    expect(await currentSlide(page)).toBe(1);

    // Next jumps: the track is at its new place at once, not sliding there over several frames.
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => currentSlide(page)).toBe(2);
    const track = page.locator('.home-hero__track');
    const frames = await track.evaluate(
      (el) =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          const step = () => {
            seen.push(getComputedStyle(el).transform);
            if (seen.length < 5) requestAnimationFrame(step);
            else resolve(seen);
          };
          step();
        }),
    );
    expect(new Set(frames).size, `the track moved over frames: ${frames.join(' | ')}`).toBe(1);

    expect(errors).toEqual([]);
    await close();
  });

  it('without the preference: the carousel advances on its own and the header transitions', async () => {
    const { page, errors, close } = await newPage(browser, `${shop.url}/`, {
      viewport: { width: 1366, height: 800 },
      reducedMotion: 'no-preference',
    });
    await acceptAgeGate(page);
    // Focus or the pointer on the carousel pause it: both elsewhere.
    await page.mouse.move(5, 700);
    const header = await durations(page, '.header');
    expect(allZero(header.transition)).toBe(false);
    expect(await currentSlide(page)).toBe(1);
    await page.getByRole('button', { name: 'Pause the slideshow' }).waitFor();
    await expect.poll(() => currentSlide(page), { timeout: 15_000, interval: 500 }).toBe(2);
    expect(errors).toEqual([]);
    await close();
  });
});
