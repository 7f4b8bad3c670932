import { addTranslations } from '@/lib/i18n/i18n';

/** The back office's Settings screen (owner; namespace `admin-settings`). */
export const en = {
  title: 'Settings',
  save: 'Save settings',
  saving: 'Saving…',
  unsaved: 'You have unsaved changes.',
  nothingChanged: 'Nothing changed',
  saveFailed: 'The settings could not be saved; please try again',
  fixErrors: 'Some values need fixing before they can be saved',
  intro: 'Changes apply to the shop as soon as they are saved, and each save is in the audit log.',
  shipping: {
    title: 'Delivery fees and free delivery',
    text: 'States, their delivery fees and methods, and the free-delivery threshold are on the Shipping page.',
    link: 'Open Shipping',
  },
  reward: {
    title: 'Cash reward',
    label: 'Cash reward (% of the goods)',
    hint: 'What a customer earns when an order completes: a whole percentage (0–100) of what they paid for its goods, after coupon and cash reward spent.',
  },
  referral: {
    title: 'Referral award',
    label: 'Referral award ($)',
    hint: 'Added to a member’s cash reward when someone they referred completes a first order (agents earn commissions instead).',
  },
  bank: {
    title: 'Bank account for transfers',
    intro: 'Customers who pay by bank transfer see this account at checkout and on their order.',
    bank_name: 'Bank',
    bank_account_name: 'Account name',
    bank_account_number: 'Account number',
    preview: 'Customers see',
  },
  unpaid: {
    title: 'Unpaid orders',
    label: 'Cancel unpaid orders after (hours)',
    hint: 'An order with nothing paid and no receipt is cancelled this many hours after it was placed, and its stock goes back. 0: never. At most 720 (30 days).',
    following: 'Not set here yet: the server’s default of {{hours}} hours applies until you save another value.',
  },
  lowStock: {
    title: 'Low stock',
    label: 'Low stock at or below',
    hint: 'For products without their own threshold: the dashboard lists them and staff are alerted.',
  },
  exchange: {
    title: 'Exchanges',
    label: 'Days to ask for an exchange',
    hint: 'After an order is completed, its customer can ask to exchange an item for this many days (1–365).',
  },
  reminders: {
    title: 'Reminders',
    intro:
      'Messages that bring customers back, by the bot (or e-mail when Telegram is not linked). Only customers who turned “Marketing messages” on in their profile get them, and each has a link to stop them.',
    cart: 'Abandoned-cart reminder',
    cartHint: 'One reminder per cart when a logged-in customer leaves items in it without ordering.',
    hoursLabel: 'Remind after (hours idle)',
    hoursHint: 'How long the cart waits untouched before its reminder (1–720). “Running low?” is set on each product.',
  },
  alerts: {
    title: 'Staff alerts',
    intro:
      'The bot’s alerts for the whole shop. Each staff member can still turn their own alerts off (My alerts); switched off here, nobody gets that kind.',
    on: 'On',
    off: 'Off',
    staff_new_order_alerts: 'New orders',
    staff_new_order_alertsHint: 'A new order was placed (owners, managers and fulfilment).',
    staff_receipt_alerts: 'Payment receipts',
    staff_receipt_alertsHint: 'A customer sent a bank-transfer receipt to check, with Confirm payment.',
    staff_payout_request_alerts: 'Payout requests',
    staff_payout_request_alertsHint: 'An agent asked to be paid their commissions (owners and managers).',
    staff_low_stock_alerts: 'Low stock',
    staff_low_stock_alertsHint: 'An order took a packaging’s stock to its low-stock threshold or below.',
    staff_exchange_request_alerts: 'Exchange requests',
    staff_exchange_request_alertsHint: 'A customer asked to exchange an item of a completed order.',
    staff_payment_attention_alerts: 'Payments that need a person',
    staff_payment_attention_alertsHint:
      'A card payment of another amount, a dispute, a payment after a cancel, a failed refund (to roles that handle money).',
    staff_client_error_alerts: 'Errors on shoppers’ phones',
    staff_client_error_alertsHint:
      'A new kind of error happened in a shopper’s app or browser (owners only; once per kind).',
  },
  invalid: {
    dollars: 'Enter dollars from {{min}} to {{max}}, e.g. 12.50',
    whole: 'Enter a whole number from {{min}} to {{max}}',
    required: 'This must not be empty',
    tooLong: 'At most {{max}} characters',
  },
};

