import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CouponKind, OrderStatus, ShippingMethod } from '../../common/checkout-rules';
import type { CashRewardType, PaymentMethodCode } from '../../common/contract/checkout';
import type { Lang } from '../../common/contract/lang';
import type { CommissionStatus, PayoutStatus } from '../../common/contract/referral';
import type { SubscriptionStatus } from '../../common/contract/subscriptions';
import type { ExchangeReason, ExchangeStatus } from '../../common/exchange-rules';
import type { ReferralAwardStatus } from '../../common/referral-signals';
import type { StaffRole } from '../../common/staff-rules';
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

// The catalogue's tables live in schema-catalog.ts; they are part of `Database` and exported from here too.
export type {
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
};

/**
 * The database, as Kysely sees it. Conventions (the same on SQLite and PostgreSQL):
 * money is integer cents (`*_cents`), flags are integers 0/1, times are ISO-8601 UTC text
 * (they sort as text), ids are integers. Enum columns are typed with src/common's unions (OrderStatus,
 * ShippingMethod, …): the database holds exactly those values.
 *
 * Names: the code says "packaging" for what the tables call a variant (`product_variants`, `variant_id`,
 * `variant_name_*`) and "cash reward" for what the spec's API paths call a rebate (`get-cash-rebate-list`,
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
  stock_movements: StockMovementsTable;
  mail_outbox: MailOutboxTable;
  account_tokens: AccountTokensTable;
  stock_alerts: StockAlertsTable;
  exchange_requests: ExchangeRequestsTable;
  job_leases: JobLeasesTable;
  files: FilesTable;
  file_chunks: FileChunksTable;
}

export interface UsersTable {
  id: Generated<number>;
  nickname: string;
  email: string;
  phone: string;
  password_hash: string;
  referral_code: string;
  upline_id: number | null;
  /** How the upline was found: 'link' (/{code}), 'code' (typed at register), 'bot' (start parameter). */
  joined_via: string | null;
  is_agent: Generated<number>;
  /** Commission rate in basis points (1000 = 10%). */
  commission_rate_bp: Generated<number>;
  telegram_user_id: string | null;
  telegram_username: string | null;
  telegram_name: string | null;
  language: Generated<string>;
  cash_balance_cents: Generated<number>;
  bank_name: string | null;
  bank_account_name: string | null;
  bank_account_number: string | null;
  notify_orders: Generated<number>;
  /** The e-mail switch for order news (notify_orders is the Telegram one). */
  notify_email: Generated<number>;
  /** When the customer confirmed the e-mail address (null: not yet). */
  email_confirmed_at: string | null;
  remark: string | null;
  /** When the payout bank account last changed (null: never since it was first set, or before this was kept). */
  bank_changed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Fixed-window counters (login attempts per account and per address), kept in the database. */
export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
  /** When the current window ends: the cleanup job deletes the row after it (null: rows older than the column). */
  expires_at: string | null;
}

export interface StatesTable {
  id: Generated<number>;
  code: string;
  name_en: string;
  name_zh: string;
  country: string;
  standard_fee_cents: number;
  expedited_fee_cents: number;
  sort_order: number;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  receiver_name: string;
  phone: string;
  address: string;
  city: string;
  state_id: number;
  zip: string;
  company: string | null;
  country: string;
  is_default: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface PaymentMethodsTable {
  id: Generated<number>;
  /** 'bank_transfer' | 'payment_link' */
  code: string;
  name_en: string;
  name_zh: string;
  instructions_en: string;
  instructions_zh: string;
  is_active: Generated<number>;
  sort_order: number;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  kind: CouponKind;
  /** Percent (1-100) for 'percent', cents for 'fixed'. */
  value: number;
  min_spend_cents: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_user_limit: number | null;
  used_count: Generated<number>;
  is_active: Generated<number>;
  created_at: string;
}

/** A coupon applied to a checkout in progress (validate-coupon); cleared when the order is placed. */
export interface CouponApplicationsTable {
  id: Generated<number>;
  user_id: number;
  coupon_id: number;
  created_at: string;
}

/** A coupon used by a placed order; removed when that order is cancelled. */
export interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  order_id: number;
  created_at: string;
}

/** The cash-reward ledger: 'earned' (from a completed order), 'redeemed' (spent), 'returned' (order cancelled). */
export interface CashRewardsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number | null;
  type: CashRewardType;
  spend_cents: number;
  amount_cents: number;
  balance_after_cents: number;
  /** 'Active' | 'Inactive' */
  status: string;
  created_at: string;
}

