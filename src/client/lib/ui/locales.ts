import { addTranslations } from '../i18n/i18n';

/** Strings of the shared UI parts (lists and tables, copy field, form fields), used by several features. */
export const en = {
  copied: 'Copied to clipboard',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  list: {
    loadMore: 'Load more',
    loading: 'Loading…',
    loadFailed: 'Could not load this. Check your connection and try again.',
    retry: 'Try again',
  },
};

export const zh: typeof en = {
  copied: '已复制到剪贴板',
  showPassword: '显示密码',
  hidePassword: '隐藏密码',
  list: {
    loadMore: '加载更多',
    loading: '加载中…',
    loadFailed: '加载失败，请检查网络后重试。',
    retry: '重试',
  },
};

addTranslations('ui', { en, zh });
