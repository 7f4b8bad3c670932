import { addTranslations } from '../../i18n/i18n';

/**
 * Strings of the back office's shared UI parts (namespace `admin-ui`): reordering buttons and the "not found" of a
 * bad address. Apart from lib/ui/locales.ts, which the shop's first load carries: these travel only in the back
 * office's chunks.
 */
export const en = {
  move: {
    up: 'Move “{{name}}” up',
    down: 'Move “{{name}}” down',
    moved: '“{{name}}” is now {{position}} of {{total}}',
  },
  notFound: 'There is no such page in the back office.',
  notFoundTitle: 'Page not found',
  notFoundBack: 'Back to the dashboard',
};

export const zh: typeof en = {
  move: {
    up: '将“{{name}}”上移',
    down: '将“{{name}}”下移',
    moved: '“{{name}}”现在是第 {{position}} 个，共 {{total}} 个',
  },
  notFound: '后台没有这个页面。',
  notFoundTitle: '页面不存在',
  notFoundBack: '返回仪表盘',
};

addTranslations('admin-ui', { en, zh });
