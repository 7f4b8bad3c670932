/**
 * Marketing messages (docs/decisions/056): the server's answers to the profile's switch and the texts of the stop
 * link's page, in English and Chinese; part of messages-rest.*.ts (kept apart so the feature's texts sit together).
 */
export const marketingEn = {
  marketingTurnedOn: 'Marketing messages turned on',
  marketingTurnedOff: 'Marketing messages turned off',
  marketingStopTitle: 'Marketing messages',
  marketingStopped: 'Done: you will not get our reminders and offers any more, by Telegram or by e-mail.',
  marketingAlreadyStopped: 'Marketing messages were already off: you will not get our reminders and offers.',
  marketingStopOrderNews: 'News about your orders still reaches you as before.',
  marketingStopUndo: 'Changed your mind? Turn them back on in your profile.',
  marketingStopInvalid:
    'This link is not valid, so nothing was changed. Open the link from the latest message we sent you, or turn marketing messages off in your profile.',
  marketingStopOpenProfile: 'Open my profile',
} as const;

export const marketingZh: Record<keyof typeof marketingEn, string> = {
  marketingTurnedOn: '已开启营销消息',
  marketingTurnedOff: '已关闭营销消息',
  marketingStopTitle: '营销消息',
  marketingStopped: '已完成：您将不再通过 Telegram 或电子邮件收到我们的提醒和优惠信息。',
  marketingAlreadyStopped: '营销消息此前已关闭：您不会收到我们的提醒和优惠信息。',
  marketingStopOrderNews: '有关您订单的通知仍会照常发送。',
  marketingStopUndo: '改变主意了？可在个人资料中重新开启。',
  marketingStopInvalid: '此链接无效，因此未做任何更改。请打开我们最新消息中的链接，或在个人资料中关闭营销消息。',
  marketingStopOpenProfile: '打开我的资料',
};
