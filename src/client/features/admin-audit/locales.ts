import { addTranslations } from '@/lib/i18n/i18n';

/** The back office's Audit log (owner; namespace `admin-audit`). */
export const en = {
  title: 'Audit log',
  staff: 'Staff member',
  anyone: 'Everyone',
  commandLine: 'command line',
  kind: 'Kind',
  allKinds: 'All kinds',
  kinds: {
    order: 'Orders',
    staff: 'Staff',
    commission: 'Commissions',
    payout: 'Payouts',
    subscription: 'Subscriptions',
    agent: 'Agents',
    catalogue: 'Catalogue',
    coupon: 'Coupons',
    content: 'Content',
    settings: 'Settings',
  },
  orderNo: 'Order number',
  empty: 'Nothing in the log matches.',
  listLabel: 'Audit log entries',
  source: { admin: 'back office', bot: 'bot', cli: 'command line' },
  via: 'via {{source}}',
  order: 'order {{orderNo}}',
  nothingShown: 'No values recorded.',
  none: '—',
  changes: 'Changes',
};

export const zh: typeof en = {
  title: '审计日志',
  staff: '员工',
  anyone: '所有人',
  commandLine: '命令行',
  kind: '类别',
  allKinds: '全部类别',
  kinds: {
    order: '订单',
    staff: '员工',
    commission: '佣金',
    payout: '提现',
    subscription: '订阅',
    agent: '代理',
    catalogue: '商品目录',
    coupon: '优惠券',
    content: '内容',
    settings: '设置',
  },
  orderNo: '订单号',
  empty: '日志中没有符合条件的记录。',
  listLabel: '审计日志记录',
  source: { admin: '后台', bot: '机器人', cli: '命令行' },
  via: '来自{{source}}',
  order: '订单 {{orderNo}}',
  nothingShown: '没有记录数值。',
  none: '—',
  changes: '变更',
};

addTranslations('admin-audit', { en, zh });
