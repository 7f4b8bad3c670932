import { fill } from './fill';
import type { MailTemplate } from './index';
import { Layout, MailText } from './Layout';
import { renderMail } from './render';

// To the shop's owners: a scheduled backup failed (backups/schedule.ts, docs/decisions/042). Sent once per failing
// streak; the back office's dashboard shows the last good backup.

const strings = {
  en: {
    subject: 'Leaf & Cup: the scheduled backup failed',
    heading: 'The scheduled backup failed',
    body: 'The backup due at {{at}} (UTC) was not written:',
    next: 'The shop keeps trying at each scheduled time. You will not be told again until a backup succeeds; the dashboard shows the last good one.',
    open: 'Open the dashboard',
  },
  zh: {
    subject: 'Leaf & Cup：定时备份失败',
    heading: '定时备份失败',
    body: '应于 {{at}}（UTC）进行的备份未能写入：',
    next: '商店会在每个预定时间继续尝试。在备份成功之前不会再次通知您；仪表盘显示最近一次成功的备份。',
    open: '打开仪表盘',
  },
} as const;

export const backupFailedMail: MailTemplate<'backup_failed'> = async (ctx, params) => {
  const s = strings[ctx.lang];
  const body = await renderMail(
    <Layout
      lang={ctx.lang}
      shopUrl={ctx.shopUrl}
      preview={s.heading}
      heading={s.heading}
      action={{ label: s.open, href: `${ctx.shopUrl}/admin` }}
      reason="owner"
    >
      <MailText>{fill(s.body, { at: params.at.slice(0, 16).replace('T', ' ') })}</MailText>
      <MailText>{params.error}</MailText>
      <MailText>{s.next}</MailText>
    </Layout>,
  );
  return { subject: s.subject, ...body };
};
