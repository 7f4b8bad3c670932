import { addTranslations } from '@/lib/i18n/i18n';

/** The back office's "My alerts" screen (any staff member; namespace `admin-me`). */
export const en = {
  title: 'My alerts',
  intro: 'The shop’s bot can tell you in Telegram when something needs doing.',
  switchLabel: 'Telegram alerts for new orders, receipts, payout requests and low stock',
  on: 'On',
  off: 'Off',
  saved: 'Saved',
  saveFailed: 'Could not save. Check your connection and try again.',
  telegram: 'Telegram',
  linkedBadge: 'Linked',
  notLinkedBadge: 'Not linked',
  linked: 'Alerts come to your chat with the shop’s bot.',
  notLinked: 'Link Telegram from your profile to get alerts',
  openProfile: 'Open profile',
  roleNote: 'You hear of what your role lets you act on: payout requests only with Affiliates.',
  adminCommand: 'In Telegram, send /admin to the shop’s bot to open the back office from the chat.',
};

export const zh: typeof en = {
  title: '我的提醒',
  intro: '有事需要处理时，店铺的机器人可以在 Telegram 中通知您。',
  switchLabel: '新订单、付款凭证、提现申请和库存不足的 Telegram 提醒',
  on: '开',
  off: '关',
  saved: '已保存',
  saveFailed: '无法保存。请检查网络后重试。',
  telegram: 'Telegram',
  linkedBadge: '已绑定',
  notLinkedBadge: '未绑定',
  linked: '提醒会发送到您与店铺机器人的聊天中。',
  notLinked: '请在个人资料中绑定 Telegram 以接收提醒',
  openProfile: '打开个人资料',
  roleNote: '您只会收到角色允许您处理的提醒：提现申请仅限有推广权限的员工。',
  adminCommand: '在 Telegram 中向店铺机器人发送 /admin，即可在聊天中打开后台。',
};

addTranslations('admin-me', { en, zh });
