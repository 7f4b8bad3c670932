import { addTranslations } from '@/lib/i18n/i18n';

/** "Download my data" on the profile (docs/decisions/051); namespace `profile-data`. */
export const en = {
  title: 'Your data',
  intro:
    'Get a copy of everything we keep about you — your account, addresses, orders, rewards and the files you sent us — in one ZIP file.',
  request: 'Download my data',
  preparing: 'Preparing…',
  preparingHint: 'We will tell you when it is ready. This usually takes a minute.',
  download: 'Download, until {{until}}',
  sendToChat: 'Send the link to my Telegram chat',
  telegramHint: 'Telegram may not save files from here: open it in the browser, or have the bot send you the link.',
  expired: 'Your last copy has expired.',
  failed: 'We could not prepare your copy. Please ask again.',
  left: 'You can ask {{count}} more times today.',
  noneLeft: 'You have asked {{max}} times today; you can ask again tomorrow.',
  somethingWrong: 'Something went wrong, please try again',
};

export const zh: typeof en = {
  title: '您的数据',
  intro: '获取我们保存的关于您的全部数据副本——账户、地址、订单、奖励以及您发送给我们的文件——打包为一个 ZIP 文件。',
  request: '下载我的数据',
  preparing: '正在准备…',
  preparingHint: '准备好后我们会通知您，通常需要约一分钟。',
  download: '下载（有效期至 {{until}}）',
  sendToChat: '将链接发送到我的 Telegram 聊天',
  telegramHint: 'Telegram 可能无法在此保存文件：请在浏览器中打开，或让机器人把链接发送给您。',
  expired: '您上次的副本已过期。',
  failed: '我们未能准备您的副本，请重新申请。',
  left: '今天您还可以申请 {{count}} 次。',
  noneLeft: '您今天已申请 {{max}} 次，明天可以再次申请。',
  somethingWrong: '出了点问题，请重试',
};

addTranslations('profile-data', { en, zh });
