import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../../src/server/app';
import { loadConfig } from '../../../../src/server/config';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { seedDemo } from '../../../../src/server/seed/index';
import { type FakeStripe, startFakeStripe } from '../../../support/fake-stripe';
import { dialects, freshDatabase } from '../../helper';
import { lastEvent, placeCardOrder, sendEvent, stripeEnv } from './support';

/** The card provider's notices are logged by what happened, never with the key, the secret or the signature. */
describe.each(dialects)('card notice logs on %s', (dialect) => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('say why a notice was refused or what it did, and nothing secret', async () => {
    const database = await freshDatabase(dialect);
    const dir = mkdtempSync(join(tmpdir(), 'leafcup-card-logs-'));
    const lines: string[] = [];
    try {
      await migrateToLatest(database.db);
      await seedDemo(database.db);
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: database.url,
        CLIENT_DIST: join(dir, 'no-client'),
        UPLOAD_DIR: dir,
        ...stripeEnv(fake),
      });
      const app = await buildApp({ config, db: database.db, logger: { stream: { write: (l) => lines.push(l) } } });
      try {
        const { sessionId } = await placeCardOrder(app, database.db);
        fake.pay(sessionId);
        const event = lastEvent(fake, 'checkout.session.completed', sessionId);
        const forged = fake.signed(event, { secret: 'whsec_SomeoneElsesSecret000' });
        expect((await sendEvent(app, fake, event, { secret: 'whsec_SomeoneElsesSecret000' })).status).toBe(400);
        expect((await sendEvent(app, fake, event)).status).toBe(200);
        const log = lines.join('');
        expect(log).toContain('card provider notice refused');
        expect(log).toContain('"reason":"signature"');
        expect(log).toContain('card provider notice applied');
        expect(log).toContain('"outcome":"paid"');
        for (const secret of [fake.apiKey, fake.webhookSecret, 'whsec_SomeoneElsesSecret000', forged.header]) {
          expect(log).not.toContain(secret);
        }
        expect(log).not.toMatch(/v1=[0-9a-f]{64}/);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
