import type { Page } from 'playwright-core';
import { newPage } from './harness';
import { shopJourney } from './support/back-office';

// Forgot password in a real browser against the real server and a real SMTP server (docs/decisions/016): an account
// (its address confirmed through the welcome e-mail) asks for a link from the login screen, the e-mail arrives, the
// link sets a new password; the new one logs in, the old one does not, and the link works once. An unknown address gets
// the same answer.

const SAME_ANSWER = 'If an account exists for that address, we have sent a link to reset the password.';

describe('password reset journey', () => {
  const journey = shopJourney({ mail: true });
  // The shop's API as a customer calls it.
  const { call } = journey.kit;

  /** The shop path of the link in an e-mail's text ("/reset-password/…"), whatever the shop's origin. */
  const pathIn = (text: string, prefix: string) => {
    const match = text.match(new RegExp(`https?://[^\\s\\]]+(${prefix}[A-Za-z0-9_-]+)`));
    if (!match) throw new Error(`no ${prefix} link in: ${text}`);
    return match[1]!;
  };
  const fill = (page: Page, label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);

  const logIn = async (page: Page, login: string, password: string) => {
    await page.goto(`${journey.shop.url}/login`);
    await fill(page, 'Email / Phone Number', login);
    await fill(page, 'Password', password);
    await page.getByRole('button', { name: 'Log in' }).click();
  };

  it('forgot password → e-mail → link → the new password logs in, the old one does not, the link works once', async () => {
    const email = 'ann.reset@example.com';
    // An account, opened through the API as the register form does; its welcome e-mail confirms the address.
    const res = await call('/v1/user-register', {
      nickname: 'Ann',
      email,
      phone: '+639175550177',
      password: 'old-secret',
      confirm_password: 'old-secret',
    });
    expect(res.status).toBe(200);
    const welcome = await journey.smtp.waitFor((m) => m.to === email && m.subject.includes('confirm'), 20_000);

    const { page, close } = await newPage(
      journey.browser,
      `${journey.shop.url}${pathIn(welcome.text, '/confirm-email/')}`,
    );
    await page.getByText(`Thank you! ${email} is confirmed.`).waitFor();

    // From the login screen.
    await page.goto(`${journey.shop.url}/login`);
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await fill(page, 'Email', email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(SAME_ANSWER).waitFor();

    const mail = await journey.smtp.waitFor(
      (m) => m.to === email && m.subject === 'Reset your Leaf & Cup password',
      20_000,
    );
    const link = pathIn(mail.text, '/reset-password/');
    await page.goto(`${journey.shop.url}${link}`);
    await fill(page, 'New Password', 'new-secret');
    await fill(page, 'Confirm Password', 'new-secret');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password has been changed. Please log in with your new password.').waitFor();

    await logIn(page, email, 'old-secret');
    await page.getByText('Wrong email/phone or password').waitFor();
    await logIn(page, email, 'new-secret');
    await page.waitForURL(`${journey.shop.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // The link a second time: refused, with a way to ask again.
    await page.goto(`${journey.shop.url}${link}`);
    await fill(page, 'New Password', 'third-secret');
    await fill(page, 'Confirm Password', 'third-secret');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('This link has expired or has already been used. Please ask for a new one.').waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    // The customer was told by e-mail.
    await journey.smtp.waitFor((m) => m.to === email && m.subject === 'Your Leaf & Cup password was changed', 20_000);
    await close();
  });

  it('an unknown address gets the same answer, and no e-mail', async () => {
    const { page, close } = await newPage(journey.browser, `${journey.shop.url}/forgot-password`);
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await fill(page, 'Email', 'nobody.here@example.com');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(SAME_ANSWER).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(journey.smtp.messages.filter((m) => m.to === 'nobody.here@example.com')).toEqual([]);
    await close();
  });
});
