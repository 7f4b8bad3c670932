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
