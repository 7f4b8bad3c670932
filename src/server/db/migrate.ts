import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connection';
import {
  buildConcurrentIndexes,
  type ConcurrentIndex,
  retryOnLockTimeout,
  type ShopMigration,
  withLockTimeout,
} from './migration-safety';
import * as initial from './migrations/2026-11-22T00-00-initial';
import * as referralVisitDaily from './migrations/2026-11-22T01-40-referral-visit-daily';
import * as paymentsOrderIndex from './migrations/2026-11-22T03-00-payments-order-index';
import * as accountNotices from './migrations/2026-11-23T10-00-account-notices';
import * as sessionAndLimitCleanup from './migrations/2026-11-23T12-00-session-and-limit-cleanup';
import * as backOffice from './migrations/2026-11-24T00-00-back-office';
import * as adminOrdersList from './migrations/2026-11-24T01-00-admin-orders-list';
import * as affiliates from './migrations/2026-11-24T04-00-affiliates';
import * as dashboard from './migrations/2026-11-24T05-00-dashboard';
import * as stockHistory from './migrations/2026-11-24T06-00-stock-history';
import * as productAdmin from './migrations/2026-11-24T07-00-product-admin';
import * as content from './migrations/2026-11-24T10-00-content';
import * as settings from './migrations/2026-11-24T11-00-settings';
import * as mail from './migrations/2026-11-24T12-00-mail';
import * as accountTokens from './migrations/2026-11-24T13-00-account-tokens';
import * as search from './migrations/2026-11-25T00-00-search';
import * as stockAlerts from './migrations/2026-11-25T01-00-stock-alerts';
import * as exchanges from './migrations/2026-11-25T04-00-exchanges';
import * as emailNfc from './migrations/2026-11-25T05-00-email-nfc';
import * as files from './migrations/2026-11-26T00-00-files';
import * as jobLeases from './migrations/2026-11-26T01-00-job-leases';
import * as productCards from './migrations/2026-12-02T00-00-product-cards';
import * as accountSecurity from './migrations/2026-12-07T00-00-account-security';
import * as cardPayments from './migrations/2026-12-07T12-00-card-payments';
import * as shipping from './migrations/2026-12-07T14-00-shipping';
import * as savedCards from './migrations/2026-12-07T15-00-saved-cards';
import * as paymentWatch from './migrations/2026-12-07T16-00-payment-watch';
import * as backupRuns from './migrations/2026-12-07T18-00-backup-runs';
import * as clientErrors from './migrations/2026-12-07T19-00-client-errors';
import * as system from './migrations/2026-12-07T21-00-system';
import * as savedCardDetach from './migrations/2026-12-07T22-00-saved-card-detach';
import * as cardPriceVaries from './migrations/2026-12-07T23-00-card-price-varies';
import * as accountDeletion from './migrations/2026-12-08T01-00-account-deletion';
import * as privacyRetention from './migrations/2026-12-08T01-05-privacy-retention';
import * as dataExports from './migrations/2026-12-08T01-30-data-exports';
import * as serverCarts from './migrations/2026-12-08T02-00-server-carts';
import * as marketing from './migrations/2026-12-08T03-00-marketing';
import * as stockTotalUnindexed from './migrations/2026-12-08T04-00-stock-total-unindexed';

/**
 * Every migration, by its frozen date-stamped name. Add new ones at the end. A new one follows the rule of
 * docs/decisions/043-upgrades-expand-then-contract.md: it only adds what the release before ignores, and a test
 * (tests/integration/server/db/expand-contract.test.ts) holds it to that.
 */
export const migrations: Record<string, ShopMigration> = {
  '2026-11-22T00-00-initial': initial,
  '2026-11-22T01-40-referral-visit-daily': referralVisitDaily,
  '2026-11-22T03-00-payments-order-index': paymentsOrderIndex,
  '2026-11-23T10-00-account-notices': accountNotices,
  '2026-11-23T12-00-session-and-limit-cleanup': sessionAndLimitCleanup,
  '2026-11-24T00-00-back-office': backOffice,
  '2026-11-24T05-00-dashboard': dashboard,
  '2026-11-24T06-00-stock-history': stockHistory,
  '2026-11-24T07-00-product-admin': productAdmin,
  '2026-11-24T04-00-affiliates': affiliates,
  '2026-11-24T01-00-admin-orders-list': adminOrdersList,
  '2026-11-24T10-00-content': content,
  '2026-11-24T11-00-settings': settings,
  '2026-11-24T12-00-mail': mail,
  '2026-11-24T13-00-account-tokens': accountTokens,
  '2026-11-25T00-00-search': search,
  '2026-11-25T01-00-stock-alerts': stockAlerts,
  '2026-11-25T04-00-exchanges': exchanges,
  '2026-11-25T05-00-email-nfc': emailNfc,
  '2026-11-26T00-00-files': files,
  '2026-11-26T01-00-job-leases': jobLeases,
  '2026-12-02T00-00-product-cards': productCards,
  '2026-12-07T00-00-account-security': accountSecurity,
  '2026-12-07T12-00-card-payments': cardPayments,
  '2026-12-07T14-00-shipping': shipping,
  '2026-12-07T15-00-saved-cards': savedCards,
  '2026-12-07T16-00-payment-watch': paymentWatch,
  '2026-12-07T18-00-backup-runs': backupRuns,
  '2026-12-07T19-00-client-errors': clientErrors,
  '2026-12-07T21-00-system': system,
  '2026-12-07T22-00-saved-card-detach': savedCardDetach,
  '2026-12-07T23-00-card-price-varies': cardPriceVaries,
  '2026-12-08T01-00-account-deletion': accountDeletion,
  '2026-12-08T01-05-privacy-retention': privacyRetention,
  '2026-12-08T01-30-data-exports': dataExports,
  '2026-12-08T02-00-server-carts': serverCarts,
  '2026-12-08T03-00-marketing': marketing,
  '2026-12-08T04-00-stock-total-unindexed': stockTotalUnindexed,
};

/**
 * The migrations this release knows, in the order they apply (Kysely's: by name). A backup's schema is the last of
 * these it had (docs/decisions/042): one not in this list comes from a newer (or another) release.
 */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/** The migrations as the runner applies them: each with its lock timeout (migration-safety.ts). */
export function migrationProvider(lockTimeoutMs?: number): MigrationProvider {
  const wrapped: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(migrations)) wrapped[name] = withLockTimeout(migration, lockTimeoutMs);
  return { getMigrations: async () => wrapped };
}

/** Every index the migrations build concurrently, in migration order. */
export const concurrentIndexes = (): ConcurrentIndex[] =>
  Object.keys(migrations)
    .sort()
    .flatMap((name) => migrations[name]!.concurrentIndexes ?? []);

/**
 * Brings the schema up to date: the pending migrations in one transaction (tried again when a table's lock is not
 * free within a moment, or when its locks deadlocked with a running release's), then the indexes they build concurrently. Throws with the failing migration's name.
 */
export async function migrateToLatest(db: Db, options: { lockTimeoutMs?: number } = {}): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider(options.lockTimeoutMs) });
  const applied = await retryOnLockTimeout(async () => {
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
      throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  });
  await buildConcurrentIndexes(db, concurrentIndexes());
  return applied;
}
