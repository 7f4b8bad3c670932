import type { Lang } from '../../../common/contract/lang';
import type { AccountMailEvent, MailParams } from '../outbox';
import { fill } from './fill';
import type { MailTemplate } from './index';
import { Layout, MailText } from './Layout';
import { renderMail } from './render';

// A change to the account's security, told to its confirmed address as well as through the bot (accounts/notices.ts,
// docs/decisions/031): whoever made the change may hold the Telegram chat, so the mailbox hears of it too.

interface NoticeText {
  subject: string;
  body: string;
}

const strings = {
  en: {
    warning: 'If this was not you, reset your password right away and contact us.',
    action: 'Open my profile',
    events: {
      telegram_linked: {
        subject: 'Your Leaf & Cup account was linked to a Telegram account',
        body: 'Your account was just linked to the Telegram account {{telegramName}}. It now opens the shop in Telegram logged in as you, without a password.',
      },
      telegram_unlinked: {
        subject: 'Your Leaf & Cup account was unlinked from Telegram',
        body: 'Your account was just unlinked from the Telegram account {{telegramName}}.',
      },
      password_changed: {
        subject: 'Your Leaf & Cup password was changed',
        body: 'The password of your account was just changed in your profile, and every other device was logged out.',
      },
      phone_changed: {
        subject: 'The phone number of your Leaf & Cup account was changed',
        body: 'The phone number of your account was just changed.',
      },
      bank_details_changed: {
        subject: 'Your Leaf & Cup payout bank account was changed',
        body: 'The bank account your commissions are paid to was just changed. Payouts you asked for before still go to the account you gave then.',
      },
      login_attempts: {
        subject: 'Many wrong passwords were tried for your Leaf & Cup account',
        body: 'Someone has tried many wrong passwords for your account, so log-ins from new devices are slowed down for a while. Devices you logged in with before are not affected.',
      },
    } satisfies Record<AccountMailEvent, NoticeText>,
  },
  zh: {
    warning: '如果这不是您本人的操作，请立即重置密码并联系我们。',
    action: '打开个人资料',
    events: {
      telegram_linked: {
        subject: '您的 Leaf & Cup 账户已绑定 Telegram 账户',
        body: '您的账户刚刚与 Telegram 账户 {{telegramName}} 绑定。之后在该 Telegram 中打开商店会以您的身份自动登录，无需密码。',
      },
      telegram_unlinked: {
        subject: '您的 Leaf & Cup 账户已解除 Telegram 绑定',
        body: '您的账户刚刚与 Telegram 账户 {{telegramName}} 解除绑定。',
      },
      password_changed: {
        subject: '您的 Leaf & Cup 密码已更改',
        body: '您账户的密码刚刚在个人资料中被更改，其他所有设备均已退出登录。',
      },
      phone_changed: {
        subject: '您 Leaf & Cup 账户的手机号码已更改',
        body: '您账户的手机号码刚刚被更改。',
      },
      bank_details_changed: {
        subject: '您的 Leaf & Cup 佣金收款银行账户已更改',
        body: '您接收佣金的银行账户刚刚被更改。此前已申请的提现仍会付至申请时填写的账户。',
      },
      login_attempts: {
        subject: '有人为您的 Leaf & Cup 账户多次输入了错误密码',
        body: '有人为您的账户多次输入了错误密码，因此新设备的登录会暂时放慢。您以前登录过的设备不受影响。',
      },
    } satisfies Record<AccountMailEvent, NoticeText>,
  },
} satisfies Record<Lang, unknown>;

export const accountNoticeMail: MailTemplate<'account_notice'> = async (ctx, params: MailParams['account_notice']) => {
  const s = strings[ctx.lang];
  const event = s.events[params.event];
  const body = fill(event.body, { telegramName: params.telegramName ?? '-' });
  const rendered = await renderMail(
    <Layout
      lang={ctx.lang}
      shopUrl={ctx.shopUrl}
      preview={body}
      heading={event.subject}
      action={{ label: s.action, href: `${ctx.shopUrl}/profile` }}
    >
      <MailText>{body}</MailText>
      <MailText>{s.warning}</MailText>
    </Layout>,
  );
  return { subject: event.subject, ...rendered };
};