export const zh: typeof en = {
  title: '设置',
  save: '保存设置',
  saving: '正在保存…',
  unsaved: '有尚未保存的更改。',
  nothingChanged: '没有更改',
  saveFailed: '设置未能保存，请重试',
  fixErrors: '有些数值需要修改后才能保存',
  intro: '保存后立即对店铺生效，每次保存都会记入审计日志。',
  shipping: {
    title: '运费与免运费',
    text: '州/省、运费、配送方式和免运费门槛都在“配送”页面设置。',
    link: '打开配送页面',
  },
  reward: {
    title: '现金奖励',
    label: '现金奖励（商品金额的 %）',
    hint: '订单完成后顾客获得的奖励：按其为商品实际支付金额（扣除优惠券和已用现金奖励后）的整数百分比计算（0–100）。',
  },
  referral: {
    title: '推荐奖励',
    label: '推荐奖励（$）',
    hint: '会员推荐的人完成首笔订单时，计入该会员的现金奖励（推广员改为获得佣金）。',
  },
  bank: {
    title: '转账收款账户',
    intro: '选择银行转账的顾客会在结账页和订单页看到此账户。',
    bank_name: '银行',
    bank_account_name: '户名',
    bank_account_number: '账号',
    preview: '顾客看到的是',
  },
  unpaid: {
    title: '未付款订单',
    label: '未付款订单在以下小时后取消',
    hint: '未付款且未上传凭证的订单，在下单后这么多小时被取消，库存退回。0：从不取消。最多 720（30 天）。',
    following: '此处尚未设置：在保存其他数值前，沿用服务器默认的 {{hours}} 小时。',
  },
  lowStock: {
    title: '低库存',
    label: '库存低于或等于此数即为低库存',
    hint: '适用于未设置自己阈值的商品：仪表板会列出它们，并提醒员工。',
  },
  exchange: {
    title: '换货',
    label: '可申请换货的天数',
    hint: '订单完成后，顾客可在这么多天内申请换货（1–365 天）。',
  },
  reminders: {
    title: '提醒',
    intro:
      '吸引顾客回来的消息，通过机器人发送（未绑定 Telegram 时通过电子邮件）。只有在个人资料中开启“营销消息”的顾客才会收到，每条消息都附有停止接收的链接。',
    cart: '购物车提醒',
    cartHint: '已登录的顾客在购物车中留有商品却未下单时，每个购物车提醒一次。',
    hoursLabel: '闲置多少小时后提醒',
    hoursHint: '购物车未被改动多久后发送提醒（1–720）。“快用完了吗？”在每个商品上单独设置。',
  },
  alerts: {
    title: '员工提醒',
    intro: '机器人对全店的提醒。每位员工仍可关闭自己的提醒（我的提醒）；在此关闭后，任何人都不会收到该类提醒。',
    on: '开',
    off: '关',
    staff_new_order_alerts: '新订单',
    staff_new_order_alertsHint: '有新订单（店主、经理和发货人员）。',
    staff_receipt_alerts: '付款凭证',
    staff_receipt_alertsHint: '顾客上传了待审核的银行转账凭证，可直接确认付款。',
    staff_payout_request_alerts: '提现申请',
    staff_payout_request_alertsHint: '推广员申请支付佣金（店主和经理）。',
    staff_low_stock_alerts: '低库存',
    staff_low_stock_alertsHint: '某个订单使包装库存降到低库存阈值或以下。',
    staff_exchange_request_alerts: '换货申请',
    staff_exchange_request_alertsHint: '顾客申请更换已完成订单中的商品。',
    staff_payment_attention_alerts: '需要人工处理的付款',
    staff_payment_attention_alertsHint: '金额不符的银行卡付款、争议、取消后的付款、失败的退款（发给负责款项的角色）。',
    staff_client_error_alerts: '顾客手机上的错误',
    staff_client_error_alertsHint: '顾客的应用或浏览器中出现了新类型的错误（仅店主；每类一次）。',
  },
  invalid: {
    dollars: '请输入 {{min}} 到 {{max}} 的美元金额，例如 12.50',
    whole: '请输入 {{min}} 到 {{max}} 之间的整数',
    required: '不能为空',
    tooLong: '最多 {{max}} 个字符',
  },
};

addTranslations('admin-settings', { en, zh });
