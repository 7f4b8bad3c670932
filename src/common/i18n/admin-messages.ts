import { type MessageKey, messages } from './messages';

/**
 * The back office's server messages (docs/decisions/013): refusals and confirmations of `/admin/` paths, in
 * English and Chinese. Kept apart from messages.ts so the shop's client bundle never carries them; the server
 * answers any key of either file through `formatAnyMessage`.
 *
 * Add a key to both languages; the `Record` below stops the build when Chinese lacks one.
 */
export const adminMessages = {
  en: {
    staffOnly: 'This page is for the shop’s staff',
    staffRoleUnknown: 'Choose a role: {{roles}}',
    staffAccountNotFound: 'No account has this e-mail address; the person must register first',
    staffNotFound: 'This person is not on the staff',
    staffLastOwner: 'The shop must keep at least one owner',
    staffAdded: 'Staff member added',
    staffUpdated: 'Role changed',
    staffRemoved: 'Staff member removed',
    saved: 'Saved',
    ordersDateRange: 'The “to” date must not be before the “from” date',
    customerNotFound: 'There is no customer with this id',
    // Affiliates (referral/admin-service.ts)
    agentAccountNotFound: 'No account has this e-mail address',
    agentNotFound: 'This account is not an agent',
    agentRateInvalid: 'The rate must be a whole number of basis points from 0 to 10000 (1000 = 10%)',
    agentSaved: '{{email}} is an agent at {{rate}}%',
    agentRevoked: '{{email}} is no longer an agent; their commissions are kept',
    agentRateChanged: 'Rate changed to {{rate}}% for new commissions',
    commissionNotFound: 'There is no such commission',
    commissionCannotConfirm: 'The commission is {{status}}: only Not Confirm or On Hold can be confirmed',
    commissionCannotHold: 'The commission is {{status}}: only Not Confirm or Pending Payment can be put on hold',
    commissionCannotCancel: 'The commission is {{status}}: a Paid or Canceled commission cannot be cancelled',
    commissionConfirmed: 'Commission confirmed: Pending Payment',
    commissionHeld: 'Commission on hold',
    commissionCanceled: 'Commission cancelled',
    payoutNotFound: 'There is no such payout request',
    payoutAlreadyDecided: 'This payout request was already {{status}}',
    payoutMarkedPaid: 'Payout of {{amount}} marked as paid',
    payoutRejected: 'Payout request rejected: the agent sees the reason and can request again',
    payoutRejectReasonRequired: 'Give the reason the agent will see',
    // Order actions (orders/admin-service.ts)
    orderActionNotAllowed: 'Order {{orderNo}} is {{status}}: this action is not possible now',
    orderConfirmNotTransfer: 'Only a bank-transfer order is confirmed by hand; a payment link is paid through Telegram',
    orderAlreadyInStatus: 'Order {{orderNo}} was already {{status}}: nothing changed',
    orderNowStatus: 'Order {{orderNo}} is now {{status}}',
    receiptNothingToReject: 'Order {{orderNo}} has no receipt waiting to be checked',
    receiptRejectReasonRequired: 'Give the reason the customer will see',
    receiptRejected: 'Receipt rejected: the customer was told why and can upload a new one',
    trackingCompanyRequired: 'Give the shipping company',
    trackingNumberRequired: 'Give the tracking number',
    trackingLinkInvalid: 'The tracking link must be an http(s) address',
    trackingSaved: 'Tracking saved: the customer was told',
    refundNotOwed: 'Order {{orderNo}} owes no refund: only a cancelled order that had been paid does',
    refundAmountInvalid: 'Give an amount above $0.00',
    refundTooMuch: 'At most {{owed}} is still owed on this order',
    refundMethodUnknown: 'Choose a method: {{methods}}',
    refundReferenceRequired: 'Give the refund’s reference (transfer number, receipt…)',
    refundRecorded: 'Refund of {{amount}} recorded; {{owed}} still owed',
    imageUnreadable: 'This file is not an image the shop can read (PNG, JPEG, WebP, GIF, AVIF or TIFF)',
    // Stock (stock/service.ts)
    packagingNotFound: 'There is no such packaging',
    stockChangeInvalid: 'Enter a change other than 0, from -100000 to 100000',
    stockReasonRequired: 'Give a reason for the change',
    stockNotEnough: 'Only {{stock}} in stock: taking {{taken}} would go below zero',
    stockAdjusted: 'Stock changed by {{delta}}: {{stock}} now',
    // Products (catalog admin, issue 13)
    // Import and export (issue 13)
    // Coupons (coupons admin, issue 13)
    // Content: banners, pages, FAQ (issue 13)
    // Settings (owner, issue 13)
  },
  zh: {
    staffOnly: '此页面仅供店铺员工使用',
    staffRoleUnknown: '请选择角色：{{roles}}',
    staffAccountNotFound: '没有使用此邮箱的账户；请先让对方注册',
    staffNotFound: '此人不是店铺员工',
    staffLastOwner: '店铺必须至少保留一位店主',
    staffAdded: '已添加员工',
    staffUpdated: '角色已更改',
    staffRemoved: '已移除员工',
    saved: '已保存',
    ordersDateRange: '结束日期不能早于开始日期',
    customerNotFound: '没有此编号的顾客',
    // Affiliates (referral/admin-service.ts)
    agentAccountNotFound: '没有使用此邮箱的账户',
    agentNotFound: '此账户不是推广员',
    agentRateInvalid: '佣金比例须为 0 到 10000 的整数基点（1000 = 10%）',
    agentSaved: '{{email}} 已成为推广员，佣金比例 {{rate}}%',
    agentRevoked: '{{email}} 已不再是推广员；其佣金保留',
    agentRateChanged: '新佣金的比例已改为 {{rate}}%',
    commissionNotFound: '没有这笔佣金',
    commissionCannotConfirm: '这笔佣金为 {{status}}：只有“未确认”或“暂缓”的佣金可以确认',
    commissionCannotHold: '这笔佣金为 {{status}}：只有“未确认”或“待付款”的佣金可以暂缓',
    commissionCannotCancel: '这笔佣金为 {{status}}：已支付或已取消的佣金不能取消',
    commissionConfirmed: '佣金已确认：待付款',
    commissionHeld: '佣金已暂缓',
    commissionCanceled: '佣金已取消',
    payoutNotFound: '没有这笔付款申请',
    payoutAlreadyDecided: '这笔付款申请已是 {{status}}',
    payoutMarkedPaid: '已将 {{amount}} 的付款标记为已支付',
    payoutRejected: '已拒绝付款申请：推广员可看到原因并重新申请',
    payoutRejectReasonRequired: '请填写推广员将看到的原因',
    // Order actions (orders/admin-service.ts)
    orderActionNotAllowed: '订单 {{orderNo}} 的状态为 {{status}}：现在不能执行此操作',
    orderConfirmNotTransfer: '只有银行转账订单需要手动确认付款；付款链接订单通过 Telegram 付款',
    orderAlreadyInStatus: '订单 {{orderNo}} 已经是 {{status}}：未作更改',
    orderNowStatus: '订单 {{orderNo}} 现在是 {{status}}',
    receiptNothingToReject: '订单 {{orderNo}} 没有待审核的付款凭证',
    receiptRejectReasonRequired: '请填写顾客将看到的原因',
    receiptRejected: '已拒绝付款凭证：已告知顾客原因，顾客可以重新上传',
    trackingCompanyRequired: '请填写物流公司',
    trackingNumberRequired: '请填写运单号',
    trackingLinkInvalid: '物流链接必须是 http(s) 地址',
    trackingSaved: '物流信息已保存：已通知顾客',
    refundNotOwed: '订单 {{orderNo}} 无需退款：只有已付款后取消的订单需要退款',
    refundAmountInvalid: '请填写大于 $0.00 的金额',
    refundTooMuch: '此订单最多还需退款 {{owed}}',
    refundMethodUnknown: '请选择退款方式：{{methods}}',
    refundReferenceRequired: '请填写退款参考号（转账编号、收据等）',
    refundRecorded: '已记录退款 {{amount}}；尚需退款 {{owed}}',
    imageUnreadable: '此文件不是商店可读取的图片（PNG、JPEG、WebP、GIF、AVIF 或 TIFF）',
    // Stock (stock/service.ts)
    packagingNotFound: '没有这个包装',
    stockChangeInvalid: '请输入 -100000 到 100000 之间且不为 0 的变动数量',
    stockReasonRequired: '请填写变动原因',
    stockNotEnough: '库存只有 {{stock}}：减少 {{taken}} 会低于零',
    stockAdjusted: '库存已变动 {{delta}}：现为 {{stock}}',
    // Products (catalog admin, issue 13)
    // Import and export (issue 13)
    // Coupons (coupons admin, issue 13)
    // Content: banners, pages, FAQ (issue 13)
    // Settings (owner, issue 13)
  },
} as const;

export type AdminMessageKey = keyof (typeof adminMessages)['en'];
/** Any message the server may answer with. */
export type AnyMessageKey = MessageKey | AdminMessageKey;

const isAdminKey = (key: AnyMessageKey): key is AdminMessageKey => key in adminMessages.en;

/** Fills {{name}} placeholders of a shop or back-office message. */
export function formatAnyMessage(
  lang: keyof typeof messages,
  key: AnyMessageKey,
  params: Record<string, string | number> = {},
): string {
  const text: string = isAdminKey(key) ? adminMessages[lang][key] : messages[lang][key];
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

// Chinese must carry every English key: this line stops the build when one is missing.
export const adminZhIsComplete: Record<AdminMessageKey, string> = adminMessages.zh;
