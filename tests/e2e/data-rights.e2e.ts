import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { fromBufferPromise } from 'yauzl';
import { shopJourney } from './support/back-office';

// A customer's data rights in a real browser against the real server (docs/decisions/050, 051): they ask for a copy of
// their data, the background job makes it, the profile's link downloads a ZIP holding their orders; then they delete
// the account with their password and are logged out; their old log-in fails, and the same e-mail registers again.

/** data.json of a ZIP, read back as a customer's unzip would. */
async function dataJsonOf(zip: Buffer): Promise<{ orders: Array<{ order_no: string }>; profile: { email: string } }> {
  const file = await fromBufferPromise(zip, { lazyEntries: true });
  try {
    for await (const entry of file.eachEntry()) {
      if (entry.fileName !== 'data.json') continue;
      const parts: Buffer[] = [];
      for await (const part of await file.openReadStreamPromise(entry)) parts.push(part as Buffer);
      return JSON.parse(Buffer.concat(parts).toString('utf8'));
    }
  } finally {
    file.close();
  }
  throw new Error('no data.json in the ZIP');
}

describe('data rights journey', () => {
  const journey = shopJourney();
  const fill = (page: Page, label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);

  it('downloads a copy of the data holding the orders, deletes the account, and the e-mail registers again', async () => {
    const { kit } = journey;
    const person = await kit.customer('Dana Data');
    // An order of hers, cancelled: it is in her data, and no open order stands in the way of the deletion.
    const order = await kit.placeTransferOrder(person);
    await kit.ok('/v2/cancel-order', { order_id: order.id }, person.token);

    const { page, errors, close } = await journey.open(person, '/profile');
    await page.getByRole('button', { name: 'Download my data' }).click();
    await page.getByText('Preparing…').waitFor();
    // The job runs every 15 s; the profile reads the state again every 5 s.
    const link = page.getByRole('link', { name: /^Download, until / });
    await link.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^leafcup-data-${person.id}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    const data = await dataJsonOf(await readFile((await download.path())!));
    expect(data.profile.email).toBe(person.email);
    expect(data.orders.map((o) => o.order_no)).toEqual([order.order_no]);

    // Delete the account with the password: logged out, back on the home page.
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    await dialog.getByText('Your past orders stay in our books').waitFor();
    await dialog.getByLabel('Your password').fill(person.password);
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await page.waitForURL(`${journey.shop.url}/`);
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(page.url()).toBe(`${journey.shop.url}/`);

    // The old e-mail and password no longer log in.
    await page.goto(`${journey.shop.url}/login`);
    // Logged out as by Log out: all browser storage went, the age question's answer too.
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await fill(page, 'Email / Phone Number', person.email);
    await fill(page, 'Password', person.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Wrong email/phone or password').waitFor();

    // The same e-mail registers again, as a new account.
    await page.getByRole('tab', { name: 'Register' }).click();
    await fill(page, 'Nickname', 'Dana Again');
    await fill(page, 'Email', person.email);
    await fill(page, 'Phone Number', '+639175550199');
    await fill(page, 'Password', 'another-secret');
    await fill(page, 'Confirm Password', 'another-secret');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${journey.shop.url}/`);
    await page.getByRole('button', { name: 'Acct' }).waitFor();
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null');
    expect(user).toMatchObject({ email: person.email, nickname: 'Dana Again' });
    expect(user.id).not.toBe(person.id);

    // The browser logs the one refused log-in (422); nothing else went wrong.
    expect(errors).toEqual([
      'console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
    await close();
  }, 60_000);
});
