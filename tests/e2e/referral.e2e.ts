import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { newPage, type Shop } from './harness';
import { type BackOfficeKit, shopJourney } from './support/back-office';

// The referral journey in a real browser against the real server: a customer's link /{code} shows the home
// page and records the visit; the visitor registers with the code prefilled; the referrer's /referral then
// lists the new member.

interface Registered {
  user_info: { id: number; nickname: string; referral_code: string; is_agent: 0 | 1 };
  token: string;
}

/** A customer registered through the shop's API (`kit.ok`: the test fails with the server's message if refused). */
function registerThroughApi(kit: BackOfficeKit, nickname: string): Promise<Registered> {
  const id = randomBytes(3).toString('hex');
  return kit.ok<Registered>('/v1/user-register', {
    nickname,
    email: `ref-${id}@example.com`,
    phone: `+63917${Number.parseInt(id, 16).toString().padStart(7, '0').slice(0, 7)}`,
    password: 'Secret123!',
    confirm_password: 'Secret123!',
  });
}

function openDb(shop: Shop) {
  return new Database(join(shop.dir, 'shop.sqlite'), { readonly: true, fileMustExist: true });
}

async function passAgeGate(page: Page) {
  const gate = page.getByRole('dialog', { name: /legal age/ });
  await gate.waitFor();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await gate.waitFor({ state: 'detached' });
}

describe('referral journey', () => {
  const journey = shopJourney();

  it('/{code} shows home and records the visit; registering with the prefilled code makes a member of /referral', async () => {
    const referrer = await registerThroughApi(journey.kit, 'Rita Referrer');
    const code = referrer.user_info.referral_code;
    expect(code).toMatch(/^[A-Z0-9]+$/);

    // The visitor opens the referral link: home, not a 404; the visit is recorded and the code kept.
    const visitor = await newPage(journey.browser, `${journey.shop.url}/${code}`, {
      viewport: { width: 1280, height: 800 },
    });
    const { page } = visitor;
    await passAgeGate(page);
    await page.getByRole('heading', { name: 'Best Sellers' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${code}`);
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
    await page.waitForFunction((c) => window.sessionStorage.getItem('leafcup.referral_code') === c, code);
    const db = openDb(journey.shop);
    try {
      const visits = db
        .prepare('select link, origin, visitor_key, converted from referral_visits where referrer_id = ?')
        .all(referrer.user_info.id) as Array<{ link: string; origin: string; visitor_key: string; converted: number }>;
      expect(visits).toHaveLength(1);
      expect(visits[0]).toMatchObject({ link: `/${code}`, origin: 'direct', converted: 0 });
      const browserKey = await page.evaluate(() => localStorage.getItem('leafcup.visitor_key'));
      expect(visits[0]?.visitor_key).toBe(browserKey);
    } finally {
      db.close();
    }

    // A reload in the same session does not count again.
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Best Sellers' }).waitFor();

    // From the header to /login: the Register form has the code prefilled.
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).first().click();
    await page.waitForURL(/\/login/);
    await page.getByRole('tab', { name: 'Register' }).click();
    const codeField = page.getByLabel('Referral code (optional)');
    expect(await codeField.inputValue()).toBe(code);

    const nickname = `Newbie ${randomBytes(2).toString('hex')}`;
    const id = randomBytes(3).toString('hex');
    await page.getByLabel('Nickname').fill(nickname);
    await page.getByLabel('Email').fill(`newbie-${id}@example.com`);
    await page
      .getByLabel('Phone Number')
      .fill(`+63918${Number.parseInt(id, 16).toString().padStart(7, '0').slice(0, 7)}`);
    await page.getByLabel('Password', { exact: true }).fill('Secret123!');
    await page.getByLabel('Confirm Password').fill('Secret123!');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    const db2 = openDb(journey.shop);
    try {
      const joined = db2.prepare('select id, upline_id from users where nickname = ?').get(nickname) as
        | { id: number; upline_id: number | null }
        | undefined;
      expect(joined?.upline_id).toBe(referrer.user_info.id);
      const visits = db2
        .prepare(
          'select count(*) as n from referral_visits where referrer_id = ? and converted = 1 and converted_user_id = ?',
        )
        .get(referrer.user_info.id, joined?.id) as { n: number };
      expect(visits.n).toBe(1);
      const all = db2
        .prepare('select count(*) as n from referral_visits where referrer_id = ?')
        .get(referrer.user_info.id) as {
        n: number;
      };
      expect(all.n).toBe(1);
    } finally {
      db2.close();
    }
    await visitor.close();

    // The referrer (logged in, in their own browser) sees the member on /referral.
    const {
      page: referrerPage,
      context,
      errors,
    } = await newPage(journey.browser, `${journey.shop.url}/referral`, {
      session: { user: referrer.user_info, token: referrer.token },
    });
    await referrerPage.getByRole('heading', { name: 'Referral', level: 1 }).waitFor();
    expect(await referrerPage.getByRole('textbox', { name: 'Your referral code' }).inputValue()).toBe(code);
    expect(await referrerPage.getByRole('textbox', { name: 'Your referral link' }).inputValue()).toBe(
      `${journey.shop.url}/${code}`,
    );
    await referrerPage.getByRole('img', { name: 'QR code of your referral link' }).waitFor();
    const members = referrerPage.getByRole('table', { name: 'Referred members' });
    await members.getByText(nickname).waitFor();
    expect(await members.getByText('Inactive').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown code shows the not-found page', async () => {
    const { page, close } = await newPage(journey.browser, `${journey.shop.url}/NOSUCHCODE9`, {
      viewport: { width: 1280, height: 800 },
    });
    await passAgeGate(page);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('leafcup.referral_code'))).toBeNull();
    await close();
  });
});
