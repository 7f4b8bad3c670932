import { issueAccountToken } from '../../../../src/server/accounts/account-tokens';
import { createUser } from '../../../factories/users';
import { buildMailTestApp, startSmtp, type TestSmtp } from '../../../setup/smtp';
import { signInitData, TEST_BOT_TOKEN, tgUser } from '../../../support/telegram/init-data';
import { dialects, post, type TestApp } from '../../helper';

// Every way into an account ends with a password reset, and its owner hears of every change to them on every channel
// (docs/decisions/031): the Telegram link, the password, the e-mail, the phone and an agent's bank account.

let nextTgId = 7_100_000_000;
const freshTgId = () => ++nextTgId;
const confirmed = () => ({ email_confirmed_at: new Date().toISOString() });

describe.each(dialects)('ways into an account on %s', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildMailTestApp(dialect, smtp, { seed: false, botToken: TEST_BOT_TOKEN });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const openMiniApp = (tgId: number) =>
    post<{ linked: boolean; token?: string }>(t.app, '/v2/get-info-from-telegram', {
      init_data: signInitData(tgUser(tgId)),
    });
  const link = (token: string, tgId: number, password: string, extra: Record<string, unknown> = {}) =>
    post(t.app, '/v2/link-telegram', { init_data: signInitData(tgUser(tgId)), password, ...extra }, { token });
  const botNotices = (userId: number) =>
    t.db
      .selectFrom('notifications')
      .select(['kind', 'telegram_chat_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const mails = async (userId: number) =>
    (
      await t.db
        .selectFrom('mail_outbox')
        .select(['to_address', 'kind', 'params'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((m) => ({ to: m.to_address, kind: m.kind, params: JSON.parse(m.params) as Record<string, string> }));
  const accountMails = async (userId: number) => (await mails(userId)).filter((m) => m.kind === 'account_notice');

  /** A customer whose account someone else linked to their own Telegram (they knew the password once). */
  async function takenOver() {
    const owner = await createUser(t.db, confirmed());
    const attackerTg = freshTgId();
    expect((await link(owner.token, attackerTg, owner.password)).status).toBe(200);
    expect((await openMiniApp(attackerTg)).body.data.linked).toBe(true);
    return { owner, attackerTg };
  }

  it('a password reset removes the Telegram link: the Mini App no longer opens the account', async () => {
    const { owner, attackerTg } = await takenOver();
    const token = await t.db
      .transaction()
      .execute((trx) =>
        issueAccountToken(trx, { userId: owner.user.id, purpose: 'reset_password', email: owner.user.email }),
      );
    const reset = await post(t.app, '/v2/reset-password', {
      link_token: token,
      password: 'fresh-start-1',
      confirm_password: 'fresh-start-1',
    });
    expect(reset.status).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select(['telegram_user_id', 'telegram_name'])
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ telegram_user_id: null, telegram_name: null });
    const again = await openMiniApp(attackerTg);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ linked: false });
    expect(again.body.data).not.toHaveProperty('token');
    // The chat that was linked hears that it was unlinked by the reset.
    expect(await botNotices(owner.user.id)).toContainEqual({
      kind: 'password_reset',
      telegram_chat_id: String(attackerTg),
    });
  });

  it('linking tells the owner by e-mail too, not only the new chat; moving and unlinking tell every chat', async () => {
    const owner = await createUser(t.db, confirmed());
    const first = freshTgId();
    const second = freshTgId();
    expect((await link(owner.token, first, owner.password)).status).toBe(200);
    expect(await accountMails(owner.user.id)).toEqual([
      {
        to: owner.user.email,
        kind: 'account_notice',
        params: { event: 'telegram_linked', telegramName: `Mei Chen (@mei_${first})` },
      },
    ]);
    const moved = await link(owner.token, second, owner.password, { replaces_telegram_user_id: String(first) });
    expect(moved.status).toBe(200);
    const unlinked = await post(t.app, '/v2/unlink-telegram', { password: owner.password }, { token: owner.token });
    expect(unlinked.status).toBe(200);
    expect(await botNotices(owner.user.id)).toEqual([
      { kind: 'telegram_linked', telegram_chat_id: String(first) },
      { kind: 'telegram_linked', telegram_chat_id: String(second) },
      { kind: 'telegram_link_moved', telegram_chat_id: String(first) },
      { kind: 'telegram_unlinked', telegram_chat_id: String(second) },
    ]);
    expect((await accountMails(owner.user.id)).map((m) => m.params.event)).toEqual([
      'telegram_linked',
      'telegram_linked',
      'telegram_unlinked',
    ]);
  });

  it('an unconfirmed address hears nothing of it (it may not be the owner’s); the bot still does', async () => {
    const owner = await createUser(t.db);
    expect((await link(owner.token, freshTgId(), owner.password)).status).toBe(200);
    expect(await accountMails(owner.user.id)).toEqual([]);
    expect(await botNotices(owner.user.id)).toHaveLength(1);
  });

  it('a password change offers to remove the link: with it, the Mini App no longer opens the account', async () => {
    const { owner, attackerTg } = await takenOver();
    const body = {
      nickname: owner.user.nickname,
      email: owner.user.email,
      phone: owner.user.phone,
      password: 'brand-new-1',
      confirm_password: 'brand-new-1',
      current_password: owner.password,
    };
    const changed = await post(
      t.app,
      '/v2/edit-user-profile',
      { ...body, unlink_telegram: true },
      { token: owner.token },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.user_info.telegram_user_id).toBeNull();
    expect((await openMiniApp(attackerTg)).body.data.linked).toBe(false);
    expect((await botNotices(owner.user.id)).slice(-1)).toEqual([
      { kind: 'telegram_unlinked', telegram_chat_id: String(attackerTg) },
    ]);
    expect((await accountMails(owner.user.id)).map((m) => m.params.event)).toEqual([
      'telegram_linked',
      'password_changed',
      'telegram_unlinked',
    ]);
  });

  it('a password change without the choice keeps the link, and tells the chat and the mailbox', async () => {
    const owner = await createUser(t.db, confirmed());
    const tg = freshTgId();
    expect((await link(owner.token, tg, owner.password)).status).toBe(200);
    const body = {
      nickname: owner.user.nickname,
      email: owner.user.email,
      phone: '+639170000123',
      password: 'brand-new-2',
      confirm_password: 'brand-new-2',
      current_password: owner.password,
    };
    expect((await post(t.app, '/v2/edit-user-profile', body, { token: owner.token })).status).toBe(200);
    expect((await openMiniApp(tg)).body.data.linked).toBe(true);
    expect((await botNotices(owner.user.id)).map((n) => n.kind)).toEqual([
      'telegram_linked',
      'password_changed',
      'contact_changed',
    ]);
    expect((await accountMails(owner.user.id)).map((m) => m.params.event)).toEqual([
      'telegram_linked',
      'password_changed',
      'phone_changed',
    ]);
  });

  it('a new e-mail address: the old one is told, and the linked chat', async () => {
    const owner = await createUser(t.db, confirmed());
    const tg = freshTgId();
    await link(owner.token, tg, owner.password);
    const newEmail = `moved-${owner.user.id}@example.com`;
    const res = await post(
      t.app,
      '/v2/edit-user-profile',
      { nickname: owner.user.nickname, email: newEmail, phone: owner.user.phone, current_password: owner.password },
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    expect((await botNotices(owner.user.id)).map((n) => n.kind)).toEqual(['telegram_linked', 'contact_changed']);
    const sent = await mails(owner.user.id);
    expect(sent.filter((m) => m.kind === 'email_changed').map((m) => m.to)).toEqual([owner.user.email]);
  });
});
