import { appendFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { newPage, type TestPage } from '../harness';

/**
 * WCAG 2.2 AA checked by axe-core on the shop's screens (docs/decisions/048). One helper for the accessibility
 * files: the tags, the languages × widths each screen is checked in, and `checkScreen`, which runs axe on the page as
 * it stands and fails the test (softly: the test goes on to its next state) with every violation, by rule and
 * element. With A11Y_REPORT=<file> each check is also appended there as a JSON line (the figures of 048).
 */

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: what the shop promises (docs/decisions/048). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Variant {
  lang: 'en' | 'zh';
  width: 390 | 1366;
}

/** English and Chinese, a phone and a laptop: every screen is checked in all four. */
export const VARIANTS: Variant[] = [
  { lang: 'en', width: 390 },
  { lang: 'en', width: 1366 },
  { lang: 'zh', width: 390 },
  { lang: 'zh', width: 1366 },
];

export const viewportOf = (v: Variant) => ({ width: v.width, height: v.width === 390 ? 844 : 800 });

export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Runs axe on `page` (the whole document; `exclude` only for third-party frames the shop cannot change, each with a
 * reason at the call) and returns the violations. Finished animations first: a dialog fading in is checked as shown.
 */
export async function axeViolations(page: Page, exclude: string[] = []): Promise<Violation[]> {
  return (await axeRun(page, exclude)).violations;
}

async function axeRun(page: Page, exclude: string[]) {
  await settle(page);
  // Passes are counted, not listed: axe then builds a selector for one passing node per rule instead of every one
  // (axe-core's performance notes; docs/decisions/048). `options` replaces the builder's options, tags included,
  // so it comes first.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations', 'incomplete'] }).withTags(WCAG_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  // What axe could not decide (e.g. contrast over an image) is not a violation; the report keeps it for review.
  const incomplete = results.incomplete.map((v) => ({
    id: v.id,
    nodes: v.nodes.length,
    why: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.any[0]?.message ?? ''}`),
  }));
  const violations = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n').slice(1, 2).join('')}`),
  }));
  return { violations, incomplete, passes: results.passes.length };
}

/**
 * Checks the screen as it stands: no violation of WCAG_TAGS. `screen` names it in the failure and the report
 * (e.g. "checkout · filled · address dialog").
 */
export async function checkScreen(page: Page, v: Variant, screen: string, exclude: string[] = []): Promise<void> {
  const { violations, incomplete, passes } = await axeRun(page, exclude);
  const report = process.env.A11Y_REPORT;
  if (report) {
    const line = { screen, lang: v.lang, width: v.width, url: page.url(), violations, incomplete, passes };
    appendFileSync(report, `${JSON.stringify(line)}\n`);
  }
  const readable = violations.map((x) => `${x.id} (${x.impact}): ${x.help}\n    ${x.targets.join('\n    ')}`);
  expect.soft(readable, `${screen} in ${v.lang} at ${v.width} px`).toEqual([]);
}

/** Waits for the page's finite animations and transitions (a panel sliding in, a dialog fading in) to end. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * One browser context for a language and width, opened at `path` in that language (`?lang=` stores it, so later
 * pages of the context keep it). `session` logs someone in; otherwise the age question is answered unless
 * `ageGate` asks to see it.
 */
export async function openVariant(
  browser: Browser,
  shopUrl: string,
  v: Variant,
  path: string,
  opts: { session?: { user: unknown; token: string }; ageGate?: boolean } = {},
): Promise<TestPage> {
  const sep = path.includes('?') ? '&' : '?';
  const opened = await newPage(browser, 'about:blank', {
    viewport: viewportOf(v),
    locale: v.lang === 'zh' ? 'zh-CN' : 'en-US',
    session: opts.session,
  });
  if (!opts.session && !opts.ageGate)
    await opened.context.addInitScript(() => localStorage.setItem('hasVisited', 'true'));
  await opened.page.goto(`${shopUrl}${path}${sep}lang=${v.lang}`, { waitUntil: 'load' });
  return opened;
}