/** The amount a customer holds for the checkout in progress (update-onhold-rebate-amount). */
export interface CashRewardHoldsTable {
  user_id: number;
  amount_cents: number;
  updated_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  status: OrderStatus;
  idempotency_key: string;
  subtotal_cents: number;
  delivery_fee_cents: number;
  coupon_id: number | null;
  coupon_code: string | null;
  coupon_discount_cents: number;
  cash_reward_cents: number;
  total_cents: number;
  shipping_method: ShippingMethod;
  payment_method: PaymentMethodCode;
  payment_reference: string | null;
  receipt_path: string | null;
  receiver_name: string;
  phone: string;
  address: string;
  city: string;
  state_name: string;
  zip: string;
  company: string | null;
  country: string;
  tracking_company: string | null;
  tracking_number: string | null;
  tracking_link: string | null;
  /** Why staff refused the transfer's receipt (the customer sees it and may send a new one); cleared by a new receipt. */
  receipt_rejected_reason: string | null;
  receipt_rejected_at: string | null;
  subscription_id: number | null;
  lang: Lang;
  placed_at: string;
  paid_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  updated_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variant_id: number;
  name_en: string;
  name_zh: string;
  variant_name_en: string;
  variant_name_zh: string;
  image: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
  /** 0 for one-time; 2, 4 or 8 for Subscribe & save. */
  frequency_weeks: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  /** The provider's charge id; unique so a repeated notice pays once. */
  provider_charge_id: string;
  amount_cents: number;
  created_at: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  variant_id: number;
  quantity: number;
  frequency_weeks: number;
  address_id: number;
  shipping_method: ShippingMethod;
  payment_method: PaymentMethodCode;
  status: SubscriptionStatus;
  next_due_at: string;
  created_at: string;
  updated_at: string;
}

export interface ReferralVisitsTable {
  id: Generated<number>;
  referrer_id: number;
  link: string;
  origin: string;
  visitor_key: string | null;
  converted: Generated<number>;
  converted_at: string | null;
  converted_user_id: number | null;
  created_at: string;
}

export interface CommissionsTable {
  id: Generated<number>;
  agent_id: number;
  order_id: number;
  downline_id: number;
  amount_cents: number;
  rate_bp: number;
  status: CommissionStatus;
  /** The signals the agent and the buyer share (comma-separated, common/referral-signals.ts) when it was held. */
  hold_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface PayoutRequestsTable {
  id: Generated<number>;
  agent_id: number;
  amount_cents: number;
  requested_at: string;
  paid_at: string | null;
  /** 'requested' until staff mark it paid or reject it; a rejected request no longer counts against the balance. */
  status: Generated<PayoutStatus>;
  /** The bank transfer's reference of a paid request. */
  reference: string | null;
  /** Why it was rejected (the agent sees it). */
  reject_reason: string | null;
  decided_at: string | null;
  /** The staff member who decided (null: the command line). */
  decided_by: number | null;
  /** The bank account the agent asked the payout to go to, as it was when they asked. */
  bank_name: string | null;
  bank_account_name: string | null;
  bank_account_number: string | null;
}

/** The referral award credited to a referrer when a referred member's first order completed: one per member. */
export interface ReferralAwardsTable {
  member_id: number;
  referrer_id: number;
  order_id: number;
  amount_cents: number;
  /** 'credited' (in the referrer's cash reward), 'on_hold' (waits for staff), or 'refused' by staff. */
  status: Generated<ReferralAwardStatus>;
  /** The signals the referrer and the member share (comma-separated, common/referral-signals.ts). */
  hold_reason: string | null;
  decided_at: string | null;
  decided_by: number | null;
  created_at: string;
}

/** One thing that ties an account to a person or a device, as a keyed hash (referral/signals.ts). */
export interface AccountSignalsTable {
  user_id: number;
  kind: string;
  value_hash: string;
  first_seen_at: string;
  last_seen_at: string;
}

/** Policy pages: 'tnc' | 'privacy' | 'shipping' | 'about'. */
export interface PagesTable {
  slug: string;
  title_en: string;
  title_zh: string;
  body_en: string;
  body_zh: string;
  updated_at: string;
}

export interface FaqsTable {
  id: Generated<number>;
  question_en: string;
  question_zh: string;
  answer_en: string;
  answer_zh: string;
  sort_order: number;
}

/** The bot's outbox: order news to send to a linked customer. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number | null;
  kind: string;
  /** Where to send it when not to the account's linked Telegram user (account notices only). */
  telegram_chat_id: string | null;
  /** The notice's text values as JSON (account notices only). */
  params: string | null;
  created_at: string;
  sent_at: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** A sender's claim on the row until then (null: unclaimed): another sender leaves it alone meanwhile. */
  claimed_until: string | null;
  /** When a row whose send failed is tried again (null: at once). */
  next_attempt_at: string | null;
}

