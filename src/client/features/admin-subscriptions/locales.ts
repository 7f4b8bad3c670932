import { addTranslations } from '@/lib/i18n/i18n';

/** The back office's Subscriptions screen (namespace `admin-subscriptions`). */
export const en = {
  title: 'Subscriptions',
  status: 'Status',
  all: 'All',
  active: 'Active',
  cancelled: 'Cancelled',
  email: 'Customer e-mail',
  listCaption: 'Subscriptions',
  empty: 'No subscriptions match.',
  col: {
    customer: 'Customer',
    product: 'Product',
    quantity: 'Quantity',
    every: 'Frequency',
    status: 'Status',
    nextDue: 'Next due',
    actions: 'Actions',
  },
  every: 'Every {{count}} weeks',
  cancel: 'Cancel',
  cancelLabel: 'Cancel subscription {{id}}',
  confirmTitle: 'Cancel this subscription?',
  confirmText:
    '{{product}} for {{customer}}, every {{count}} weeks. No more renewals will be placed; orders already placed stay as they are.',
  confirm: 'Cancel subscription',
  keep: 'Keep it',
  done: 'Subscription cancelled',
  close: 'Close',
};

export const zh: typeof en = {
  title: '订阅',
  status: '状态',
  all: '全部',
  active: '进行中',
  cancelled: '已取消',
  email: '顾客邮箱',
  listCaption: '订阅',
  empty: '没有符合条件的订阅。',
  col: {
    customer: '顾客',
    product: '商品',
    quantity: '数量',
    every: '频率',
    status: '状态',
    nextDue: '下次续订',
    actions: '操作',
  },
  every: '每 {{count}} 周',
  cancel: '取消',
  cancelLabel: '取消订阅 {{id}}',
  confirmTitle: '取消此订阅？',
  confirmText: '{{customer}} 的 {{product}}，每 {{count}} 周。将不再自动续订；已下的订单保持不变。',
  confirm: '取消订阅',
  keep: '保留',
  done: '订阅已取消',
  close: '关闭',
};

addTranslations('admin-subscriptions', { en, zh });
