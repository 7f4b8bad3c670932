import { addTranslations } from '@/lib/i18n/i18n';

/** Strings of the information pages (/about, /faq, /shipping-policy, /terms-of-service, /privacy-policy). */
export const en = {
  loading: 'Loading…',
  loadFailed: 'Could not load this page. Check your connection and try again.',
  retry: 'Try again',
  updated: 'Last updated {{date}}',
  faq: {
    title: 'Frequently Asked Questions',
    intro: 'Tap a question to see its answer.',
    empty: 'There are no questions yet.',
  },
};

export const zh: typeof en = {
  loading: '加载中…',
  loadFailed: '页面加载失败，请检查网络后重试。',
  retry: '重试',
  updated: '最后更新于 {{date}}',
  faq: {
    title: '常见问题',
    intro: '点击问题查看答案。',
    empty: '暂无常见问题。',
  },
};

addTranslations('info', { en, zh });
