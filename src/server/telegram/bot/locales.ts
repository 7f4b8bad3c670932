import type { Lang } from '../../../common/contract/lang';

/** The bot's texts, in both languages. `{{name}}` placeholders are filled by `botText`. */
const en = {
  greeting:
    'Welcome to Leaf & Cup, {{name}}! Teas, matcha, accessories and gifts, open 24/7. Tap the button below to open the shop.',
  greetingLinked: 'Welcome back, {{name}}! You are logged in as {{nickname}}. Tap the button below to open the shop.',
  linkPrompt:
    'Already have a Leaf & Cup account? Log in once to link it with Telegram: you will be logged in here automatically and get news about your orders.',
  openShop: 'Open the shop',
  logInAndLink: 'Log in and link Telegram',
  ordersTitle: 'Your latest orders:',
  ordersLine: '#{{orderNo}} · {{date}} · {{status}} · {{total}}',
  ordersNone: 'You have no orders yet.',
  ordersNotLinked: 'Link your account first to see your orders here.',
  viewOrderNo: 'Order #{{orderNo}}',
  viewOrder: 'View order',
  notifyRenewalFailed:
    'We could not place your next Subscribe & save delivery: an item is out of stock or no longer available. That delivery is skipped; your subscription goes on.',
  manageSubscriptions: 'Manage subscriptions',
  notifyBackInStock: '{{product}} is available again. You asked us to let you know.',
  viewProduct: 'View product',
  trackParcel: 'Track parcel',
  help: 'Commands: /start opens the shop, /orders shows your latest orders.',
  // order news
  notifyPlaced: 'Thank you! Order #{{orderNo}} is placed. Total: {{total}}. Status: {{status}}.',
  notifyPaid: 'Payment received for order #{{orderNo}} ({{total}}). Status: {{status}}.',
  notifyPaidCard: 'Card payment of {{total}} received for order #{{orderNo}} ({{card}}). Status: {{status}}.',
  notifyProcessing: 'Order #{{orderNo}} is being prepared. Status: {{status}}.',
  notifyShipped: 'Order #{{orderNo}} is on its way.',
  notifyAddressChanged: 'The delivery address of order #{{orderNo}} was changed.',
  notifyReceiptRejected:
    'Your receipt for order #{{orderNo}} was not accepted: {{reason}}. Please upload a new receipt on the order page.',
  notifyRefundRecorded: 'A refund of {{amount}} for order #{{orderNo}} has been sent to you.',
  notifyRefundCard: 'A refund of {{amount}} for order #{{orderNo}} has been sent to your card {{card}}.',
  notifyTracking: 'Shipping company: {{company}}. Tracking number: {{number}}.',
  notifyCompleted: 'Order #{{orderNo}} is completed. Enjoy your tea!',
  notifyCancelled: 'Order #{{orderNo}} was cancelled.',
  notifyExpired: 'Order #{{orderNo}} was cancelled because it was not paid in time. You are welcome to order again.',
  notifyStatus: 'Order #{{orderNo}}: status {{status}}.',
  // renewals charged to a saved card (docs/decisions/040)
  notifyRenewalChargeFailed:
    'We could not charge your saved card for renewal order #{{orderNo}} ({{total}}). We will try again on {{date}}, or you can pay it now.',
  notifyRenewalChargeFailedLast:
    'We could not charge your saved card for renewal order #{{orderNo}} ({{total}}) after several tries. Please pay it now, or it will be cancelled like any unpaid order.',
  payNow: 'Pay now',
  // exchanges (docs/decisions/020)
  notifyExchangeRequested:
    'We have your request to exchange {{item}} from order #{{orderNo}}. We will answer soon; follow it on the order page.',
  notifyExchangeApproved: 'Your exchange of {{item}} from order #{{orderNo}} is approved. We will send: {{answer}}.',
  notifyExchangeDeclined: 'Your exchange of {{item}} from order #{{orderNo}} was declined: {{answer}}.',
  // account notices (security: sent even when order news is off)
  notifyTelegramLinked:
    'Your Leaf & Cup account {{nickname}} is now linked to this Telegram account: you are logged in here automatically and get news about your orders.',
  notifyTelegramLinkMoved:
    'Your Leaf & Cup account {{nickname}} is no longer linked to this Telegram account: it was linked to {{telegramName}} instead. If this was not you, log in to the shop, change your password and check the Telegram link in your profile.',
  notifyTelegramUnlinked:
    'Your Leaf & Cup account {{nickname}} was unlinked from this Telegram account. If this was not you, log in to the shop and change your password.',
  notifyPasswordChanged:
    'The password of your Leaf & Cup account {{nickname}} was changed and every other session was logged out. If this was not you, contact us right away.',
  notifyPasswordReset:
    'The password of your Leaf & Cup account {{nickname}} was reset with a link sent to its e-mail address: every session was logged out and this Telegram account was unlinked from it. To link it again, log in with the new password.',
  notifyContactChanged:
    'The e-mail address or phone number of your Leaf & Cup account {{nickname}} was changed. If this was not you, contact us right away.',
  notifyBankDetailsChanged:
    'The bank account your Leaf & Cup commissions are paid to was changed (account {{nickname}}). If this was not you, reset your password and contact us right away.',
  notifyLoginAttempts:
    'Someone has tried many wrong passwords for your Leaf & Cup account {{nickname}}, so log-ins from new devices are slowed down for a while. Your devices that logged in before are not affected. If this was not you, consider choosing a stronger password.',
  openProfile: 'Open profile',
  // Deleting the account from inside Telegram (docs/decisions/050)
  notifyDeleteConfirm:
    'Delete your Leaf & Cup account {{nickname}}? Your name, contact details, addresses, Telegram link and uploads are erased, any cash reward is forfeited and subscriptions end; your past orders stay in the shop\'s books as "Former customer". This cannot be undone. The button works for 15 minutes.',
  deleteConfirmButton: 'Delete my account',
  deleteKeepButton: 'Keep my account',
  deleteDone: 'Your Leaf & Cup account has been deleted.',
  deleteKept: 'Your account was not deleted.',
  deleteExpired: 'This button no longer works: ask again from your profile.',
  deleteNotYours: 'Only the Telegram account linked to this shop account can confirm.',
  deleteGone: 'This account has already been deleted.',
  // /password (docs/decisions/016)
  passwordLinkSent:
    'We have sent a link to reset your password to {{email}}. It works once, for 30 minutes. If it does not arrive, check your spam folder.',
  passwordLinkThrottled:
    'A reset link was sent to {{email}} a short while ago. Please use that one, or try again later.',
  passwordNotLinked:
    'This Telegram account is not linked to a Leaf & Cup account. Log in once with your e-mail or phone number to link it; if you forgot your password, use "Forgot password?" on the login screen.',
  updateFailed: 'Something went wrong on our side. Please try again in a moment.',
  passwordNoMail: 'This shop does not send e-mail, so the password cannot be reset by e-mail. Please contact us.',
  // payments
  paymentReceived: 'Payment received for order #{{orderNo}}. Thank you!',
  payOrderMissing: 'This order no longer exists.',
  payOrderNotPending: 'This order is not waiting for payment (status: {{status}}).',
  payAmountChanged: 'The order total has changed. Please open the order and pay again.',
  payNotYours: 'This order belongs to another account.',
  // staff alerts and buttons (notifications/staff-alerts.ts, bot.ts)
  staffNewOrder: 'New order {{orderNo}}',
  staffReceipt: 'New receipt for order {{orderNo}}',
  staffCustomer: 'Customer: {{customer}}',
  staffTotal: 'Total: {{total}}',
  staffPayment: 'Payment: {{method}}',
  staffReference: 'Reference: {{reference}}',
  staffStatus: 'Status: {{status}}',
  staffItems: 'Items: {{items}}',
  staffMoreItems: 'and {{count}} more',
  staffCheckReceipt: 'Check the transfer, then confirm the payment.',
  staffPayoutRequest: 'Payout request: {{agent}} asks for {{amount}}.',
  staffLowStock: 'Low stock: {{product}} ({{packaging}}): {{stock}} left.',
  ownerBackupFailed:
    'The scheduled backup failed at {{at}} (UTC): {{error}}\nThe back office dashboard shows the last good backup. You will not be told again until a backup succeeds.',
  staffExchangeRequest: 'Exchange requested on order {{orderNo}}: {{item}}',
  staffPaymentAttention: 'Payment of order {{orderNo}} needs a person ({{total}}): {{reason}}',
  attentionAmountMismatch: 'the amount paid differs from the order’s total',
  attentionDispute: 'the customer disputed the card payment',
  attentionPaidAfterCancel: 'paid after the order was cancelled; check the refund',
  attentionRefundFailed: 'a refund to the card failed or was never confirmed',
  openExchanges: 'Open exchanges',
  openOrder: 'Open order',
  confirmPayment: 'Confirm payment',
  openAffiliates: 'Open affiliates',
  openDashboard: 'Open dashboard',
  staffClientError:
    'New error on shoppers’ phones ({{kind}}): {{message}}\nWhere: {{where}}\nPage: {{route}}\nDevice: {{platform}}',
  staffPayDone: 'Payment confirmed — {{orderNo}} is {{status}}',
  staffPayAlready: '{{orderNo}} is already {{status}}',
  staffPayNotAllowed: 'Your role cannot confirm payments.',
  staffOnlyButton: 'This button is for the shop’s staff.',
  // /admin
  adminIntro:
    'The back office: orders, payments, payouts and more. The menu button beside the message field opens it too.',
  openBackOffice: 'Open back office',
  backOfficeMenu: 'Back office',
  adminStaffOnly: 'This command is for the shop’s staff.',
  commandStart: 'Open the Leaf & Cup shop',
  commandOrders: 'Your latest orders and their status',
  commandAdmin: 'Open the back office',
  // inline queries and shared products (docs/product.md section 10)
  inlineOpenProduct: 'Open in the shop',
  inlinePrice: 'from {{price}}',
  inlineMessage: '{{name}}, from {{price}} at Leaf & Cup',
  inlineNoResults: 'No products match. Open the shop',
  // Share inside Telegram (docs/decisions/053)
  shareOpen: 'Open',
  shareShopTitle: 'Leaf & Cup',
  shareShopText: 'Loose-leaf teas, matcha and teaware, delivered to your door.',
  openProduct: 'View the product',
  // statuses
  statusPending: 'Pending',
  statusPaid: 'Paid',
  statusProcessing: 'Processing',
  statusCompleted: 'Completed',
  statusCancelled: 'Cancelled',
};

