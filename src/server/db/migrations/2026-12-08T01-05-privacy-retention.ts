import type { Kysely } from 'kysely';

// Frozen once shipped. The privacy policy page gains a section on what is kept, why, for how long, how to get a copy
// and how to delete the account (docs/decisions/050). The seed writes the page with it (seed/shop-data.ts reads the
// texts from here); an existing shop's page gets it only while its text is still the seeded one, so a page the owner
// has rewritten is left as the owner wrote it.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

/** The page's texts as the seed wrote them before this section. */
export const SEEDED_PRIVACY = {
  en: 'We keep only what we need to deliver your orders: your name, contact details, addresses and order history.\n\nPasswords are stored as one-way hashes. If you link Telegram, we store your Telegram id, username and name to send you order updates.\n\nWe never sell your data. Write to hello@leafandcup.example to see or delete it.',
  zh: '我们只保存为您配送订单所需的信息：姓名、联系方式、地址和订单记录。\n\n密码以单向哈希形式保存。若您绑定 Telegram，我们会保存您的 Telegram ID、用户名和姓名，用于发送订单通知。\n\n我们绝不出售您的数据。如需查看或删除，请发送邮件至 hello@leafandcup.example。',
} as const;

/** The section added after it. */
export const PRIVACY_RETENTION_SECTION = {
  en: [
    'What we keep, why, and for how long',
    'Your account (name, e-mail address, phone number, password hash, saved addresses, Telegram link, bank details for payouts) is kept while you have the account, so you can log in, order and be paid.',
    'Each order keeps its items, amounts, payments, refunds and dates for our accounts, as long as tax law requires us to keep books. The name, phone number and street address it was delivered to are removed one year after the order is completed or cancelled. The photo of a bank-transfer receipt is deleted 30 days after its order is cancelled. The browser or Telegram id of a visit through a referral link is removed after 30 days.',
    'Get a copy: open Profile and choose "Download my data".',
    'Delete your account: open Profile and choose "Delete my account" (inside Telegram you can confirm in the chat with our bot), or write to us and the shop owner will do it for you. Orders that are still open must be completed or cancelled first, and any cash reward balance is forfeited. Your name, e-mail, phone, addresses, Telegram link, sessions and uploads are erased at once, and your subscriptions end; your past orders stay in our books as "Former customer" without your name, contact details or address, and your reviews stay under "Former customer". You can register again with the same e-mail address or phone number afterwards.',
  ].join('\n\n'),
  zh: [
    '我们保存什么、为什么、保存多久',
    '您的账户信息（姓名、电子邮箱、手机号、密码哈希、收货地址、Telegram 绑定、用于提现的银行信息）在账户存在期间保存，以便您登录、下单和收款。',
    '每笔订单的商品、金额、付款、退款和日期按税法要求的账簿保存期限保存。订单的收货人姓名、电话和街道地址在订单完成或取消一年后删除。银行转账收据照片在订单取消 30 天后删除。通过推荐链接访问时记录的浏览器或 Telegram 标识在 30 天后删除。',
    '获取副本：打开“个人资料”，选择“下载我的数据”。',
    '删除账户：打开“个人资料”，选择“删除我的账户”（在 Telegram 内可在与我们机器人的对话中确认），或写信给我们，由店主为您删除。尚未完成的订单须先完成或取消，现金奖励余额将作废。您的姓名、邮箱、手机号、地址、Telegram 绑定、登录会话和上传的文件会立即删除，订阅随之结束；过往订单以“前顾客”的名义保留在账簿中，不含您的姓名、联系方式和地址，您的评价也以“前顾客”署名保留。之后您可以用同一邮箱或手机号重新注册。',
  ].join('\n\n'),
} as const;

export async function up(db: Db): Promise<void> {
  const now = new Date().toISOString();
  for (const lang of ['en', 'zh'] as const) {
    const column = `body_${lang}`;
    await db
      .updateTable('pages')
      .set({ [column]: `${SEEDED_PRIVACY[lang]}\n\n${PRIVACY_RETENTION_SECTION[lang]}`, updated_at: now })
      .where('slug', '=', 'privacy')
      .where(column, '=', SEEDED_PRIVACY[lang])
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const lang of ['en', 'zh'] as const) {
    const column = `body_${lang}`;
    await db
      .updateTable('pages')
      .set({ [column]: SEEDED_PRIVACY[lang] })
      .where('slug', '=', 'privacy')
      .where(column, '=', `${SEEDED_PRIVACY[lang]}\n\n${PRIVACY_RETENTION_SECTION[lang]}`)
      .execute();
  }
}
