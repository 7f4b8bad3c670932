import { addTranslations } from '@/lib/i18n/i18n';

/** Strings of the account pieces several screens show (contact fields, password confirmation, an address). */
export const en = {
  nickname: 'Nickname',
  email: 'Email',
  phone: 'Phone Number',
  somethingWrong: 'Something went wrong, please try again',
  countries: { PH: 'Philippines', CN: 'China' },
  // A card saved for Subscribe & save renewals (docs/decisions/040): the profile and each subscription show it.
  savedCardLabel: '{{brand}} •••• {{last4}}',
  removeCard: 'Remove card',
  removeCardOf: 'Remove card {{card}}',
  removeCardHint: 'Removing the card stops automatic charges at once; renewals then wait for you to pay them.',
};

export const zh: typeof en = {
  nickname: '昵称',
  email: '邮箱',
  phone: '手机号码',
  somethingWrong: '出了点问题，请重试',
  countries: { PH: '菲律宾', CN: '中国' },
  savedCardLabel: '{{brand}} •••• {{last4}}',
  removeCard: '移除卡片',
  removeCardOf: '移除卡片 {{card}}',
  removeCardHint: '移除卡片后立即停止自动扣款；之后的续订将等待您手动付款。',
};

addTranslations('user', { en, zh });
