/**
 * "Download my data" (docs/decisions/051): the server's answers in English and Chinese; part of messages-rest.*.ts
 * (kept apart so the feature's texts sit together).
 */
export const dataExportEn = {
  dataExportRequested: 'We are preparing a copy of your data. We will tell you when it is ready to download.',
  dataExportLimit: 'You can ask for a copy of your data {{max}} times a day; please try again in {{hours}} h',
  dataExportLinkExpired:
    'This download link has expired (links work for 24 hours and the file is then deleted). Ask for a new copy on your profile page.',
  dataExportLinkInvalid:
    'This download link is not valid. Open the latest link we sent you, or ask for a new copy on your profile page.',
  dataExportNotReady: 'There is no copy of your data ready to download',
  dataExportNotLinked: 'Your account is not linked to Telegram',
  dataExportSentToTelegram: 'The bot has sent you the link in Telegram',
  dataExportNoCustomer: 'There is no such customer',
} as const;

export const dataExportZh: Record<keyof typeof dataExportEn, string> = {
  dataExportRequested: '我们正在准备您的数据副本，准备好后会通知您下载。',
  dataExportLimit: '每天最多可申请 {{max}} 次数据副本；请在 {{hours}} 小时后重试',
  dataExportLinkExpired: '此下载链接已过期（链接有效期为 24 小时，之后文件会被删除）。请在个人资料页面重新申请副本。',
  dataExportLinkInvalid: '此下载链接无效。请打开我们发送给您的最新链接，或在个人资料页面重新申请副本。',
  dataExportNotReady: '没有可下载的数据副本',
  dataExportNotLinked: '您的账户未绑定 Telegram',
  dataExportSentToTelegram: '机器人已在 Telegram 中向您发送链接',
  dataExportNoCustomer: '没有这位客户',
};
