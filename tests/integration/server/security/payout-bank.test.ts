import { messages } from '../../../../src/common/i18n/messages';
import { addDays, nowIso } from '../../../../src/server/lib/time';
import { staffCrew } from '../../../factories/staff';
import { createUser } from '../../../factories/users';
import { buildMailTestApp, startSmtp, type TestSmtp } from '../../../setup/smtp';
import { dialects, post, type TestApp } from '../../helper';
import type { Crew } from '../admin/support';
import { insertCommission } from '../referral/fixtures';

// An agent's payout bank account changes only with the password, the agent hears of it on every channel, and a payout
// already asked for goes where it was asked to go (docs/decisions/031).

const OLD = { bank_name: 'BDO', bank_account_name: 'Ana Agent', bank_account_number: '1111-2222-33' };
const NEW = { bank_name: 'Mule Bank', bank_account_name: 'Someone Else', bank_account_number: '9999-8888-77' };

describe.each(dialects)('payout bank details on %s', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildMailTestApp(dialect, smtp, { seed: false });
    crew = await staffCrew(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** An agent with a confirmed commission and bank details, whose address is confirmed. */
  async function agentWithBalance() {
    const agent = await createUser(t.db, {
      is_agent: 1,
      commission_rate_bp: 1000,
      email_confirmed_at: nowIso(),
      telegram_user_id: String(7_200_000_000 + Math.floor(Math.random() * 1_000_000)),
      ...OLD,
    });
    const downline = await createUser(t.db, { upline_id: agent.user.id });
    await insertCommission(t.db, {
      agentId: agent.user.id,
      downlineId: downline.user.id,
      amountCents: 5000,
      status: 'Pending Payment',
    });
    return agent;
  }
  /** The agent's change of bank details, with their password. */
  const changeBank = (agent: { token: string; password: string }, bank: typeof OLD) =>
    post(t.app, '/v2/update-commission-bank', { ...bank, current_password: agent.password }, { token: agent.token });
  /** The back office's payout requests of an agent, newest first. */
  const payoutsOf = async (email: string) =>
    (await post(t.app, '/admin/affiliates/payouts', { agent: email }, { token: crew.manager.token })).body.data.payouts;
  const bankOf = async (id: number) =>
    t.db
      .selectFrom('users')
      .select(['bank_name', 'bank_account_name', 'bank_account_number'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('a change with the session alone is refused and changes nothing, on both paths', async () => {
    const agent = await agentWithBalance();
    const plain = await post(t.app, '/v2/update-commission-bank', NEW, { token: agent.token });
    expect(plain.status).toBe(422);
    expect(plain.errors).toEqual([{ field: 'current_password', message: messages.en.currentPasswordRequired }]);
    const wrong = await post(
      t.app,
      '/v2/update-commission-bank',
      { ...NEW, current_password: 'guess' },
      { token: agent.token },
    );
    expect(wrong.errors).toEqual([{ field: 'current_password', message: messages.en.currentPasswordWrong }]);
    const detail = await post(t.app, '/v2/edit-user-detail', { ...NEW, notify_orders: 0 }, { token: agent.token });
    expect(detail.status).toBe(422);
    const cleared = await post(t.app, '/v2/edit-user-detail', { clear_bank: 1 }, { token: agent.token });
    expect(cleared.status).toBe(422);
    expect(await bankOf(agent.user.id)).toEqual(OLD);
    const notify = await t.db
      .selectFrom('users')
      .select('notify_orders')
      .where('id', '=', agent.user.id)
      .executeTakeFirstOrThrow();
    expect(notify.notify_orders).toBe(1);
  });

  it('with the password: changed, and the agent is told by the bot and by e-mail', async () => {
    const agent = await agentWithBalance();
    const res = await changeBank(agent, NEW);
    expect(res.status).toBe(200);
    expect(await bankOf(agent.user.id)).toEqual(NEW);
    const bot = await t.db.selectFrom('notifications').select('kind').where('user_id', '=', agent.user.id).execute();
    expect(bot.map((n) => n.kind)).toEqual(['bank_details_changed']);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'kind', 'params'])
      .where('user_id', '=', agent.user.id)
      .execute();
    expect(mail).toEqual([
      {
        to_address: agent.user.email,
        kind: 'account_notice',
        params: JSON.stringify({ event: 'bank_details_changed' }),
      },
    ]);
  });

  it('a payout asked for before the change goes to the account it was asked for; staff see the change', async () => {
    const agent = await agentWithBalance();
    const asked = await post(t.app, '/v2/request-payout', { amount_cents: 3000 }, { token: agent.token });
    expect(asked.status, asked.body.message).toBe(200);
    const changed = await changeBank(agent, NEW);
    expect(changed.status).toBe(200);
    const list = await payoutsOf(agent.user.email);
    expect(list[0]).toMatchObject({
      bank: OLD,
      bank_now: NEW,
      bank_changed_since_request: true,
      bank_recently_changed: true,
    });
    // Paid: to the account kept with the request.
    const paid = await post(
      t.app,
      '/admin/affiliates/payout-paid',
      { payout_id: asked.body.data.payout.id, reference: 'TRX-1' },
      { token: crew.manager.token },
    );
    expect(paid.body.data).toMatchObject({ status: 'paid', bank: OLD });
    // A week later the change is no longer flagged as recent, but still shown.
    await t.db
      .updateTable('users')
      .set({ bank_changed_at: addDays(nowIso(), -8) })
      .where('id', '=', agent.user.id)
      .execute();
    const later = await payoutsOf(agent.user.email);
    expect(later[0]).toMatchObject({
      bank_changed_since_request: true,
      bank_recently_changed: false,
    });
  });

  it('a first account is not a change; a payout asked for after a change carries the new account', async () => {
    const agent = await createUser(t.db, { is_agent: 1, commission_rate_bp: 1000 });
    const downline = await createUser(t.db, { upline_id: agent.user.id });
    await insertCommission(t.db, {
      agentId: agent.user.id,
      downlineId: downline.user.id,
      amountCents: 900,
      status: 'Pending Payment',
    });
    const set = await changeBank(agent, OLD);
    expect(set.status).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('bank_changed_at')
      .where('id', '=', agent.user.id)
      .executeTakeFirstOrThrow();
    expect(row.bank_changed_at).toBeNull();
    await post(t.app, '/v2/request-payout', { amount_cents: 500 }, { token: agent.token });
    const list = await payoutsOf(agent.user.email);
    expect(list[0]).toMatchObject({
      bank: OLD,
      bank_now: OLD,
      bank_changed_since_request: false,
      bank_recently_changed: false,
    });
  });
});
