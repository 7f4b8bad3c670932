/**
 * The shop's messages that both sides show: the spec's validation, error and success texts (word for word
 * in English), and the server's refusals. The server answers `message` in the asked language from here;
 * the client shows the same texts for its own checks.
 */
export const messages = {
  en: {
    ok: 'OK',
    // spec §5 — login
    loginIdRequired: 'Email / Phone Number must not be empty',
    passwordRequired: 'Password must not be empty',
    // spec §5 — register and profile
    passwordTooShort: 'Password must be at least 6 characters',
    nicknameRequired: 'Nickname must not be empty',
    emailRequired: 'Email must not be empty',
    emailInvalid: 'Invalid email format',
    phoneRequired: 'Phone Number must not be empty',
    passwordsDoNotMatch: 'Passwords do not match',
    confirmPasswordRequired: 'Confirm Password must not be empty',
    confirmPasswordTooShort: 'Confirm Password must be at least 6 characters',
    registerAllRequired: 'Please enter nickname, email, phone number, password, confirm password',
    passwordNotMatch: 'Password not match',
    enterEmailOrPhone: 'Please enter email or phone number',
    // spec §5 — review
    selectRating: 'Please select rating',
    enterTitle: 'Please enter title',
    enterDescription: 'Please enter description',
    // spec §5 — checkout
    enterReceiverName: 'Please enter receiver name',
    enterShippingContact: 'Please enter shipping contact',
    enterShippingAddress: 'Please enter shipping address',
    enterCity: 'Please enter city',
    selectShippingState: 'Please select shipping state',
    enterZipcode: 'Please enter zipcode',
    addAddressFirst: 'Please add Address first',
    emptyCartCheckout: 'Cannot checkout with empty cart',
    enterCouponCode: 'Please enter coupon code',
    enterRedeemAmount: 'Please enter amount to redeem',
    // spec §8
    notEnoughStock: 'Not Enough Stock',
    methodNotAvailable: 'This method is not available',
    copyFailed: 'Failed to copy text: {{txt}}',
    pleaseWait: 'Please wait...',
    processing: 'Processing...',
    ageRefused: 'Sorry, you are not old enough to enter our website.',
    addressUpdated: 'Address updated successfully',
    reviewAdded: 'Review added successfully',
    infoUpdated: 'Info updated successfully',
    profileUpdated: 'Profile updated successfully',
    telegramLinked: 'Telegram linked successfully',
    // server refusals
    invalidField: '{{field}}: {{reason}}',
    invalidRequest: 'The request is not valid',
    unauthorized: 'Please log in again',
    forbidden: 'You are not allowed to do that',
    notFound: 'Not found',
    routeNotFound: 'There is no such API path',
    tooManyRequests: 'Too many attempts, please try again in {{minutes}} minutes',
    serverError: 'Something went wrong on our side, please try again',
    unavailable: 'The service is starting or stopping, please try again shortly',
    categoryNotFound: 'This category does not exist',
    tagNotFound: 'This filter does not exist',
    productNotFound: 'This product does not exist',
    invalidCursor: 'The list position is not valid, please reload the list',
  },
  zh: {
    ok: '成功',
    loginIdRequired: '邮箱 / 手机号码不能为空',
    passwordRequired: '密码不能为空',
    passwordTooShort: '密码至少需要 6 个字符',
    nicknameRequired: '昵称不能为空',
    emailRequired: '邮箱不能为空',
    emailInvalid: '邮箱格式无效',
    phoneRequired: '手机号码不能为空',
    passwordsDoNotMatch: '两次输入的密码不一致',
    confirmPasswordRequired: '确认密码不能为空',
    confirmPasswordTooShort: '确认密码至少需要 6 个字符',
    registerAllRequired: '请输入昵称、邮箱、手机号码、密码和确认密码',
    passwordNotMatch: '密码不匹配',
    enterEmailOrPhone: '请输入邮箱或手机号码',
    selectRating: '请选择评分',
    enterTitle: '请输入标题',
    enterDescription: '请输入描述',
    enterReceiverName: '请输入收件人姓名',
    enterShippingContact: '请输入收货联系电话',
    enterShippingAddress: '请输入收货地址',
    enterCity: '请输入城市',
    selectShippingState: '请选择收货州/省',
    enterZipcode: '请输入邮政编码',
    addAddressFirst: '请先添加地址',
    emptyCartCheckout: '购物车为空，无法结账',
    enterCouponCode: '请输入优惠码',
    enterRedeemAmount: '请输入兑换金额',
    notEnoughStock: '库存不足',
    methodNotAvailable: '此方式暂不可用',
    copyFailed: '复制文本失败：{{txt}}',
    pleaseWait: '请稍候...',
    processing: '处理中...',
    ageRefused: '抱歉，您未达到进入本网站的年龄。',
    addressUpdated: '地址更新成功',
    reviewAdded: '评价添加成功',
    infoUpdated: '信息更新成功',
    profileUpdated: '个人资料更新成功',
    telegramLinked: 'Telegram 绑定成功',
    invalidField: '{{field}}：{{reason}}',
    invalidRequest: '请求无效',
    unauthorized: '请重新登录',
    forbidden: '您无权执行此操作',
    notFound: '未找到',
    routeNotFound: '没有这个接口路径',
    tooManyRequests: '尝试次数过多，请在 {{minutes}} 分钟后重试',
    serverError: '我们这边出了点问题，请重试',
    unavailable: '服务正在启动或停止，请稍后再试',
    categoryNotFound: '该分类不存在',
    tagNotFound: '该筛选条件不存在',
    productNotFound: '该商品不存在',
    invalidCursor: '列表位置无效，请刷新列表',
  },
} as const;

export type MessageKey = keyof (typeof messages)['en'];

/** Fills {{name}} placeholders. */
export function formatMessage(
  lang: keyof typeof messages,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return messages[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

// Chinese must carry every English key: this line stops the build when one is missing.
export const zhIsComplete: Record<MessageKey, string> = messages.zh;