export type BotTextKey = keyof typeof en;

const zh: Record<BotTextKey, string> = {
  greeting: '欢迎来到 Leaf & Cup，{{name}}！茶叶、抹茶、茶具与礼品，24/7 营业。点击下方按钮打开商店。',
  greetingLinked: '欢迎回来，{{name}}！您已登录为 {{nickname}}。点击下方按钮打开商店。',
  linkPrompt: '已有 Leaf & Cup 账户？登录一次即可与 Telegram 绑定：之后在这里会自动登录，并收到订单通知。',
  openShop: '打开商店',
  logInAndLink: '登录并绑定 Telegram',
  ordersTitle: '您最近的订单：',
  ordersLine: '#{{orderNo}} · {{date}} · {{status}} · {{total}}',
  ordersNone: '您还没有订单。',
  ordersNotLinked: '请先绑定您的账户，才能在这里查看订单。',
  viewOrderNo: '订单 #{{orderNo}}',
  viewOrder: '查看订单',
  notifyRenewalFailed: '我们未能为您安排下一次订阅配送：有商品缺货或已下架。本次配送已跳过，您的订阅继续有效。',
  manageSubscriptions: '管理订阅',
  notifyBackInStock: '{{product}} 已到货。您曾要求我们到货时通知您。',
  viewProduct: '查看商品',
  trackParcel: '查询物流',
  help: '命令：/start 打开商店，/orders 查看最近的订单。',
  notifyPlaced: '谢谢！订单 #{{orderNo}} 已提交。总计：{{total}}。状态：{{status}}。',
  notifyPaid: '已收到订单 #{{orderNo}} 的付款（{{total}}）。状态：{{status}}。',
  notifyPaidCard: '已收到订单 #{{orderNo}} 的银行卡付款 {{total}}（{{card}}）。状态：{{status}}。',
  notifyProcessing: '订单 #{{orderNo}} 正在备货。状态：{{status}}。',
  notifyShipped: '订单 #{{orderNo}} 已发货。',
  notifyAddressChanged: '订单 #{{orderNo}} 的收货地址已更改。',
  notifyReceiptRejected: '订单 #{{orderNo}} 的付款凭证未被接受：{{reason}}。请在订单页面重新上传付款凭证。',
  notifyRefundRecorded: '订单 #{{orderNo}} 的退款 {{amount}} 已退还给您。',
  notifyRefundCard: '订单 #{{orderNo}} 的退款 {{amount}} 已退回您的银行卡 {{card}}。',
  notifyTracking: '物流公司：{{company}}。运单号：{{number}}。',
  notifyCompleted: '订单 #{{orderNo}} 已完成。请享用您的茶！',
  notifyCancelled: '订单 #{{orderNo}} 已取消。',
  notifyExpired: '订单 #{{orderNo}} 因未按时付款已取消。欢迎再次下单。',
  notifyStatus: '订单 #{{orderNo}}：状态 {{status}}。',
  notifyRenewalChargeFailed:
    '续订订单 #{{orderNo}}（{{total}}）未能从您保存的卡扣款。我们将于 {{date}} 再试一次，您也可以现在付款。',
  notifyRenewalChargeFailedLast:
    '续订订单 #{{orderNo}}（{{total}}）多次尝试后仍未能从您保存的卡扣款。请现在付款，否则订单将像其他未付款订单一样被取消。',
  payNow: '立即付款',
  notifyExchangeRequested:
    '我们已收到您对订单 #{{orderNo}} 中 {{item}} 的换货申请，会尽快答复；您可在订单页面查看进度。',
  notifyExchangeApproved: '您对订单 #{{orderNo}} 中 {{item}} 的换货申请已批准。我们将寄出：{{answer}}。',
  notifyExchangeDeclined: '您对订单 #{{orderNo}} 中 {{item}} 的换货申请未获批准：{{answer}}。',
  notifyTelegramLinked:
    '您的 Leaf & Cup 账户 {{nickname}} 已与此 Telegram 账户绑定：之后在这里会自动登录，并收到订单通知。',
  notifyTelegramLinkMoved:
    '您的 Leaf & Cup 账户 {{nickname}} 已不再与此 Telegram 账户绑定：它已改为绑定 {{telegramName}}。如果这不是您本人的操作，请登录商店，修改密码，并检查个人资料中的 Telegram 绑定。',
  notifyTelegramUnlinked:
    '您的 Leaf & Cup 账户 {{nickname}} 已与此 Telegram 账户解除绑定。如果这不是您本人的操作，请登录商店并修改密码。',
  notifyPasswordChanged:
    '您的 Leaf & Cup 账户 {{nickname}} 的密码已更改，其他所有登录均已退出。如果这不是您本人的操作，请立即联系我们。',
  notifyPasswordReset:
    '您的 Leaf & Cup 账户 {{nickname}} 的密码已通过发送到账户邮箱的链接重置：所有登录均已退出，此 Telegram 账户也已与其解除绑定。如需重新绑定，请用新密码登录。',
  notifyContactChanged:
    '您的 Leaf & Cup 账户 {{nickname}} 的电子邮箱或手机号码已更改。如果这不是您本人的操作，请立即联系我们。',
  notifyBankDetailsChanged:
    '您 Leaf & Cup 账户 {{nickname}} 的佣金收款银行账户已更改。如果这不是您本人的操作，请立即重置密码并联系我们。',
  notifyLoginAttempts:
    '有人为您的 Leaf & Cup 账户 {{nickname}} 多次输入了错误密码，因此新设备的登录会暂时放慢。您以前登录过的设备不受影响。如果这不是您本人，建议换一个更强的密码。',
  openProfile: '打开个人资料',
  notifyDeleteConfirm:
    '要删除您的 Leaf & Cup 账户 {{nickname}} 吗？您的姓名、联系方式、地址、Telegram 绑定和上传的文件将被删除，现金奖励余额作废，订阅结束；过往订单以“前顾客”的名义保留在店铺账簿中。此操作无法撤销。按钮 15 分钟内有效。',
  deleteConfirmButton: '删除我的账户',
  deleteKeepButton: '保留我的账户',
  deleteDone: '您的 Leaf & Cup 账户已删除。',
  deleteKept: '您的账户未被删除。',
  deleteExpired: '此按钮已失效：请在个人资料中重新申请。',
  deleteNotYours: '只有与此店铺账户绑定的 Telegram 账户才能确认。',
  deleteGone: '此账户已被删除。',
  passwordLinkSent:
    '我们已将重置密码的链接发送至 {{email}}。链接只能使用一次，30 分钟内有效。如未收到，请检查垃圾邮件。',
  passwordLinkThrottled: '不久前已向 {{email}} 发送过重置链接，请使用该链接，或稍后再试。',
  passwordNotLinked:
    '此 Telegram 账号尚未绑定 Leaf & Cup 账户。请先用邮箱或手机号码登录一次完成绑定；如果忘记密码，请在登录页面使用"忘记密码？"。',
  updateFailed: '我们这边出了点问题，请稍后再试。',
  passwordNoMail: '本店不发送电子邮件，因此无法通过邮件重置密码。请联系我们。',
  paymentReceived: '已收到订单 #{{orderNo}} 的付款。谢谢！',
  payOrderMissing: '该订单已不存在。',
  payOrderNotPending: '该订单不在待付款状态（状态：{{status}}）。',
  payAmountChanged: '订单金额已变更。请打开订单重新付款。',
  payNotYours: '该订单属于其他账户。',
  staffNewOrder: '新订单 {{orderNo}}',
  staffReceipt: '订单 {{orderNo}} 收到新的付款凭证',
  staffCustomer: '顾客：{{customer}}',
  staffTotal: '总计：{{total}}',
  staffPayment: '付款方式：{{method}}',
  staffReference: '付款参考号：{{reference}}',
  staffStatus: '状态：{{status}}',
  staffItems: '商品：{{items}}',
  staffMoreItems: '另有 {{count}} 项',
  staffCheckReceipt: '请核对转账，然后确认付款。',
  staffPayoutRequest: '提现申请：{{agent}} 申请提现 {{amount}}。',
  staffLowStock: '库存不足：{{product}}（{{packaging}}）仅剩 {{stock}}。',
  ownerBackupFailed:
    '定时备份于 {{at}}（UTC）失败：{{error}}\n后台仪表盘显示最近一次成功的备份。在备份恢复成功之前不会再次提醒。',
  staffExchangeRequest: '订单 {{orderNo}} 有换货申请：{{item}}',
  staffPaymentAttention: '订单 {{orderNo}} 的付款需要人工处理（{{total}}）：{{reason}}',
  attentionAmountMismatch: '付款金额与订单总额不符',
  attentionDispute: '顾客对银行卡付款提出了争议',
  attentionPaidAfterCancel: '订单取消后付款，请核对退款',
  attentionRefundFailed: '向银行卡的退款失败或未被确认',
  openExchanges: '打开换货',
  openOrder: '打开订单',
  confirmPayment: '确认付款',
  openAffiliates: '打开推广',
  openDashboard: '打开仪表盘',
  staffClientError:
    '顾客手机上出现新错误（{{kind}}）：{{message}}\n位置：{{where}}\n页面：{{route}}\n设备：{{platform}}',
  staffPayDone: '已确认付款 — {{orderNo}} 状态为{{status}}',
  staffPayAlready: '{{orderNo}} 已处于“{{status}}”状态',
  staffPayNotAllowed: '您的角色不能确认付款。',
  staffOnlyButton: '此按钮仅供店铺员工使用。',
  adminIntro: '后台：订单、付款、提现等。也可以点击输入框旁的菜单按钮打开。',
  openBackOffice: '打开后台',
  backOfficeMenu: '后台',
  adminStaffOnly: '此命令仅供店铺员工使用。',
  commandStart: '打开 Leaf & Cup 商店',
  commandOrders: '查看最近的订单及状态',
  commandAdmin: '打开后台',
  inlineOpenProduct: '在商店中打开',
  inlinePrice: '{{price}} 起',
  inlineMessage: '{{name}}，Leaf & Cup 售价 {{price}} 起',
  inlineNoResults: '没有匹配的商品。打开商店',
  shareOpen: '打开',
  shareShopTitle: 'Leaf & Cup',
  shareShopText: '散装茶叶、抹茶和茶具，送货上门。',
  openProduct: '查看商品',
  statusPending: '待付款',
  statusPaid: '已付款',
  statusProcessing: '处理中',
  statusCompleted: '已完成',
  statusCancelled: '已取消',
};

const texts: Record<Lang, Record<BotTextKey, string>> = { en, zh };

export function botText(lang: Lang, key: BotTextKey, params: Record<string, string | number> = {}): string {
  return texts[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

const statusKeys: Record<string, BotTextKey> = {
  Pending: 'statusPending',
  Paid: 'statusPaid',
  Processing: 'statusProcessing',
  Completed: 'statusCompleted',
  Cancelled: 'statusCancelled',
};

/** An order status (as stored) in the language. */
export function statusText(lang: Lang, status: string): string {
  const key = statusKeys[status];
  return key ? botText(lang, key) : status;
}

/** The language of a Telegram user: their account's choice when linked, else their Telegram language (zh* → Chinese). */
export function botLang(accountLanguage: string | null | undefined, languageCode: string | null | undefined): Lang {
  if (accountLanguage === 'zh' || accountLanguage === 'en') return accountLanguage;
  return languageCode?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
