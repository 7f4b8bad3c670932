import { addTranslations } from '@/lib/i18n/i18n';

/** Strings of the account pieces several screens show (contact fields, password confirmation, an address). */
export const en = {
  nickname: 'Nickname',
  email: 'Email',
  phone: 'Phone Number',
  somethingWrong: 'Something went wrong, please try again',
  countries: { PH: 'Philippines', CN: 'China' },
};

export const zh: typeof en = {
  nickname: '昵称',
  email: '邮箱',
  phone: '手机号码',
  somethingWrong: '出了点问题，请重试',
  countries: { PH: '菲律宾', CN: '中国' },
};

addTranslations('user', { en, zh });
