import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyArchive } from '../../../../src/server/backups/archive';
import { bucketDestination, folderDestination } from '../../../../src/server/backups/destination';
import { createBackupJob, runScheduledBackup } from '../../../../src/server/backups/schedule';
import { ShopLinks } from '../../../../src/server/telegram/bot/links';
import { createNotificationSender } from '../../../../src/server/telegram/bot/notifications';
import { createStaff } from '../../../factories/staff';
import { type FakeS3, startFakeS3 } from '../../../support/fake-s3';
import { interceptBotApi } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { skippedWithoutPgTools } from './pg-tools';
import { backupDir } from './support';

const HOUR = 3_600_000;
const OWNER_TG = '8300000001';
const at = (iso: string) => new Date(iso);

/**
 * Scheduled backups (docs/decisions/042): into a folder or a bucket (the fake S3), one instance per round (the job's
 * lease), old ones pruned by BACKUP_KEEP, each round recorded for the dashboard, and a failing streak told to the
 * owners once, by the bot and by e-mail.
 */
describe.each(dialects)('scheduled backups on %s', async (dialect) => {
  if (await skippedWithoutPgTools(dialect)) return;
  let t: TestApp;
  let dir: string;
  let s3: FakeS3;
  let owner: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDBACKUPTEST');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'backup-test-secret');
    vi.stubEnv('AWS_PROFILE', '');
    dir = backupDir();
    s3 = await startFakeS3({ buckets: ['backups'] });
    t = await buildTestApp(dialect, {
      botToken: TEST_BOT_TOKEN,
      env: {
        BACKUP_DIR: dir,
        BACKUP_KEEP: '2d,2w',
        BACKUP_EVERY_HOURS: '6',
        SMTP_URL: 'smtp://127.0.0.1:1',
        MAIL_FROM: 'shop@example.com',
      },
    });
    owner = await createStaff(t.db, 'owner', { telegram_user_id: OWNER_TG });
    await createStaff(t.db, 'manager', { telegram_user_id: `${OWNER_TG}2` });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await t?.close();
    await s3?.close();
  });

  it('runs once per interval across instances and prunes by BACKUP_KEEP', async () => {
    const first = createBackupJob(t.shop)!;
    const second = createBackupJob(t.shop)!;
    const start = at('2026-12-01T00:00:00Z');
    const [a, b] = await Promise.all([first.tickOnce(start), second.tickOnce(start)]);
    expect([a, b].filter((r) => r !== null)).toHaveLength(1);
    // Every 6 hours for 9 days: the newest of each of the last 2 days and of the last 2 weeks are kept.
    for (let h = 6; h <= 9 * 24; h += 6) {
      const now = new Date(start.getTime() + h * HOUR);
      expect(await first.tickOnce(new Date(now.getTime() - HOUR))).toBeNull();
      await first.tickOnce(now);
    }
    await first.stop();
    await second.stop();
    expect(readdirSync(dir).sort()).toEqual([
      'leafcup-2026-12-06T18-00-00Z.backup',
      'leafcup-2026-12-09T18-00-00Z.backup',
      'leafcup-2026-12-10T00-00-00Z.backup',
    ]);
    const runs = await t.db.selectFrom('backup_runs').select(['ok']).execute();
    expect(runs).toHaveLength(37);
    expect(runs.every((r) => r.ok === 1)).toBe(true);
    const opened = await verifyArchive(join(dir, 'leafcup-2026-12-10T00-00-00Z.backup'));
    expect(opened.manifest.database).toBe(dialect);
  }, 300_000);

  it('never deletes files it did not write', async () => {
    writeFileSync(join(dir, 'keep-me.backup'), 'by hand');
    writeFileSync(join(dir, 'leafcup-notes.txt'), 'by hand');
    await runScheduledBackup(t.shop, folderDestination(dir), at('2026-12-20T00:00:00Z'));
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['keep-me.backup', 'leafcup-notes.txt']));
  }, 60_000);

  it('uploads to a bucket through the S3 client (the fake S3) and prunes there', async () => {
    const bucket = await bucketDestination(`s3://backups/shop-a?region=us-east-1&endpoint=${s3.endpoint}&path_style=1`);
    try {
      for (const day of ['2026-12-01', '2026-12-02', '2026-12-03']) {
        await runScheduledBackup(t.shop, bucket, at(`${day}T03:00:00Z`));
      }
      const keys = [...s3.objects('backups').keys()].sort();
      // 2d,2w: the newest of each of the last two days (the week's newest is one of them; the week before has none).
      expect(keys).toEqual([
        'shop-a/leafcup-2026-12-02T03-00-00Z.backup',
        'shop-a/leafcup-2026-12-03T03-00-00Z.backup',
      ]);
      const object = s3.objects('backups').get(keys[1]!)!;
      const copy = join(dir, 'from-bucket.bin');
      writeFileSync(copy, object.body);
      const opened = await verifyArchive(copy);
      expect(object.metadata.sha256).toBe(opened.manifest.payload.sha256);
      expect(s3.requests.every((r) => r.accessKeyId === 'AKIDBACKUPTEST')).toBe(true);
    } finally {
      bucket.close();
    }
  }, 120_000);

  it('a failing streak alerts the owners once (bot and e-mail) and shows on the dashboard', async () => {
    const unreachable = await bucketDestination(
      's3://backups/x?region=us-east-1&endpoint=http://127.0.0.1:1&path_style=1',
    );
    const alerts = () =>
      t.db.selectFrom('notifications').select(['user_id']).where('kind', '=', 'owner_backup_failed').execute();
    const mails = () =>
      t.db.selectFrom('mail_outbox').select(['to_address']).where('kind', '=', 'backup_failed').execute();
    try {
      const fail = (iso: string) => runScheduledBackup(t.shop, unreachable, at(iso));
      await expect(fail('2026-12-21T00:00:00Z')).rejects.toThrow(
        /Cannot upload leafcup-2026-12-21T00-00-00Z\.backup to s3:\/\/backups\/x\//,
      );
      await expect(fail('2026-12-21T06:00:00Z')).rejects.toThrow(/Cannot upload/);
      expect(await alerts()).toEqual([{ user_id: owner.user.id }]);
      expect(await mails()).toEqual([{ to_address: owner.user.email }]);
      const dashboard = await post(t.app, '/admin/dashboard', {}, { token: owner.token });
      expect(dashboard.status).toBe(200);
      expect(dashboard.body.data.backups).toMatchObject({
        scheduled: true,
        last_at: '2026-12-21T06:00:00.000Z',
        last_ok: false,
        last_good_at: '2026-12-20T00:00:00.000Z',
      });
      expect(dashboard.body.data.backups!.last_error).toMatch(/Cannot upload/);
      // A success ends the streak: the next failure is told again.
      await runScheduledBackup(t.shop, folderDestination(dir), at('2026-12-21T12:00:00Z'));
      await expect(fail('2026-12-21T18:00:00Z')).rejects.toThrow(/Cannot upload/);
      expect(await alerts()).toHaveLength(2);
      expect(await mails()).toHaveLength(2);
      // The bot tells the owner (not the manager, though linked too).
      const api = interceptBotApi(t.app.bot!);
      const sender = createNotificationSender({
        db: t.db,
        files: t.app.files,
        api: t.app.bot!.api,
        links: new ShopLinks(undefined),
      });
      await sender.drainOnce();
      const sent = api.of('sendMessage').map((c) => [String(c.payload.chat_id), String(c.payload.text)]);
      expect(sent).toHaveLength(2);
      for (const [chat, text] of sent) {
        expect(chat).toBe(OWNER_TG);
        expect(text).toMatch(/^The scheduled backup failed at 2026-12-21 (00|18):00 \(UTC\): Cannot upload/);
      }
      const manager = await createStaff(t.db, 'manager');
      const asManager = await post(t.app, '/admin/dashboard', {}, { token: manager.token });
      expect(asManager.body.data.backups).toBeUndefined();
    } finally {
      unreachable.close();
    }
  }, 120_000);

  it('records a BACKUP_URL the S3 client refuses as a failed backup', async () => {
    const config = { ...t.shop.config, BACKUP_DIR: undefined, BACKUP_URL: 's3://ab/x' };
    const job = createBackupJob({ ...t.shop, config })!;
    await expect(job.runOnce(at('2026-12-22T00:00:00Z'))).rejects.toThrow(
      /^BACKUP_URL: the bucket name is not a valid S3 bucket name/,
    );
    const last = await t.db
      .selectFrom('backup_runs')
      .select(['ok', 'error'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(last.ok).toBe(0);
    expect(last.error).toMatch(
      /^BACKUP_URL: the bucket name is not a valid S3 bucket name.* \(destination: BACKUP_URL\)$/,
    );
  });
});
