import { describe, expect, it } from 'vitest';
import { backupFailedMail } from '../../../../src/server/mail/templates/backup-failed';
import type { MailContext } from '../../../../src/server/mail/templates/index';

const ctx = (lang: 'en' | 'zh') => ({ lang, shopUrl: 'https://shop.test' }) as unknown as MailContext;

// The owners' e-mail of a failed scheduled backup (docs/decisions/042): when, why, and a link to the dashboard.
describe('the failed backup e-mail', () => {
  it('says when and why, in both languages, with the dashboard link', async () => {
    const params = { error: 'Cannot write /var/backups: the disk is full.', at: '2026-12-07T06:00:00.000Z' };
    const said = {
      en: 'The backup due at 2026-12-07 06:00 (UTC) was not written:',
      zh: '应于 2026-12-07 06:00（UTC）',
    };
    for (const lang of ['en', 'zh'] as const) {
      const mail = await backupFailedMail(ctx(lang), params);
      expect(mail.subject).toMatch(lang === 'en' ? /scheduled backup failed/ : /定时备份失败/);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(said[lang]);
        expect(part).toContain('the disk is full');
        expect(part).toContain('https://shop.test/admin');
      }
    }
  });
});
