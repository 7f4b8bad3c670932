import type { Kysely } from 'kysely';

// Frozen once shipped. Back office part 2 (issue 13): the owner now edits the bank account customers transfer to
// (Settings), and checkout shows it from the settings beside the method's instructions. The demo's bank-transfer
// instructions repeated the account number, so they would have gone on showing the old one: rewritten, only
// where they are still the demo's own text (a shop that wrote its own keeps it).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

const OLD = {
  en: 'Transfer the grand total to Leaf & Cup Trading, account 0123-4567-89 at BDO Unibank, then enter your payment reference and upload the receipt.',
  zh: '请将应付总额转账至 BDO Unibank 账户 0123-4567-89（户名 Leaf & Cup Trading），然后填写付款参考号并上传收据。',
};
const NEW = {
  en: 'Transfer the grand total to the bank account shown here, then enter your payment reference and upload the receipt.',
  zh: '请将应付总额转账至此处显示的银行账户，然后填写付款参考号并上传收据。',
};

async function rewrite(db: Db, from: typeof OLD, to: typeof OLD): Promise<void> {
  for (const lang of ['en', 'zh'] as const) {
    await db
      .updateTable('payment_methods')
      .set({ [`instructions_${lang}`]: to[lang] })
      .where('code', '=', 'bank_transfer')
      .where(`instructions_${lang}`, '=', from[lang])
      .execute();
  }
}

export async function up(db: Db): Promise<void> {
  await rewrite(db, OLD, NEW);
}

export async function down(db: Db): Promise<void> {
  await rewrite(db, NEW, OLD);
}
