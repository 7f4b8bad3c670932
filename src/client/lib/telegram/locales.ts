import { addTranslations } from '../i18n/i18n';

/** Texts of the Telegram parts: linking, invoices. Namespace `telegram` (the MainButton's labels: main-button-locales.ts). */
export const en = {
  // /login_be
  loginBeTitle: 'Log in to link Telegram',
  loginBeIntro:
    'Log in or register: your account will then be linked to this Telegram account, so the shop logs you in here automatically and the bot tells you about your orders.',
  loginBeOutside:
    'You opened this link outside Telegram, so your account will not be linked to Telegram: you can log in here and continue. To link, open the link from the bot in Telegram.',
  loginBeOtherUser:
    'This link was made for a different Telegram account than the one you are using, so it cannot be linked here.',
  loggedInNotLinked: 'Logged in. Telegram was not linked because the shop is open outside Telegram.',
  loggedInAs: 'You are logged in as {{nickname}}.',
  continueAndLink: 'Link Telegram and continue',
  continueOnly: 'Continue',
  useAnotherAccount: 'Log in with another account',
  linking: 'Linking Telegram…',
  linkRefusedTitle: 'Telegram was not linked',
  // profile
  telegramSection: 'Telegram',
  linkTelegram: 'Link Telegram',
  linkTelegramHint: 'Link this account to the Telegram account you are using now.',
  relinkTelegramHint: 'Link this account to the Telegram account you are using now instead.',
  openInTelegramToLink: 'To link Telegram, open the shop from our bot in Telegram and use Link Telegram here.',
  // confirming a link or an unlink (docs/decisions/001): whom, what it replaces, and the password
  linkingWho: 'You are linking Telegram user {{who}}.',
  linkReplaces: 'This account is linked to Telegram user {{current}} now: linking replaces that link.',
  linkTakenByOther: 'This Telegram user is already linked to another account, so it cannot be linked to this one.',
  linkPasswordHint: 'Enter your password to confirm.',
  accountPassword: 'Your account password',
  replaceLink: 'Replace the link',
  checkingTelegramUser: 'Checking your Telegram account…',
  unlinkTelegram: 'Unlink Telegram',
  unlinkHint: 'Enter your password to unlink {{who}} from this account.',
  unlinkConfirm: 'Unlink',
  cancel: 'Cancel',
  loginBeReplaces: 'This account is linked to Telegram user {{current}} now. Linking replaces that link with {{who}}.',
  replaceAndContinue: 'Replace the link and continue',
  continueWithoutLinking: 'Continue without linking',
  // invoices (payment link inside Telegram)
  paymentPaid: 'Payment received. The order shows Paid as soon as Telegram confirms it.',
  paymentCancelled: 'Payment cancelled. The order stays Pending: you can pay it later from your orders.',
  paymentFailed: 'The payment did not go through. The order stays Pending: please try again.',
  paymentPending: 'The payment is being processed. The order shows Paid once it is confirmed.',
};

export const zh: typeof en = {
  loginBeTitle: '登录以绑定 Telegram',
  loginBeIntro: '请登录或注册：您的账户随后会与此 Telegram 账号绑定，之后在这里会自动登录，机器人也会通知您订单动态。',
  loginBeOutside:
    '您在 Telegram 之外打开了此链接，因此您的账户不会与 Telegram 绑定：您可以在这里登录并继续。如需绑定，请在 Telegram 中从机器人打开此链接。',
  loginBeOtherUser: '此链接是为另一个 Telegram 账号生成的，与您当前使用的账号不同，因此无法在这里绑定。',
  loggedInNotLinked: '已登录。由于商店是在 Telegram 之外打开的，未绑定 Telegram。',
  loggedInAs: '您已登录为 {{nickname}}。',
  continueAndLink: '绑定 Telegram 并继续',
  continueOnly: '继续',
  useAnotherAccount: '使用其他账户登录',
  linking: '正在绑定 Telegram…',
  linkRefusedTitle: 'Telegram 未绑定',
  telegramSection: 'Telegram',
  linkTelegram: '绑定 Telegram',
  linkTelegramHint: '将此账户与您当前使用的 Telegram 账号绑定。',
  relinkTelegramHint: '改为将此账户与您当前使用的 Telegram 账号绑定。',
  openInTelegramToLink: '如需绑定 Telegram，请在 Telegram 中从我们的机器人打开商店，然后在这里点击“绑定 Telegram”。',
  linkingWho: '您正在绑定 Telegram 用户 {{who}}。',
  linkReplaces: '此账户目前绑定的是 Telegram 用户 {{current}}：绑定后将替换该绑定。',
  linkTakenByOther: '此 Telegram 用户已绑定到其他账户，因此无法绑定到此账户。',
  linkPasswordHint: '请输入密码以确认。',
  accountPassword: '您的账户密码',
  replaceLink: '替换绑定',
  checkingTelegramUser: '正在确认您的 Telegram 账号…',
  unlinkTelegram: '解除 Telegram 绑定',
  unlinkHint: '请输入密码，以解除 {{who}} 与此账户的绑定。',
  unlinkConfirm: '解除绑定',
  cancel: '取消',
  loginBeReplaces: '此账户目前绑定的是 Telegram 用户 {{current}}。绑定后将以 {{who}} 替换该绑定。',
  replaceAndContinue: '替换绑定并继续',
  continueWithoutLinking: '不绑定，继续',
  paymentPaid: '已收到付款。Telegram 确认后，订单将显示为已付款。',
  paymentCancelled: '付款已取消。订单仍为待付款：您可以稍后在订单中付款。',
  paymentFailed: '付款未成功。订单仍为待付款：请重试。',
  paymentPending: '付款正在处理中。确认后订单将显示为已付款。',
};

addTranslations('telegram', { en, zh });
