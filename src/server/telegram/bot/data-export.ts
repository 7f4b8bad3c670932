import { InlineKeyboard } from 'grammy';
import type { Lang } from '../../../common/contract/lang';
import { readyLink } from '../../data-export/service';
import type { Db } from '../../db/connection';
import type { ShopLinks } from './links';

// The copy of their data a customer asked for is ready (data-export/notify.ts, docs/decisions/051). The button is a
// plain link, never a Mini App button: the file downloads in the browser Telegram opens, which a web view may not do.

const texts = {
  en: {
    ready:
      'Your copy of your Leaf & Cup data is ready. The link works until {{until}} (UTC); then the file is deleted.',
    download: 'Download my data',
  },
  zh: {
    ready: '您的 Leaf & Cup 数据副本已准备好。链接有效期至 {{until}}（UTC），之后文件将被删除。',
    download: '下载我的数据',
  },
} as const;

/** The message with its download button, or why it is skipped (the copy expired, or no PUBLIC_URL to link to). */
export async function dataExportReadyMessage(
  db: Db,
  lang: Lang,
  params: Record<string, string>,
  links: ShopLinks,
): Promise<{ text: string; keyboard: InlineKeyboard } | { skip: string }> {
  const exportId = Number(params.exportId);
  const link = Number.isSafeInteger(exportId) ? await readyLink({ db, clock: () => new Date() }, exportId) : null;
  if (!link) return { skip: 'skipped: the copy is no longer ready' };
  const url = links.url(link.path);
  if (!url) return { skip: 'skipped: no PUBLIC_URL to link to' };
  const until = `${link.expiresAt.slice(0, 10)} ${link.expiresAt.slice(11, 16)}`;
  return {
    text: texts[lang].ready.replace('{{until}}', until),
    keyboard: new InlineKeyboard().url(texts[lang].download, url),
  };
}
