import type { Lang } from '../../../common/contract/lang';
import type { MailParams } from '../outbox';
import { maskAddress } from '../policy';
import { fill } from './fill';
import type { MailContext, MailTemplate, RenderedMail } from './index';
import { Layout, MailText } from './Layout';
import { renderMail } from './render';

// The account's messages (docs/decisions/016): confirm the address (welcome, or after a change), the password reset
// link, the notice that the password was reset, and the notice to an old address. Links are stored as paths
// (`/reset-password/…`) and made absolute with the shop's URL here.

const strings = {
  en: {
    confirmSubject: 'Welcome to Leaf & Cup: please confirm your e-mail address',
    confirmChangedSubject: 'Please confirm your new e-mail address',
    confirmHeading: 'Welcome to Leaf & Cup',
    confirmChangedHeading: 'Confirm your new e-mail address',
    confirmBody: 'Thank you for creating an account. Please confirm that this address is yours:',
    confirmChangedBody: 'This address was just given for your Leaf & Cup account. Please confirm that it is yours:',
    confirmAction: 'Confirm my e-mail address',
    confirmValid: 'The link works for 7 days. If you did not ask for this, you can ignore this e-mail.',
    resetSubject: 'Reset your Leaf & Cup password',
    resetHeading: 'Reset your password',
    resetBody: 'Someone (we hope you) asked to reset the password of your Leaf & Cup account. Choose a new one here:',
    resetAction: 'Choose a new password',
    resetValid:
      'The link works once, for 30 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    wasResetSubject: 'Your Leaf & Cup password was changed',
    wasResetHeading: 'Your password was changed',
    wasResetBody:
      'The password of your Leaf & Cup account was just reset with a link sent to this address, and every device was logged out. Any link to a Telegram account was removed too: log in with the new password to link it again.',
    wasResetWarning: 'If this was not you, reset your password again right away and contact us.',
    wasResetAction: 'Log in',
    changedSubject: 'The e-mail address of your Leaf & Cup account was changed',
    changedHeading: 'Your e-mail address was changed',
    changedBody:
      'The e-mail address of your Leaf & Cup account was changed to {{address}}. We will write there from now on.',
    changedWarning: 'If this was not you, contact us right away.',
  },
  zh: {
    confirmSubject: '欢迎来到 Leaf & Cup：请确认您的邮箱地址',
    confirmChangedSubject: '请确认您的新邮箱地址',
    confirmHeading: '欢迎来到 Leaf & Cup',
    confirmChangedHeading: '确认您的新邮箱地址',
    confirmBody: '感谢您注册账户。请确认此邮箱地址属于您：',
    confirmChangedBody: '此地址刚被设置为您 Leaf & Cup 账户的邮箱。请确认它属于您：',
    confirmAction: '确认我的邮箱地址',
    confirmValid: '链接 7 天内有效。如果这不是您本人的操作，请忽略此邮件。',
    resetSubject: '重置您的 Leaf & Cup 密码',
    resetHeading: '重置密码',
    resetBody: '有人（希望是您）申请重置您 Leaf & Cup 账户的密码。请在这里设置新密码：',
    resetAction: '设置新密码',
    resetValid: '链接只能使用一次，30 分钟内有效。如果不是您本人申请，请忽略此邮件，您的密码不会改变。',
    wasResetSubject: '您的 Leaf & Cup 密码已更改',
    wasResetHeading: '您的密码已更改',
    wasResetBody:
      '您 Leaf & Cup 账户的密码刚刚通过发送到此地址的链接重置，所有设备均已退出登录。与 Telegram 账户的绑定也已解除：请用新密码登录后重新绑定。',
    wasResetWarning: '如果这不是您本人的操作，请立即再次重置密码并联系我们。',
    wasResetAction: '登录',
    changedSubject: '您 Leaf & Cup 账户的邮箱地址已更改',
    changedHeading: '您的邮箱地址已更改',
    changedBody: '您 Leaf & Cup 账户的邮箱地址已更改为 {{address}}。今后我们将发送邮件至该地址。',
    changedWarning: '如果这不是您本人的操作，请立即联系我们。',
  },
} satisfies Record<Lang, Record<string, string>>;

const textOf = (lang: Lang) => strings[lang];
const absolute = (ctx: MailContext, path: string): string => `${ctx.shopUrl}${path.startsWith('/') ? '' : '/'}${path}`;

async function build(
  ctx: MailContext,
  subject: string,
  layout: { heading: string; action?: { label: string; href: string }; reason?: 'account' | 'address' },
  paragraphs: string[],
): Promise<RenderedMail> {
  const body = await renderMail(
    <Layout lang={ctx.lang} shopUrl={ctx.shopUrl} preview={paragraphs[0] ?? subject} {...layout}>
      {paragraphs.map((p) => (
        <MailText key={p}>{p}</MailText>
      ))}
    </Layout>,
  );
  return { subject, ...body };
}

export const confirmEmailMail: MailTemplate<'confirm_email'> = (ctx, params: MailParams['confirm_email']) => {
  const s = textOf(ctx.lang);
  return build(
    ctx,
    params.changed ? s.confirmChangedSubject : s.confirmSubject,
    {
      heading: params.changed ? s.confirmChangedHeading : s.confirmHeading,
      action: { label: s.confirmAction, href: absolute(ctx, params.link) },
      reason: 'address',
    },
    [params.changed ? s.confirmChangedBody : s.confirmBody, s.confirmValid],
  );
};

export const passwordResetMail: MailTemplate<'password_reset'> = (ctx, params) => {
  const s = textOf(ctx.lang);
  return build(
    ctx,
    s.resetSubject,
    { heading: s.resetHeading, action: { label: s.resetAction, href: absolute(ctx, params.link) } },
    [s.resetBody, s.resetValid],
  );
};

export const passwordWasResetMail: MailTemplate<'password_was_reset'> = (ctx) => {
  const s = textOf(ctx.lang);
  return build(
    ctx,
    s.wasResetSubject,
    { heading: s.wasResetHeading, action: { label: s.wasResetAction, href: absolute(ctx, '/login') } },
    [s.wasResetBody, s.wasResetWarning],
  );
};

export const emailChangedMail: MailTemplate<'email_changed'> = (ctx, params) => {
  const s = textOf(ctx.lang);
  return build(ctx, s.changedSubject, { heading: s.changedHeading, reason: 'address' }, [
    // The new address masked (a***@e***.com): the old address may no longer be the customer's own.
    fill(s.changedBody, { address: maskAddress(params.newAddress, { domain: true }) }),
    s.changedWarning,
  ]);
};
