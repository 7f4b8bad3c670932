import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  AccountTokensTable,
  AddressesTable,
  AuditLogTable,
  RateLimitsTable,
  SessionsTable,
  StaffTable,
  UsersTable,
} from './schema-accounts';
import type {
  BackupRunsTable,
  DataExportsTable,
  FileChunksTable,
  FilesTable,
  InstancesTable,
  JobLeasesTable,
  MailOutboxTable,
  NotificationsTable,
  StockAlertsTable,
} from './schema-background';
import type { CartLinesTable, CartsTable } from './schema-carts';
import type {
  BannersTable,
  CategoriesTable,
  ProductCategoriesTable,
  ProductImagesTable,
  ProductsTable,
  ProductTagsTable,
  ProductVariantsTable,
  ReviewsTable,
  StockMovementsTable,
  TagsTable,
} from './schema-catalog';
import type { ClientErrorDaysTable, ClientErrorGroupsTable } from './schema-diagnostics';
import type { MarketingConsentsTable, ReorderRemindersTable } from './schema-marketing';
import type {
  CashRewardHoldsTable,
  CashRewardsTable,
  CouponApplicationsTable,
  CouponRedemptionsTable,
  CouponsTable,
  ExchangeRequestsTable,
  OrderEventsTable,
  OrderItemsTable,
  OrdersTable,
  PaymentsTable,
  RefundsTable,
  SubscriptionsTable,
} from './schema-orders';
import type {
  CheckoutSessionsTable,
  PaymentEventsTable,
  RenewalChargesTable,
  SavedCardsTable,
} from './schema-payments';
import type {
  AccountSignalsTable,
  CommissionsTable,
  PayoutRequestsTable,
  ReferralAwardsTable,
  ReferralVisitsTable,
} from './schema-referral';
import type { FaqsTable, PagesTable, PaymentMethodsTable, SettingsTable, StatesTable } from './schema-settings';

// The tables are declared by group in the schema-*.ts files beside this one; every table's type is exported from here
// too, so code imports the database's types from db/schema.ts alone.
export type * from './schema-accounts';
export type * from './schema-background';
export type * from './schema-carts';
export type * from './schema-catalog';
export type * from './schema-diagnostics';
export type * from './schema-marketing';
export type * from './schema-orders';
export type * from './schema-payments';
export type * from './schema-referral';
export type * from './schema-settings';

/**
 * The database, as Kysely sees it. Conventions (the same on SQLite and PostgreSQL):
 * money is integer cents (`*_cents`), flags are integers 0/1, times are ISO-8601 UTC text
 * (they sort as text), ids are integers. Enum columns are typed with src/common's unions (OrderStatus,
 * ShippingMethod, …): the database holds exactly those values.
 *
 * Names: the code says "packaging" for what the tables call a variant (`product_variants`, `variant_id`,
 * `variant_name_*`) and "cash reward" for what the original API paths call a rebate (`get-cash-rebate-list`,
 * `update-onhold-rebate-amount`); tables, columns and paths keep their names (no migration renames them).
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  categories: CategoriesTable;
  tags: TagsTable;
  products: ProductsTable;
  product_categories: ProductCategoriesTable;
  product_tags: ProductTagsTable;
  product_variants: ProductVariantsTable;
  product_images: ProductImagesTable;
  banners: BannersTable;
  reviews: ReviewsTable;
  states: StatesTable;
  addresses: AddressesTable;
  settings: SettingsTable;
  payment_methods: PaymentMethodsTable;
  coupons: CouponsTable;
  coupon_applications: CouponApplicationsTable;
  coupon_redemptions: CouponRedemptionsTable;
  cash_rewards: CashRewardsTable;
  cash_reward_holds: CashRewardHoldsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
  subscriptions: SubscriptionsTable;
  referral_visits: ReferralVisitsTable;
  commissions: CommissionsTable;
  payout_requests: PayoutRequestsTable;
  referral_awards: ReferralAwardsTable;
  account_signals: AccountSignalsTable;
  pages: PagesTable;
  faqs: FaqsTable;
  notifications: NotificationsTable;
  staff: StaffTable;
  audit_log: AuditLogTable;
  order_events: OrderEventsTable;
  refunds: RefundsTable;
  checkout_sessions: CheckoutSessionsTable;
  payment_events: PaymentEventsTable;
  saved_cards: SavedCardsTable;
  renewal_charges: RenewalChargesTable;
  stock_movements: StockMovementsTable;
  mail_outbox: MailOutboxTable;
  account_tokens: AccountTokensTable;
  stock_alerts: StockAlertsTable;
  exchange_requests: ExchangeRequestsTable;
  job_leases: JobLeasesTable;
  backup_runs: BackupRunsTable;
  instances: InstancesTable;
  files: FilesTable;
  file_chunks: FileChunksTable;
  client_error_groups: ClientErrorGroupsTable;
  client_error_days: ClientErrorDaysTable;
  data_exports: DataExportsTable;
  carts: CartsTable;
  cart_lines: CartLinesTable;
  marketing_consents: MarketingConsentsTable;
  reorder_reminders: ReorderRemindersTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Product = Selectable<ProductsTable>;
export type Order = Selectable<OrdersTable>;
