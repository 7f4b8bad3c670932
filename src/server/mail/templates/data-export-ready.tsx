import { readyLink } from '../../data-export/service';
import { UnsendableMailError } from './errors';
import { fill } from './fill';
import type { MailTemplate } from './index';
import { Layout, MailText } from './Layout';
import { renderMail } from './render';

// The copy of their data a customer asked for is ready (data-export/notify.ts, docs/decisions/051): the signed link,
// made now from the copy's id (the outbox never holds it), and until when it works.

const strings = {
  en: {
    subject: 'Your Leaf & Cup data is ready to download',
    heading: 'Your copy is ready',
    body: 'The copy of your data you asked for is ready: one ZIP file with your account, orders, rewards and the files you sent us.',
    until:
      'The link works until {{until}} (UTC); then the file is deleted and you can ask for a new copy on your profile page.',
    notYou: 'If you did not ask for it, change your password and contact us.',
    download: 'Download my data',
  },
  zh: {
    subject: '您在 Leaf & Cup 的数据已可下载',
    heading: '您的数据副本已准备好',
    body: '您申请的数据副本已准备好：一个 ZIP 文件，包含您的账户、订单、奖励以及您发送给我们的文件。',
    until: '链接有效期至 {{until}}（UTC）；之后文件将被删除，您可在个人资料页面重新申请。',
    notYou: '如果不是您本人申请，请修改密码并联系我们。',
    download: '下载我的数据',
  },
} as const;

/** "2026-12-09 14:05": the expiry as the message shows it, in UTC (said so beside it). */
export const untilText = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

export const dataExportReadyMail: MailTemplate<'data_export_ready'> = async (ctx, params) => {
  const link = await readyLink({ db: ctx.db, clock: () => new Date() }, params.exportId);
  if (!link) throw new UnsendableMailError(`copy ${params.exportId} is no longer ready`);
  const s = strings[ctx.lang];
  const until = fill(s.until, { until: untilText(link.expiresAt) });
  const body = await renderMail(
    <Layout
      lang={ctx.lang}
      shopUrl={ctx.shopUrl}
      preview={s.body}
      heading={s.heading}
      action={{ label: s.download, href: `${ctx.shopUrl}${link.path}` }}
    >
      <MailText>{s.body}</MailText>
      <MailText>{until}</MailText>
      <MailText>{s.notYou}</MailText>
    </Layout>,
  );
  return { subject: s.subject, ...body };
};
