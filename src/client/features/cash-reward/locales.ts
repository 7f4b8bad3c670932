import { addTranslations } from '@/lib/i18n/i18n';

/** Strings of the cash-reward screen (/cashReward). */
export const en = {
  title: 'Cash Reward',
  intro: 'Every completed order earns {{percent}}% of its spend. Redeem your balance at checkout.',
  balance: 'Balance',
  onHold: 'On hold for checkout',
  earned: 'Total earned',
  redeemed: 'Amount redeemed',
  historyTitle: 'History',
  caption: 'Cash reward history',
  columns: {
    date: 'Date',
    type: 'Type',
    order: 'Order',
    spend: 'Spend',
    amount: 'Rewards amount',
    status: 'Status',
    balance: 'Balance',
  },
  types: {
    earned: 'Earned',
    redeemed: 'Redeemed',
    returned: 'Returned',
    referral: 'Referral award',
    forfeited: 'Forfeited',
  },
  status: { Active: 'Active', Inactive: 'Inactive' },
  empty: 'No cash rewards yet. Complete an order to earn some.',
  shopNow: 'Shop Now',
};

export const zh: typeof en = {
  title: '现金奖励',
  intro: '每笔完成的订单可获得消费金额 {{percent}}% 的现金奖励，余额可在结账时抵扣。',
  balance: '余额',
  onHold: '结账中暂扣',
  earned: '累计获得',
  redeemed: '已兑换金额',
  historyTitle: '记录',
  caption: '现金奖励记录',
  columns: {
    date: '日期',
    type: '类型',
    order: '订单',
    spend: '消费',
    amount: '奖励金额',
    status: '状态',
    balance: '余额',
  },
  types: { earned: '获得', redeemed: '兑换', returned: '退回', referral: '推荐奖励', forfeited: '作废' },
  status: { Active: '有效', Inactive: '无效' },
  empty: '暂无现金奖励。完成订单即可获得。',
  shopNow: '立即选购',
};

addTranslations('cashReward', { en, zh });
