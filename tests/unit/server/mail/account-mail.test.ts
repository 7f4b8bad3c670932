import { describe, expect, it } from 'vitest';
import { maskAddress } from '../../../../src/server/mail/policy';
import { emailChangedMail } from '../../../../src/server/mail/templates/account-mail';
import type { MailContext } from '../../../../src/server/mail/templates/index';

// The notice to the old address names the new one masked (a***@e***.com), in the HTML and the plain text, in both
// languages: the old address may no longer be the customer's own. `$&` or `$'` are not replacement patterns.

const ctx = (lang: 'en' | 'zh') => ({ lang, shopUrl: 'https://shop.test' }) as unknown as MailContext;

describe('the e-mail changed notice', () => {
  it('names the new address masked, in the HTML and the text, in both languages', async () => {
    const newAddress = 'new.person@example.com';
    const said = { en: 'was changed to n***@e***.com.', zh: '已更改为 n***@e***.com。' };
    for (const lang of ['en', 'zh'] as const) {
      const mail = await emailChangedMail(ctx(lang), { newAddress });
      expect(mail.text).toContain(said[lang]);
      expect(mail.html).toContain(said[lang]);
      for (const part of [mail.text, mail.html, mail.subject]) {
        expect(part).not.toContain('new.person');
        expect(part).not.toContain('example.com');
        expect(part).not.toContain('{{address}}');
      }
    }
  });

  it('keeps a $ in the address literally (not a replacement pattern)', async () => {
    const mail = await emailChangedMail(ctx('en'), { newAddress: "$&b$'c@example.com" });
    expect(mail.text).toContain('was changed to $***@e***.com.');
  });
});

describe('maskAddress', () => {
  it.each([
    ['ann@example.com', 'a***@example.com', 'a***@e***.com'],
    ['ann@mail.example.co.uk', 'a***@mail.example.co.uk', 'a***@m***.uk'],
    ['😀x@例子.中国', '😀***@例子.中国', '😀***@例***.中国'],
    ['a@localhost', 'a***@localhost', 'a***@***'],
    ['@example.com', '***', '***'],
    ['no-at-sign', '***', '***'],
  ])('%s → %s, with the domain %s', (address, plain, withDomain) => {
    expect(maskAddress(address)).toBe(plain);
    expect(maskAddress(address, { domain: true })).toBe(withDomain);
  });
});
