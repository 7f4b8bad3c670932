import { addTranslations } from '@/lib/i18n/i18n';

/** The profile's "Delete my account" (docs/decisions/050); its own namespace, kept apart from the profile's. */
const en = {
  title: 'Delete my account',
  intro: 'Deleting your account erases your name, e-mail, phone number, addresses, Telegram link and uploads.',
  open: 'Delete my account…',
  close: 'Close',
  loading: 'Checking your account…',
  loadFailed: 'Could not check your account. Please try again.',
  openOrders: 'Complete or cancel these orders first:',
  orderLine: 'Order {{no}}',
  forfeit: 'Your cash reward balance of {{amount}} is forfeited.',
  noBalance: 'You have no cash reward balance.',
  commissions: 'Your commissions not paid out yet, {{amount}}, are forfeited.',
  subscriptions_one: 'Your {{count}} subscription ends.',
  subscriptions_other: 'Your {{count}} subscriptions end.',
  books: 'Your past orders stay in our books as "Former customer", without your name, contact details or address.',
  final: 'This cannot be undone.',
  password: 'Your password',
  confirm: 'Delete my account',
  viaTelegram: 'Confirm in Telegram instead',
  cancel: 'Keep my account',
  somethingWrong: 'Something went wrong, please try again',
};

const zh: typeof en = {
  title: '删除我的账户',
  intro: '删除账户将清除您的姓名、邮箱、手机号、地址、Telegram 绑定和上传的文件。',
  open: '删除我的账户…',
  close: '关闭',
  loading: '正在检查您的账户…',
  loadFailed: '无法检查您的账户，请重试。',
  openOrders: '请先完成或取消以下订单：',
  orderLine: '订单 {{no}}',
  forfeit: '您的现金奖励余额 {{amount}} 将作废。',
  noBalance: '您没有现金奖励余额。',
  commissions: '尚未发放给您的佣金 {{amount}} 将作废。',
  subscriptions_one: '您的 {{count}} 个订阅将结束。',
  subscriptions_other: '您的 {{count}} 个订阅将结束。',
  books: '您过往的订单以“前顾客”的名义保留在我们的账簿中，不含您的姓名、联系方式和地址。',
  final: '此操作无法撤销。',
  password: '您的密码',
  confirm: '删除我的账户',
  viaTelegram: '改为在 Telegram 中确认',
  cancel: '保留我的账户',
  somethingWrong: '出了点问题，请重试',
};

addTranslations('account-deletion', { en, zh });
