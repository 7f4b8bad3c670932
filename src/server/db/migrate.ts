import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connection';
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
import * as paymentWatch from './migrations/2026-12-07T16-00-payment-watch';

/** Every migration, by its frozen date-stamped name. Add new ones at the end. */
const migrations: Record<string, Migration> = {
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
  '2026-12-07T16-00-payment-watch': paymentWatch,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
