/**
 * The Shipping screen's server messages (docs/decisions/041), in English and Chinese; part of admin-messages.ts
 * (kept apart so neither file grows past its size).
 */
export const shippingMessages = {
  en: {
    shippingStateNotFound: 'There is no such state',
    shippingCodeFormat: 'The code must be {{country}}- followed by 1 to 6 letters or digits, e.g. {{country}}-ABC',
    shippingCodeTaken: 'Another state already has the code {{code}}',
    shippingNoMethod: 'Offer at least one delivery method, or retire the state instead',
    shippingListChanged: 'The list changed meanwhile: reload it and try again',
    shippingStateAdded: '{{state}} added: new addresses can choose it now',
    shippingStateSaved: '{{state}} saved: the next quote and order use it',
    shippingStateRetired: '{{state}} retired: new addresses can no longer choose it; saved ones keep working',
    shippingStateRestored: '{{state}} restored: new addresses can choose it again',
    shippingAlreadyRetired: '{{state}} was already retired: nothing changed',
    shippingAlreadyOffered: '{{state}} was already offered: nothing changed',
    shippingOrderSaved: 'New order saved',
    shippingThresholdSaved: 'Free-delivery threshold saved: the next quote and order use it',
    shippingUnchanged: 'Nothing to save: the values were already so',
  },
  zh: {
    shippingStateNotFound: '没有这个州/省',
    shippingCodeFormat: '代码须为 {{country}}- 加 1 至 6 个字母或数字，例如 {{country}}-ABC',
    shippingCodeTaken: '已有州/省使用代码 {{code}}',
    shippingNoMethod: '请至少提供一种配送方式，否则请停用该州/省',
    shippingListChanged: '列表已被他人更改：请刷新后重试',
    shippingStateAdded: '已添加{{state}}：新地址现在可以选择',
    shippingStateSaved: '已保存{{state}}：之后的报价和订单将使用新设置',
    shippingStateRetired: '已停用{{state}}：新地址不能再选择；已保存的地址照常使用',
    shippingStateRestored: '已恢复{{state}}：新地址可以再次选择',
    shippingAlreadyRetired: '{{state}}本来就已停用：未作更改',
    shippingAlreadyOffered: '{{state}}本来就在配送范围内：未作更改',
    shippingOrderSaved: '新顺序已保存',
    shippingThresholdSaved: '免运费门槛已保存：之后的报价和订单将使用新门槛',
    shippingUnchanged: '无需保存：数值本来就是这样',
  },
} as const;
