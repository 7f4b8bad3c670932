import { addTranslations } from '@/lib/i18n/i18n';

/** An order's exchange requests on its back-office page (docs/decisions/020; namespace `admin-order-exchanges`). */
export const en = {
  title: 'Exchanges',
  line: '{{name}} ({{variant}}) × {{quantity}}',
  status: { requested: 'Requested', approved: 'Approved', declined: 'Declined' },
  open: 'Open in Exchanges',
};

const zh: typeof en = {
  title: '换货',
  line: '{{name}}（{{variant}}）× {{quantity}}',
  status: { requested: '已申请', approved: '已批准', declined: '已拒绝' },
  open: '在换货中打开',
};

addTranslations('admin-order-exchanges', { en, zh });
