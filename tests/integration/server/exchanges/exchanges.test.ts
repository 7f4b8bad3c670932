import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderExchanges } from '../../../../src/common/contract/exchanges';
import { listForStaff, orderExchanges } from '../../../../src/server/exchanges/service';
import { signedFileLink } from '../../../../src/server/orders/receipts';
import { createOrder } from '../../../factories/orders';
import { staffCrew } from '../../../factories/staff';
import { createUser } from '../../../factories/users';
import { buildMailTestApp, sendMailNow, startSmtp, type TestSmtp } from '../../../setup/smtp';
import { buttonsOf, interceptBotApi } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { dialects, post, storedKeys, type TestApp } from '../../helper';
import { tablesRead } from '../../tables-read';
import { postMultipart } from '../orders/support';

// Product exchanges (docs/decisions/020): who may ask, for what and until when; one request per line even
// when asked twice at once; staff decide once (fulfilment and customers may not); every decision audited; the
// customer told once by the bot and once by e-mail, staff alerted once.

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

type Crew = Awaited<ReturnType<typeof staffCrew>>;

/** A real 4×3 PNG (the server decodes a photo and stores it again without its metadata). */
const PNG = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#8a6' } })
  .png()
  .toBuffer();

describe.each(dialects)('exchanges on %s', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let crew: Crew;
  let buyer: Awaited<ReturnType<typeof createUser>>;
  let api: ReturnType<typeof interceptBotApi>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildMailTestApp(dialect, smtp, {
      botToken: TEST_BOT_TOKEN,
      env: { MAX_UPLOAD_BYTES: String(64 * 1024) },
    });
    api = interceptBotApi(t.app.bot!);
    crew = await staffCrew(t.db);
    buyer = await createUser(t.db);
    // Staff alerts go to members linked to Telegram: the owner is.
    await t.db
      .updateTable('users')
      .set({ telegram_user_id: '700100200' })
      .where('id', '=', crew.owner.user.id)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  const count = async (table: 'exchange_requests' | 'notifications' | 'mail_outbox' | 'audit_log') =>
    Number((await t.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({
    requests: await count('exchange_requests'),
    notifications: await count('notifications'),
    mail: await count('mail_outbox'),
  });
  const ask = (token: string, body: Record<string, unknown>, photo?: { bytes: Uint8Array; type?: string }) =>
    photo
      ? postMultipart<OrderExchanges>(
          t.app,
          '/v1/request-exchange',
          { reason: 'damaged', ...body },
          { field: 'photo', name: 'photo.png', ...photo },
          token,
        )
      : post<OrderExchanges>(t.app, '/v1/request-exchange', { reason: 'damaged', ...body }, { token });
  /** Photos in the file store (the database by default: no folder to count). */
  const photosStored = async () => (await storedKeys(t, 'exchanges/')).length;

  it('lets the customer ask for a line of a completed order, with a photo only they and staff can open', async () => {
    const { order, lines } = await createOrder(t.db, buyer.user.id, { lines: [2, 1] });
    const before = await post<OrderExchanges>(
      t.app,
      '/v1/get-order-exchanges',
      { order_id: order.id },
      { token: buyer.token },
    );
    expect(before.status).toBe(200);
    expect(before.body.data.can_request).toBe(true);
    expect(before.body.data.open_item_ids).toEqual(lines.map((l) => l.id));
    expect(Date.parse(before.body.data.deadline!) - Date.parse(order.completed_at!)).toBe(14 * DAY);

    const res = await ask(
      buyer.token,
      { order_id: order.id, order_item_id: lines[0]!.id, quantity: 1 },
      { bytes: PNG },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Exchange requested: we will answer soon');
    const [request] = res.body.data.requests;
    expect(request).toMatchObject({ order_item_id: lines[0]!.id, quantity: 1, reason: 'damaged', status: 'requested' });
    expect(res.body.data.open_item_ids).toEqual([lines[1]!.id]);

    const photo = await t.app.inject({ method: 'GET', url: request!.photo_url! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 4, height: 3 });
    // One character of the signature changed (to another one: a fixed replacement would equal it 1 time in 64).
    const forgedUrl = request!.photo_url!.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect(forgedUrl).not.toBe(request!.photo_url);
    const forged = await t.app.inject({ method: 'GET', url: forgedUrl });
    expect(forged.statusCode).toBe(404);
    const otherUser = await t.app.inject({
      method: 'GET',
      url: request!.photo_url!.replace(/u=\d+/, `u=${crew.owner.user.id}`),
    });
    expect(otherUser.statusCode).toBe(404);
    expect(photo.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=600',
      'content-disposition': 'inline',
    });
    // Expired, or signed for a receipt (another scope): the same 404.
    const hours = (n: number) => Date.now() - n * 60 * 60 * 1000;
    const expired = await signedFileLink(t.db, 'exchange', '/v1/exchange-photo', request!.id, buyer.user.id, hours(2));
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
    const asReceipt = await signedFileLink(t.db, 'receipt', '/v1/exchange-photo', request!.id, buyer.user.id);
    expect((await t.app.inject({ method: 'GET', url: asReceipt })).statusCode).toBe(404);

    // Staff see the same photo from the back office.
    const list = await post(t.app, '/admin/exchanges', { order_id: order.id }, { token: crew.fulfilment.token });
    expect(list.status).toBe(200);
    expect(list.body.data.requests[0]).toMatchObject({ id: request!.id, order_no: order.order_no, line_quantity: 2 });
    expect((await t.app.inject({ method: 'GET', url: list.body.data.requests[0]!.photo_url! })).statusCode).toBe(200);

    // Told once: the customer's bot notice, one staff alert per member who hears of orders, one receipt e-mail.
    const notes = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('order_id', 'is', null)
      .where('kind', '=', 'staff_exchange_request')
      .execute();
    expect(notes.map((n) => [n.user_id, JSON.parse(n.params!)])).toEqual([
      [crew.owner.user.id, { exchangeId: request!.id }],
    ]);
    const customerNotes = await t.db.selectFrom('notifications').selectAll().where('order_id', '=', order.id).execute();
    expect(customerNotes.map((n) => n.kind)).toEqual(['exchange_requested']);
    expect(JSON.parse(customerNotes[0]!.params!)).toMatchObject({ item_en: expect.stringContaining('× 1') });
    await sendMailNow(t);
    const mails = smtp.messages.filter((m) => m.to === buyer.user.email.toLowerCase());
    expect(mails.map((m) => m.subject)).toEqual([`Order #${order.order_no}: we have your exchange request`]);
    expect(mails[0]!.text).toContain(`/order?id=${order.id}`);
  });

  it('refuses, changing nothing, what the rules do not allow', async () => {
    const other = await createUser(t.db);
    const { order, lines } = await createOrder(t.db, buyer.user.id, { lines: [2] });
    const { order: another, lines: anotherLines } = await createOrder(t.db, buyer.user.id);
    const { order: processing, lines: processingLines } = await createOrder(t.db, buyer.user.id, {
      status: 'Processing',
    });
    const { order: late, lines: lateLines } = await createOrder(t.db, buyer.user.id, {
      completedAt: ago(14 * DAY + 60_000),
    });
    const snapshot = await counts();
    const stored = await photosStored();
    const refusals: Array<
      [Promise<{ status: number; errors: Array<{ field: string }>; body: { message: string } }>, number, string]
    > = [
      [ask(buyer.token, { order_id: processing.id, order_item_id: processingLines[0]!.id }), 422, 'order_id'],
      [ask(buyer.token, { order_id: late.id, order_item_id: lateLines[0]!.id }), 422, 'order_id'],
      [ask(other.token, { order_id: order.id, order_item_id: lines[0]!.id }), 404, 'order_id'],
      [ask(buyer.token, { order_id: order.id, order_item_id: anotherLines[0]!.id }), 422, 'order_item_id'],
      [ask(buyer.token, { order_id: order.id, order_item_id: lines[0]!.id, quantity: 3 }), 422, 'quantity'],
      [ask(buyer.token, { order_id: order.id, order_item_id: lines[0]!.id, quantity: 0 }), 422, 'quantity'],
      [ask(buyer.token, { order_id: order.id, order_item_id: lines[0]!.id, reason: 'other' }), 422, 'note'],
      [ask(buyer.token, { order_id: order.id, order_item_id: lines[0]!.id, reason: 'bored' }), 422, 'reason'],
      // A NUL in the note (PostgreSQL's text cannot hold one): refused at the field, the photo not kept.
      [
        ask(
          buyer.token,
          { order_id: order.id, order_item_id: lines[0]!.id, reason: 'other', note: 'Stale\u0000tea' },
          { bytes: PNG },
        ),
        422,
        'note',
      ],
      [
        ask(
          buyer.token,
          { order_id: order.id, order_item_id: lines[0]!.id },
          { bytes: Buffer.from('GIF89a not allowed'), type: 'image/gif' },
        ),
        422,
        'photo',
      ],
      [
        ask(buyer.token, { order_id: order.id, order_item_id: lines[0]!.id }, { bytes: Buffer.alloc(65 * 1024, 1) }),
        413,
        'photo',
      ],
    ];
    for (const [pending, status, field] of refusals) {
      const res = await pending;
      expect({ status: res.status, field: res.errors[0]?.field }).toEqual({ status, field });
      expect(res.body.message).not.toBe('');
    }
    const lateRes = await ask(buyer.token, { order_id: late.id, order_item_id: lateLines[0]!.id });
    expect(lateRes.body.message).toMatch(/could be asked until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(await counts()).toEqual(snapshot);
    expect(await photosStored()).toBe(stored);
    // Another order's page tells the stranger nothing.
    expect((await post(t.app, '/v1/get-order-exchanges', { order_id: order.id }, { token: other.token })).status).toBe(
      404,
    );
    expect((await ask('', { order_id: order.id, order_item_id: lines[0]!.id })).status).toBe(401);
    void another;
  });

  it('holds the days boundary and follows the setting', async () => {
    const justIn = await createOrder(t.db, buyer.user.id, { completedAt: ago(14 * DAY - 60_000) });
    expect((await ask(buyer.token, { order_id: justIn.order.id, order_item_id: justIn.lines[0]!.id })).status).toBe(
      200,
    );

    const older = await createOrder(t.db, buyer.user.id, { completedAt: ago(20 * DAY) });
    const view = () =>
      post<OrderExchanges>(t.app, '/v1/get-order-exchanges', { order_id: older.order.id }, { token: buyer.token });
    expect((await view()).body.data).toMatchObject({ can_request: false, open_item_ids: [] });
    const saved = await post(t.app, '/admin/settings/update', { exchange_days: 30 }, { token: crew.owner.token });
    expect(saved.status).toBe(200);
    expect(
      (
        await t.db
          .selectFrom('audit_log')
          .select('after_json')
          .where('action', '=', 'settings.update')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).after_json,
    ).toBe('{"exchange_days":30}');
    expect((await view()).body.data.can_request).toBe(true);
    expect((await ask(buyer.token, { order_id: older.order.id, order_item_id: older.lines[0]!.id })).status).toBe(200);
    for (const bad of [0, 366, 'x']) {
      const res = await post(t.app, '/admin/settings/update', { exchange_days: bad }, { token: crew.owner.token });
      expect({ status: res.status, field: res.errors[0]?.field }).toEqual({ status: 422, field: 'exchange_days' });
    }
    await post(t.app, '/admin/settings/update', { exchange_days: 14 }, { token: crew.owner.token });
  });

  it('stores a photo upright and without its metadata (where a phone photo was taken), and refuses one it cannot read', async () => {
    const { order, lines } = await createOrder(t.db, buyer.user.id, { lines: [1, 1] });
    const withExif = await sharp({ create: { width: 6, height: 4, channels: 3, background: '#420' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Taken at 14.5995 N, 120.9842 E' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await ask(
      buyer.token,
      { order_id: order.id, order_item_id: lines[0]!.id },
      { bytes: withExif, type: 'image/jpeg' },
    );
    expect(res.status).toBe(200);
    const photo = await t.app.inject({ method: 'GET', url: res.body.data.requests[0]!.photo_url! });
    const meta = await sharp(photo.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 6, height: 4 });
    expect(meta.exif).toBeUndefined();
    expect(photo.rawPayload.includes('14.5995')).toBe(false);

    // JPEG's first bytes and nothing more: refused at the field, nothing kept.
    const stored = await photosStored();
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const broken = await ask(buyer.token, { order_id: order.id, order_item_id: lines[1]!.id }, { bytes: jpegStart });
    expect({ status: broken.status, field: broken.errors[0]?.field }).toEqual({ status: 422, field: 'photo' });
    expect(await photosStored()).toBe(stored);
  });

  it('makes one request of two submits at once, and never a second for the same line', async () => {
    const { order, lines } = await createOrder(t.db, buyer.user.id);
    const stored = await photosStored();
    const body = { order_id: order.id, order_item_id: lines[0]!.id };
    const results = await Promise.all([ask(buyer.token, body, { bytes: PNG }), ask(buyer.token, body, { bytes: PNG })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await t.db.selectFrom('exchange_requests').selectAll().where('order_id', '=', order.id).execute();
    expect(rows).toHaveLength(1);
    expect(await photosStored()).toBe(stored + 1);
    const notes = await t.db.selectFrom('notifications').select('kind').where('order_id', '=', order.id).execute();
    expect(notes).toEqual([{ kind: 'exchange_requested' }]);
    const again = await ask(buyer.token, body);
    expect({ status: again.status, field: again.errors[0]?.field }).toEqual({ status: 409, field: 'order_item_id' });
  });

  describe('deciding', () => {
    const newRequest = async () => {
      const { order, lines } = await createOrder(t.db, buyer.user.id);
      const res = await ask(buyer.token, { order_id: order.id, order_item_id: lines[0]!.id });
      expect(res.status).toBe(200);
      return { order, id: res.body.data.requests[0]!.id };
    };

    it('lets owners and managers decide, not fulfilment or customers, and each decision needs its text', async () => {
      const { id } = await newRequest();
      for (const who of [crew.fulfilment, crew.customer]) {
        for (const path of ['/admin/exchanges/approve', '/admin/exchanges/decline']) {
          expect((await post(t.app, path, { id, answer: 'x' }, { token: who.token })).status).toBe(403);
        }
      }
      expect((await post(t.app, '/admin/exchanges', {}, { token: crew.customer.token })).status).toBe(403);
      for (const path of ['/admin/exchanges/approve', '/admin/exchanges/decline']) {
        const res = await post(t.app, path, { id, answer: '   ' }, { token: crew.manager.token });
        expect({ status: res.status, field: res.errors[0]?.field }).toEqual({ status: 422, field: 'answer' });
      }
      const missing = await post(
        t.app,
        '/admin/exchanges/approve',
        { id: 999_999, answer: 'x' },
        { token: crew.owner.token },
      );
      expect({ status: missing.status, field: missing.errors[0]?.field }).toEqual({ status: 404, field: 'id' });
      const row = await t.db.selectFrom('exchange_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'requested', answer: null, decided_by: null });
    });

    it('approves once with what is sent instead: audited, the customer told once by bot and e-mail', async () => {
      const { order, id } = await newRequest();
      smtp.messages.length = 0;
      await sendMailNow(t);
      smtp.messages.length = 0;
      const res = await post(
        t.app,
        '/admin/exchanges/approve',
        { id, answer: 'A new tin of Tie Guan Yin 100 g' },
        { token: crew.manager.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.request).toMatchObject({
        status: 'approved',
        answer: 'A new tin of Tie Guan Yin 100 g',
        decided_by: crew.manager.user.email,
      });
      const again = await post(t.app, '/admin/exchanges/decline', { id, answer: 'No' }, { token: crew.owner.token });
      expect({ status: again.status, message: again.body.message }).toEqual({
        status: 409,
        message: 'This exchange request was already approved',
      });

      const audit = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'exchange')
        .where('entity_id', '=', String(id))
        .execute();
      expect(audit.map((a) => [a.action, a.actor, a.order_no])).toEqual([
        ['exchange.approve', crew.manager.user.email, order.order_no],
      ]);
      const kinds = await t.db
        .selectFrom('notifications')
        .select(['kind', 'params'])
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      expect(kinds.map((k) => k.kind)).toEqual(['exchange_requested', 'exchange_approved']);
      expect(JSON.parse(kinds[1]!.params!)).toMatchObject({ answer: 'A new tin of Tie Guan Yin 100 g' });
      await sendMailNow(t);
      await sendMailNow(t);
      const mails = smtp.messages.filter((m) => m.to === buyer.user.email.toLowerCase());
      expect(mails.map((m) => m.subject)).toEqual([`Order #${order.order_no}: your exchange is approved`]);
      expect(mails[0]!.text).toContain('A new tin of Tie Guan Yin 100 g');
      const customerView = await post<OrderExchanges>(
        t.app,
        '/v1/get-order-exchanges',
        { order_id: order.id },
        { token: buyer.token },
      );
      expect(customerView.body.data.requests[0]).toMatchObject({
        status: 'approved',
        answer: 'A new tin of Tie Guan Yin 100 g',
      });
      const audits = await post(t.app, '/admin/audit/list', { kind: 'exchange' }, { token: crew.owner.token });
      expect(audits.body.data.entries.map((e) => e.action)).toContain('exchange.approve');
    });

    it('declines with the reason, in the language of the order', async () => {
      const { order, lines } = await createOrder(t.db, buyer.user.id, { lang: 'zh' });
      const asked = await ask(buyer.token, {
        order_id: order.id,
        order_item_id: lines[0]!.id,
        reason: 'other',
        note: '味道不对',
      });
      const id = asked.body.data.requests[0]!.id;
      await sendMailNow(t);
      smtp.messages.length = 0;
      const res = await post(
        t.app,
        '/admin/exchanges/decline',
        { id, answer: '已超过保质期' },
        { token: crew.owner.token },
      );
      expect(res.status).toBe(200);
      expect(res.body.data.request.status).toBe('declined');
      await sendMailNow(t);
      const mails = smtp.messages.filter((m) => m.to === buyer.user.email.toLowerCase());
      expect(mails.map((m) => m.subject)).toEqual([`订单 #${order.order_no}：您的换货申请未获批准`]);
      expect(mails[0]!.text).toContain('已超过保质期');
      expect((await ask(buyer.token, { order_id: order.id, order_item_id: lines[0]!.id })).status).toBe(409);
    });

    it('e-mails what the request said when it was queued, without the order figures, whatever changes before sending', async () => {
      const { order, lines } = await createOrder(t.db, buyer.user.id);
      await sendMailNow(t);
      smtp.messages.length = 0;
      const asked = await ask(buyer.token, {
        order_id: order.id,
        order_item_id: lines[0]!.id,
        reason: 'other',
        note: 'Leaves smell of smoke',
      });
      const id = asked.body.data.requests[0]!.id;
      const decided = await post(
        t.app,
        '/admin/exchanges/decline',
        { id, answer: 'Past its date' },
        {
          token: crew.owner.token,
        },
      );
      expect(decided.status).toBe(200);
      // After both were queued, before they are sent: the request and its line change.
      await t.db
        .updateTable('exchange_requests')
        .set({ note: 'CHANGED NOTE', answer: 'CHANGED ANSWER', status: 'approved' })
        .where('id', '=', id)
        .execute();
      await t.db.updateTable('order_items').set({ name_en: 'RENAMED TEA' }).where('id', '=', lines[0]!.id).execute();
      const queued = await t.db
        .selectFrom('mail_outbox')
        .select(['kind', 'params'])
        .where('order_id', '=', order.id)
        .where('kind', 'like', 'exchange_%')
        .orderBy('id')
        .execute();
      expect(queued.map((q) => q.kind)).toEqual(['exchange_requested', 'exchange_declined']);
      for (const q of queued) expect(JSON.parse(q.params)).not.toHaveProperty('figures');

      await sendMailNow(t);
      const mails = smtp.messages.filter((m) => m.to === buyer.user.email.toLowerCase());
      expect(mails.map((m) => m.subject)).toEqual([
        `Order #${order.order_no}: we have your exchange request`,
        `Order #${order.order_no}: your exchange was declined`,
      ]);
      expect(mails[0]!.text).toContain('Leaves smell of smoke');
      expect(mails[0]!.text).toContain(lines[0]!.name_en);
      expect(mails[1]!.text).toContain('Past its date');
      for (const m of mails) expect(m.text).not.toMatch(/CHANGED|RENAMED/);
    });
    it('lets one of an approval and a decline at once win', async () => {
      const { id } = await newRequest();
      const auditBefore = await count('audit_log');
      const results = await Promise.all([
        post(t.app, '/admin/exchanges/approve', { id, answer: 'A new tin' }, { token: crew.owner.token }),
        post(t.app, '/admin/exchanges/decline', { id, answer: 'Opened' }, { token: crew.manager.token }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await count('audit_log')) - auditBefore).toBe(1);
      const row = await t.db.selectFrom('exchange_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const winner = results.find((r) => r.status === 200)!;
      expect(row.status).toBe(winner.body.data.request.status);
      const decided = await t.db
        .selectFrom('notifications')
        .select('kind')
        .where('kind', 'in', ['exchange_approved', 'exchange_declined'])
        .where('order_id', '=', row.order_id)
        .execute();
      expect(decided).toHaveLength(1);
    });
  });

  it('tells a linked customer through the bot of the request and the answer, and the owner of the request, once', async () => {
    const linked = await createUser(t.db, { telegram_user_id: '700100300', language: 'en' });
    const { order, lines } = await createOrder(t.db, linked.user.id);
    await t.app.notificationSender!.drainOnce();
    api.calls.length = 0;
    const asked = await ask(linked.token, { order_id: order.id, order_item_id: lines[0]!.id, quantity: 1 });
    const id = asked.body.data.requests[0]!.id;
    await post(t.app, '/admin/exchanges/approve', { id, answer: 'A new pouch' }, { token: crew.owner.token });
    await t.app.notificationSender!.drainOnce();
    await t.app.notificationSender!.drainOnce();
    const sent = api.calls.filter((c) => c.method === 'sendMessage');
    const to = (chat: string) => sent.filter((m) => String(m.payload.chat_id) === chat).map((m) => m.payload.text);
    const item = `${lines[0]!.name_en} (${lines[0]!.variant_name_en}) × 1`;
    expect(to('700100300')).toEqual([
      `We have your request to exchange ${item} from order #${order.order_no}. We will answer soon; follow it on the order page.`,
      `Your exchange of ${item} from order #${order.order_no} is approved. We will send: A new pouch.`,
    ]);
    expect(buttonsOf(sent.find((m) => String(m.payload.chat_id) === '700100300')!.payload).map((b) => b.text)).toEqual([
      'View order',
    ]);
    expect(to('700100200')).toEqual([`Exchange requested on order ${order.order_no}: ${item}`]);
  });

  it('lists requests newest first by status, keyset-paged, and counts the open ones on the dashboard', async () => {
    const all = await post(t.app, '/admin/exchanges', { limit: 100 }, { token: crew.owner.token });
    const ids = all.body.data.requests.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const open = await post(
      t.app,
      '/admin/exchanges',
      { status: 'requested', limit: 100 },
      { token: crew.owner.token },
    );
    expect(open.body.data.requests.every((r: { status: string }) => r.status === 'requested')).toBe(true);
    const first = await post(t.app, '/admin/exchanges', { limit: 1 }, { token: crew.owner.token });
    expect(first.body.data.requests.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    const second = await post(
      t.app,
      '/admin/exchanges',
      { limit: 1, cursor: first.body.data.next_cursor },
      { token: crew.owner.token },
    );
    expect(second.body.data.requests.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    const dash = await post(t.app, '/admin/dashboard', {}, { token: crew.fulfilment.token });
    expect(dash.body.data.todo.exchange_requests).toBe(open.body.data.requests.length);
  });

  it('reads the link-signing key once per list, not once per photo', async () => {
    const { order, lines } = await createOrder(t.db, buyer.user.id, { lines: [1, 1, 1] });
    for (const line of lines) {
      const res = await ask(buyer.token, { order_id: order.id, order_item_id: line.id }, { bytes: PNG });
      expect(res.status).toBe(200);
    }
    const read: string[] = [];
    const watched = t.db.withPlugin(tablesRead(read));
    const staffList = await listForStaff(watched, 'en', { orderId: order.id, limit: 100 });
    expect(staffList.requests.filter((r) => r.photo_url)).toHaveLength(3);
    expect(read.filter((table) => table === 'settings')).toHaveLength(1);
    read.length = 0;
    const own = await orderExchanges(watched, buyer.user, order.id, 'en');
    expect(own.requests.filter((r) => r.photo_url)).toHaveLength(3);
    // One read for the shop's settings (the exchange days), one for the key.
    expect(read.filter((table) => table === 'settings')).toHaveLength(2);
  });
});
