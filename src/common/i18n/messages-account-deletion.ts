/**
 * The messages of deleting an account (docs/decisions/050), in English and Chinese; part of messages.ts (kept apart so
 * neither of its files grows past its size).
 */
export const deletionEn = {
  accountHasOpenOrders: 'Complete or cancel your open orders first: {{orders}}',
  customerHasOpenOrders: 'The customer has open orders, which must be completed or cancelled first: {{orders}}',
  accountDeletePasswordWrong: 'The password is not correct, so the account was not deleted',
  accountDeleted: 'Your account has been deleted',
  accountDeleteConfirmSent: 'We sent a message to your Telegram chat with our bot: press "Delete my account" there',
  accountDeleteNoTelegram: 'This account is not linked to Telegram: confirm with your password',
  accountDeleteStaff: 'A staff member’s account cannot be deleted: remove them from the staff first',
  accountAlreadyDeleted: 'This account has already been deleted',
  customerDeleteConfirm: 'Type the customer’s number {{id}} to confirm',
  customerDeleted: 'Customer #{{id}} deleted: their orders stay as "Former customer #{{id}}"',
} as const;

export const deletionZh: Record<keyof typeof deletionEn, string> = {
  accountHasOpenOrders: '请先完成或取消未完成的订单：{{orders}}',
  customerHasOpenOrders: '该顾客有未完成的订单，须先完成或取消：{{orders}}',
  accountDeletePasswordWrong: '密码不正确，账户未删除',
  accountDeleted: '您的账户已删除',
  accountDeleteConfirmSent: '我们已在您与机器人的 Telegram 对话中发送消息：请在那里点击“删除我的账户”',
  accountDeleteNoTelegram: '此账户未绑定 Telegram：请用密码确认',
  accountDeleteStaff: '员工账户不能删除：请先将其移出员工名单',
  accountAlreadyDeleted: '此账户已被删除',
  customerDeleteConfirm: '请输入顾客编号 {{id}} 以确认',
  customerDeleted: '已删除顾客 #{{id}}：其订单以“前顾客 #{{id}}”保留',
};
