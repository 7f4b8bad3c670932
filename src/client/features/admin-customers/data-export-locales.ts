import { addTranslations } from '@/lib/i18n/i18n';

/** The owner's copy of a customer's data (docs/decisions/051); namespace `admin-customer-data`. */
export const en = {
  title: 'Copy of their data',
  intro:
    'One ZIP file with everything the shop keeps about this customer and the files they sent. Asking for it is recorded in the audit log.',
  make: 'Make a copy',
  requested: 'The copy is being prepared',
  preparing: 'Preparing…',
  download: 'Download, until {{until}}',
  downloaded: 'Copy downloaded',
  expired: 'The last copy has expired.',
  failed: 'The last copy could not be made.',
};

export const zh: typeof en = {
  title: '客户数据副本',
  intro: '一个 ZIP 文件，包含商店保存的关于该客户的全部数据及其发送的文件。申请操作会记入审计日志。',
  make: '生成副本',
  requested: '正在准备副本',
  preparing: '正在准备…',
  download: '下载（有效期至 {{until}}）',
  downloaded: '副本已下载',
  expired: '上次的副本已过期。',
  failed: '上次的副本未能生成。',
};

addTranslations('admin-customer-data', { en, zh });
