import { nowIso } from '../../../../src/server/lib/time';
import { ShopLinks } from '../../../../src/server/telegram/bot/links';
import { createNotificationSender, RETRY_PAUSE_S } from '../../../../src/server/telegram/bot/notifications';
import { createUser } from '../../../factories/users';
import { interceptBotApi } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { insertOrder } from '../../../support/telegram/orders';
import { buildTestApp, dialects, type TestApp } from '../../helper';

/**
 * The bot outbox with two senders on one database (two instances; docs/decisions/024). Telegram's sendMessage is slow
 * here (300 ms), so the second sender's round reads the outbox while the first is inside its call: the row's claim
 * must keep it from sending the row again.
 */
describe.each(dialects)('bot outbox with two senders on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof interceptBotApi>;
  /** sendMessage calls begun (counted as they start, before the slow part). */
  let begun = 0;
  /** While set, sendMessage waits for it (a Telegram call that hangs, up to grammY's 500 s timeout). */
  let hang: Promise<void> | undefined;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { botToken: TEST_BOT_TOKEN });
    api = interceptBotApi(t.app.bot!);
    t.app.bot!.api.config.use(async (prev, method, payload, signal) => {
      if (method === 'sendMessage') {
        begun++;
        await new Promise((resolve) => setTimeout(resolve, 300));
        const h = hang; // only the next call hangs
        hang = undefined;
        if (h) await h;
      }
      return prev(method, payload, signal);
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    api.reset();
    api.clearFailures();
    await t.db.updateTable('notifications').set({ sent_at: nowIso() }).where('sent_at', 'is', null).execute();
  });

  let nextTgId = 8_100_000_000 + (dialect === 'postgres' ? 1000 : 0);
  const notice = async () => {
    const tgId = String(++nextTgId);
    const { user } = await createUser(t.db, { telegram_user_id: tgId });
    const order = await insertOrder(t.db, user.id);
    const row = await t.db
      .insertInto('notifications')
      .values({ user_id: user.id, order_id: order.id, kind: 'placed', created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { tgId, id: row.id };
  };
  const senders = () => {
    const make = () =>
      createNotificationSender({
        db: t.db,
        files: t.app.files,
        api: t.app.bot!.api,
        links: new ShopLinks(undefined),
      });
    return [make(), make()] as const;
  };

  it('a row being sent by one sender is not sent again by the other', async () => {
    const { tgId } = await notice();
    const [a, b] = senders();
    begun = 0;
    const first = a.drainOnce();
    // B's round starts while A is inside sendMessage.
    await vi.waitFor(() => expect(begun).toBe(1), { interval: 5 });
    const [sentA, sentB] = await Promise.all([first, b.drainOnce()]);
    expect(sentA + sentB).toBe(1);
    expect(api.of('sendMessage').map((c) => String(c.payload.chat_id))).toEqual([tgId]);
  });

  it('two senders ticking at once: one holds the job lease and drains, the other skips its round', async () => {
    const { tgId } = await notice();
    const [a, b] = senders();
    const results = await Promise.all([a.tickOnce(), b.tickOnce()]);
    expect(results.filter((r) => r !== null)).toEqual([1]);
    expect(api.of('sendMessage').map((c) => String(c.payload.chat_id))).toEqual([tgId]);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('a row stays claimed for as long as a Telegram call may last (grammY: 500 s): not sent twice', async () => {
    const { tgId } = await notice();
    const [a, b] = senders();
    let release: () => void = () => undefined;
    hang = new Promise<void>((resolve) => {
      release = resolve;
    });
    begun = 0;
    const now = Date.now();
    const first = a.drainOnce(new Date(now));
    await vi.waitFor(() => expect(begun).toBe(1), { interval: 5 });
    // A's call still hangs 3 minutes on (Telegram slow, the network stalled): B must not take the row.
    const second = await b.drainOnce(new Date(now + 3 * 60_000));
    release();
    expect(second).toBe(0);
    expect(await first).toBe(1);
    expect(api.of('sendMessage').map((c) => String(c.payload.chat_id))).toEqual([tgId]);
  });

  it('a failed send waits its pause before the next try', async () => {
    const { tgId, id } = await notice();
    const [a] = senders();
    api.fail('sendMessage', 502, 'Bad Gateway', tgId);
    const now = Date.now();
    expect(await a.drainOnce(new Date(now))).toBe(0);
    api.clearFailures();
    expect(await a.drainOnce(new Date(now + 1000))).toBe(0); // not yet
    expect(await a.drainOnce(new Date(now + (RETRY_PAUSE_S[0] + 1) * 1000))).toBe(1);
    const row = await t.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 2, last_error: null });
    expect(row.sent_at).not.toBeNull();
  });
});