/** A shop account that works in the back office (docs/decisions/013). */
export interface StaffTable {
  user_id: number;
  role: StaffRole;
  /** Whether the bot tells this staff member of new orders, receipts, payout requests and low stock. */
  notify_telegram: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Every change made from the back office, the bot's staff buttons or the command line. */
export interface AuditLogTable {
  id: Generated<number>;
  /** The staff member (null: the command line, or an account since deleted). */
  actor_user_id: number | null;
  /** Who, as shown: the staff member's e-mail, or "command line". */
  actor: string;
  /** 'admin' | 'bot' | 'cli' */
  source: string;
  /** What was done, e.g. 'order.confirm_payment', 'staff.add'. */
  action: string;
  /** What it was done to: 'order', 'staff', 'commission', … */
  entity: string;
  entity_id: string | null;
  order_no: string | null;
  /** JSON of the values before and after (only the ones that changed matter). */
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

/** An order's timeline: what happened to it, who did it, when. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  /** e.g. 'placed', 'receipt_sent', 'receipt_rejected', 'paid', 'processing', 'tracking', 'completed', 'cancelled', 'expired', 'refund', 'address_changed' */
  kind: string;
  /** 'customer', 'system', 'telegram', 'command line' or a staff member's e-mail. */
  actor: string;
  /** JSON of what the event carries (reason, tracking, refund amount…). */
  details: string | null;
  created_at: string;
}

/** Money given back on a cancelled order that had been paid. */
export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  amount_cents: number;
  /** e.g. 'bank_transfer', 'telegram', 'cash', 'other' */
  method: string;
  reference: string;
  recorded_by: number | null;
  created_at: string;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Product = Selectable<ProductsTable>;
export type Order = Selectable<OrdersTable>;

/** The e-mail outbox (src/server/mail/outbox.ts): one message per row, sent once by the sender job. */
export interface MailOutboxTable {
  id: Generated<number>;
  user_id: number | null;
  order_id: number | null;
  to_address: string;
  kind: string;
  lang: string;
  /** The template's parameters as JSON. */
  params: string;
  /** A message with the same key is queued once (null: no such key). */
  dedupe_key: string | null;
  /** pending → sending (claimed by one sender, until lease_until) → sent; failed after the last try. */
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** A link sent by e-mail for the account (migration 2026-11-24T13-00): a password reset or an address confirmation. */
export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'reset_password' | 'confirm_email';
  /** SHA-256 of the token in the link; the token itself is never stored. */
  token_hash: string;
  /** The address the link was sent to. */
  email: string;
  expires_at: string;
  /** Set once, by a conditional update, when the link is used (or ended by a newer one). */
  used_at: string | null;
  created_at: string;
}

/** A customer's "Notify me when available" on a product (migration 2026-11-25T01-00, docs/decisions/018). */
export interface StockAlertsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  created_at: string;
  /** When the customer was told the product is back (set once, by the restock's conditional claim); null: waiting. */
  told_at: string | null;
}

/** A customer's request to exchange a line of a Completed order (migration 2026-11-25T04-00, docs/decisions/020). */
export interface ExchangeRequestsTable {
  id: Generated<number>;
  order_id: number;
  /** Unique: one request per order line, ever. */
  order_item_id: number;
  user_id: number;
  quantity: number;
  reason: ExchangeReason;
  /** The customer's note (required for the reason "other"). */
  note: string | null;
  /** The photo's key in the FileStore (`app.files`), private; null without a photo. */
  photo_key: string | null;
  status: Generated<ExchangeStatus>;
  /** Approved: what is sent instead; declined: why not. */
  answer: string | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
}

/** A stored file of the database file store (migration 2026-11-26T00-00, files/db-store.ts, docs/decisions/023). */
export interface FilesTable {
  id: Generated<number>;
  /** The FileStore key (`images/<hash>-640.webp`, `receipts/<hex>.png`…); unique. */
  key: string;
  size: number;
  /** SHA-256 of the bytes, hex: the ETag, and the import command's "already there". */
  sha256: string;
  /** The size of every chunk but the last. */
  chunk_size: number;
  created_at: string;
}

/** A file's bytes, `seq` from 0 (bytea on PostgreSQL, BLOB on SQLite; both read as a Buffer). */
export interface FileChunksTable {
  file_id: number;
  seq: number;
  data: Buffer;
}

/**
 * One background job's lease (lib/job-lease.ts, docs/decisions/024): the instance holding a live lease runs the job's
 * round; `next_run_at` is when the fleet's next round is due.
 */
export interface JobLeasesTable {
  name: string;
  /** The instance that claimed it last (`host:pid:random`); kept after the round, for the operator. */
  holder: string | null;
  /** Until when the holder's claim holds (null: free). */
  lease_until: string | null;
  next_run_at: string;
  runs: Generated<number>;
  last_started_at: string | null;
  last_finished_at: string | null;
  /** How the last round failed (null: it did not). */
  last_error: string | null;
}
