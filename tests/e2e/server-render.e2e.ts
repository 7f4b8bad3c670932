import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { appReady, clientDist, holdEntry, newPage, type TestPage } from './harness';
import { backOfficeJourney } from './support/back-office';

// The server-rendered first screens (docs/decisions/022) in a real browser: a first visit paints the server's
// markup, then the app hydrates it: the same DOM nodes (nothing replaced), no console errors or hydration warnings,
// no second fetch of the screen's data, and the page is interactive (the age gate, Add to cart). A returning
// customer's page is hydrated as a guest's, then shows their header.
describe('server-rendered first screens', () => {
  const journey = backOfficeJourney(async (kit) => ({ buyer: await kit.customer('Hydra Buyer') }));

  /**
   * Keeps the server's <main> and the number of hero images it had, and notes every screen-data request and every
   * stylesheet request (the screen's CSS is in the page), from the start of each document.
   */
  const watch = async (opened: TestPage) => {
    const fetched: string[] = [];
    opened.page.on('request', (r) => {
      if (/\/v2\/get-(banners|product-list|product-details)$/.test(r.url()) || r.resourceType() === 'stylesheet') {
        fetched.push(new URL(r.url()).pathname);
      }
    });
    await opened.context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const w = window as unknown as { serverMain: Element | null; serverHeroImages: number };
        w.serverMain = document.querySelector('#root main');
        w.serverHeroImages = document.querySelectorAll('.home-hero img').length;
      });
    });
    return fetched;
  };
  const sameMain = (page: Page) =>
    page.evaluate(() => {
      const kept = (window as unknown as { serverMain: Element | null }).serverMain;
      return kept !== null && kept === document.querySelector('#root main') && kept.isConnected;
    });

  it('a first visit to /, /products and /details/{id} hydrates the server markup, then the age gate and Add to cart work', async () => {
    const productId = (await journey.kit.catalogue()).product_id;
    const opened = await newPage(journey.browser, 'about:blank');
    const fetched = await watch(opened);
    const { page, errors, close } = opened;
    for (const path of ['/', '/products', `/details/${productId}`]) {
      await page.context().clearCookies();
      await page.goto(`${journey.shop.url}${path}`, { waitUntil: 'load' });
      expect(await page.locator('#boot').count(), path).toBe(1);
      expect(await sameMain(page), path).toBe(true);
      // First visit: the age gate is in the server's markup, and it is not faded in: a paint at opacity 0 is not a
      // contentful paint, and the first one with the gate's text waited for the app's scripts (docs/decisions/026).
      const gate = page.getByRole('dialog', { name: /legal age/ });
      await gate.waitFor();
      expect(await gate.evaluate((el) => getComputedStyle(el).animationName), path).toBe('none');
      expect(await page.locator('.age-gate__overlay').evaluate((el) => getComputedStyle(el).animationName)).toBe(
        'none',
      );
      if (path === '/') {
        // The first banner's image comes with the page; the other slides' once the page has loaded and is idle.
        expect(await page.evaluate(() => (window as unknown as { serverHeroImages: number }).serverHeroImages)).toBe(1);
        await page.waitForFunction(() => document.querySelectorAll('.home-hero img').length > 1);
      }
    }
    // The screens' data and stylesheets came with the pages: nothing fetched again.
    expect(fetched).toEqual([]);

    // Interactive: the age gate closes, and a guest's Add to cart goes to the login.
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByRole('dialog', { name: /legal age/ }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await page.waitForURL(/\/login\?redirect=/);
    // The answer is remembered for the server: the next page comes without the gate.
    expect((await page.context().cookies()).map((c) => `${c.name}=${c.value}`)).toContain('leafcup_visited=1');
    expect(errors).toEqual([]);
    await close();
  });

  it('?lang=zh renders and hydrates the page in Chinese, stores the language, and the next page follows it (047)', async () => {
    const productId = (await journey.kit.catalogue()).product_id;
    const opened = await newPage(journey.browser, 'about:blank');
    await watch(opened);
    const { page, errors, close } = opened;
    await page.context().clearCookies();
    await page.goto(`${journey.shop.url}/details/${productId}?lang=zh`, { waitUntil: 'load' });
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    // The page's JSON-LD is a data block: the CSP (no inline script but the two hashed ones) lets it be, no error.
    expect(await page.locator('script[type="application/ld+json"]').count()).toBeGreaterThan(0);
    await appReady(page);
    expect(await sameMain(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('zh');
    expect((await page.context().cookies()).map((c) => `${c.name}=${c.value}`)).toContain('leafcup_lang=zh');
    await page.goto(`${journey.shop.url}/products`, { waitUntil: 'load' });
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(errors).toEqual([]);
    await close();
  });

  it('a first visit’s scripts come as the build’s brotli files, not compressed again on each request', async () => {
    const opened = await newPage(journey.browser, 'about:blank');
    // Each asset as the server first sent it (the next pages take it from the cache): its encoding and length.
    const assets = new Map<string, { encoding: string | undefined; length: number }>();
    opened.page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (!path.startsWith('/assets/') || assets.has(path)) return;
      const headers = r.headers();
      assets.set(path, { encoding: headers['content-encoding'], length: Number(headers['content-length']) });
    });
    const productId = (await journey.kit.catalogue()).product_id;
    for (const path of ['/', '/products', `/details/${productId}`]) {
      await opened.page.goto(`${journey.shop.url}${path}`, { waitUntil: 'networkidle' });
    }
    expect([...assets.keys()].filter((path) => path.endsWith('.js')).length).toBeGreaterThan(5);
    for (const [path, sent] of assets) {
      const br = join(clientDist(), `${path}.br`);
      // Files under 1 KB are sent as they are (neither the build nor the server compresses them).
      if (!existsSync(br)) continue;
      expect(sent.encoding, path).toBe('br');
      expect(sent.length, path).toBe(statSync(br).size);
    }
    // The entry (the largest) is among them: the build wrote its .br, and that is what came.
    const entry = [...assets.keys()].find((path) => /^\/assets\/index-[\w-]+\.js$/.test(path));
    expect(entry).toBeDefined();
    expect(existsSync(join(clientDist(), `${entry}.br`))).toBe(true);
    await opened.close();
  });

  it('a logged-in customer: the page hydrates as a guest’s, then shows their cart and account; Add to cart adds', async () => {
    const productId = (await journey.kit.catalogue()).product_id;
    const opened = await journey.open(journey.people.buyer, '/about', { width: 1280, height: 900 });
    const { page, errors, close } = opened;
    await watch(opened);
    // The first load mirrored the stored answers into cookies: this page is rendered without the gate, and hydrated.
    await page.goto(`${journey.shop.url}/details/${productId}`, { waitUntil: 'load' });
    expect(await page.locator('#boot').count()).toBe(1);
    expect(await sameMain(page)).toBe(true);
    expect(await page.getByRole('dialog', { name: /legal age/ }).count()).toBe(0);
    const cartButton = page.getByRole('button', { name: /^Cart/ });
    await cartButton.waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await page.getByRole('dialog', { name: 'Your Cart' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
  it('a Yes tapped on the server’s age gate before the app’s scripts have come is answered, and stays answered (027)', async () => {
    const { page, errors, close } = await newPage(journey.browser, 'about:blank');
    // The app's entry is held back, as on a slow link: the page shows the server's markup and nothing runs it.
    const hold = await holdEntry(page);
    await page.evaluate((url) => {
      location.href = url;
    }, `${journey.shop.url}/products`);
    // Gone at once, and answered as the app answers it, while the app has not started.
    const gate = await hold.answerAgeGateEarly(page);
    expect((await page.context().cookies()).map((c) => `${c.name}=${c.value}`)).toContain('leafcup_visited=1');

    // The scripts come: the app starts without the gate, the page scrolls, and nothing complained.
    hold.release();
    await appReady(page);
    expect(await gate.count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The next page comes from the server without the gate.
    await hold.unhold();
    await page.reload({ waitUntil: 'load' });
    expect(await page.locator('[data-age-yes]').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
