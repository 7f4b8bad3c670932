import type { Page } from 'playwright-core';
import { newPage } from './harness';
import { shopJourney } from './support/back-office';

// Accounts in a real browser against the real server: register with every validation message shown and
// then fixed, a taken e-mail refused at its field, log out, log back in by phone, the profile shows the user.
describe('accounts journey', () => {
  const journey = shopJourney();

  /** The message at a field: the element its input names in aria-describedby with role=alert ('' when none). */
  const fieldError = (page: Page, label: string) =>
    page.getByLabel(label, { exact: true }).evaluate((input) => {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      const alert = ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert');
      return alert?.textContent ?? '';
    });

  const fill = async (page: Page, label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);

  it('registers (each validation message shown, then fixed), logs out, and logs back in by phone', async () => {
    const { page, errors, close } = await newPage(journey.browser, `${journey.shop.url}/login`, {
      viewport: { width: 1280, height: 900 },
    });
    await page.getByRole('button', { name: 'Yes', exact: true }).click();

    // No header or footer on /login.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Register' }).click();
    const submit = page.getByRole('button', { name: 'Create account' });
    await submit.click();
    await page.getByText('Please enter nickname, email, phone number, password, confirm password').waitFor();
    expect(await fieldError(page, 'Nickname')).toBe('Nickname must not be empty');
    expect(await fieldError(page, 'Email')).toBe('Email must not be empty');
    expect(await fieldError(page, 'Phone Number')).toBe('Phone Number must not be empty');
    expect(await fieldError(page, 'Password')).toBe('Password must not be empty');
    expect(await fieldError(page, 'Confirm Password')).toBe('Confirm Password must not be empty');

    await fill(page, 'Nickname', 'Mei Lin');
    await fill(page, 'Email', 'mei.example.com');
    await fill(page, 'Phone Number', 'call me');
    await fill(page, 'Password', 'abc');
    await fill(page, 'Confirm Password', 'abd');
    await submit.click();
    expect(await fieldError(page, 'Nickname')).toBe('');
    expect(await fieldError(page, 'Email')).toBe('Invalid email format');
    expect(await fieldError(page, 'Phone Number')).toBe('Invalid phone number format');
    expect(await fieldError(page, 'Password')).toBe('Password must be at least 6 characters');
    expect(await fieldError(page, 'Confirm Password')).toBe('Confirm Password must be at least 6 characters');

    await fill(page, 'Email', 'mei.lin@example.com');
    await fill(page, 'Phone Number', '+63 917 555 0101');
    await fill(page, 'Password', 'secret1');
    await fill(page, 'Confirm Password', 'secret2');
    expect(await fieldError(page, 'Email')).toBe('');
    expect(await fieldError(page, 'Phone Number')).toBe('');
    expect(await fieldError(page, 'Password')).toBe('');
    expect(await fieldError(page, 'Confirm Password')).toBe('Passwords do not match');
    await fill(page, 'Confirm Password', 'secret1');
    expect(await fieldError(page, 'Confirm Password')).toBe('');

    await submit.click();
    await page.waitForURL(`${journey.shop.url}/`);
    const acct = page.getByRole('button', { name: 'Acct' });
    await acct.waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null')).toMatchObject({
      nickname: 'Mei Lin',
      email: 'mei.lin@example.com',
      phone: '+639175550101',
    });

    // Log out from the account menu: storage cleared, the Login link is back.
    await acct.click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    // Back in, by phone number written differently.
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/login$/);
    // All storage went, the age-gate flag too (docs/product.md §2): it asks again.
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await fill(page, 'Email / Phone Number', '+639175550101');
    await fill(page, 'Password', 'wrong-one');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Wrong email/phone or password').waitFor();
    await fill(page, 'Password', 'secret1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${journey.shop.url}/`);
    await page.getByRole('button', { name: 'Acct' }).waitFor();

    // The profile shows the user's details.
    await page.goto(`${journey.shop.url}/profile`);
    expect(await page.getByLabel('Nickname', { exact: true }).inputValue()).toBe('Mei Lin');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('mei.lin@example.com');
    await page.getByText('Not linked', { exact: true }).waitFor();

    await page.waitForLoadState('networkidle');
    // The browser logs the one refused login (422, wrong password) as a failed resource; nothing else.
    expect(errors).toEqual([
      'console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
    await close();

    // Someone else cannot take the same e-mail: refused at the field, in the server's words.
    const other = await newPage(journey.browser, `${journey.shop.url}/login`, {
      viewport: { width: 390, height: 844 },
    });
    await other.page.getByRole('button', { name: 'Yes', exact: true }).click();
    await other.page.getByRole('tab', { name: 'Register' }).click();
    await fill(other.page, 'Nickname', 'Copycat');
    await fill(other.page, 'Email', 'MEI.LIN@example.com');
    await fill(other.page, 'Phone Number', '+639175550102');
    await fill(other.page, 'Password', 'secret1');
    await fill(other.page, 'Confirm Password', 'secret1');
    await other.page.getByRole('button', { name: 'Create account' }).click();
    await other.page.getByText('This email is already registered').first().waitFor();
    expect(await fieldError(other.page, 'Email')).toBe('This email is already registered');
    expect(other.page.url()).toContain('/login');
    await other.close();
  });
});
