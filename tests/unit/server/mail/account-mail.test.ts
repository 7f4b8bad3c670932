import { describe, expect, it } from 'vitest';
import { emailChangedMail } from '../../../../src/server/mail/templates/account-mail';
import type { MailContext } from '../../../../src/server/mail/templates/index';

// The notice to the old address names the new one as it is: `$&` or `$'` in an address are not replacement patterns.

const ctx = (lang: 'en' | 'zh') => ({ lang, shopUrl: 'https://shop.test' }) as unknown as MailContext;

describe('the e-mail changed notice', () => {
  it("names an address holding $& and $' literally, in both languages", async () => {
    const newAddress = "a$&b$'c@example.com";
    for (const lang of ['en', 'zh'] as const) {
      const mail = await emailChangedMail(ctx(lang), { newAddress });
      expect(mail.text).toContain(newAddress);
      expect(mail.text).not.toContain('{{address}}');
    }
  });
});
