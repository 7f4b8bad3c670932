import { addTranslations } from '../i18n/i18n';

/** Strings of the API helpers (namespace `api`): what a request that never got the server's answer shows. */
export const en = {
  requestFailed: 'That did not go through. Check your connection and try again.',
};

export const zh: typeof en = {
  requestFailed: '操作未能完成，请检查网络后重试。',
};

addTranslations('api', { en, zh });
