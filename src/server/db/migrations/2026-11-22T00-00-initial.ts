import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen: this migration has shipped. Change the schema with a new, later migration.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the live schema types
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = isPostgres(db);
  // biome-ignore lint/suspicious/noExplicitAny: builder of any table
  const withId = (t: CreateTableBuilder<any, any>) =>
    pg
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId(db.schema.createTable('users'))
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('upline_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('joined_via', 'text')
    .addColumn('is_agent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('commission_rate_bp', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('telegram_user_id', 'text', (c) => c.unique())
    .addColumn('telegram_username', 'text')
    .addColumn('telegram_name', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('cash_balance_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`cash_balance_cents >= 0`))
    .addColumn('bank_name', 'text')
    .addColumn('bank_account_name', 'text')
    .addColumn('bank_account_number', 'text')
    .addColumn('notify_orders', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remark', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_upline_idx').on('users').columns(['upline_id', 'created_at']).execute();

  await withId(db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('categories'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('tags'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('products'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('description_en', 'text', (c) => c.notNull())
    .addColumn('description_zh', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('stock_state', 'text', (c) => c.notNull())
    .addColumn('available_ph', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('available_cn', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('subscribable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_price_cents', 'integer')
    .addColumn('stock_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Keyset pagination of the whole list, newest or oldest first.
  await db.schema.createIndex('products_list_idx').on('products').columns(['is_active', 'created_at', 'id']).execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_categories_pk', ['category_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('product_categories_list_idx')
    .on('product_categories')
    .columns(['category_id', 'created_at', 'product_id'])
    .execute();
  await db.schema.createIndex('product_categories_product_idx').on('product_categories').column('product_id').execute();

  await db.schema
    .createTable('product_tags')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_tags_pk', ['tag_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('product_tags_list_idx')
    .on('product_tags')
    .columns(['tag_id', 'created_at', 'product_id'])
    .execute();
  await db.schema.createIndex('product_tags_product_idx').on('product_tags').column('product_id').execute();

  await withId(db.schema.createTable('product_variants'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('discount_price_cents', 'integer')
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_variants_product_idx')
    .on('product_variants')
    .columns(['product_id', 'sort_order'])
    .execute();

  await withId(db.schema.createTable('product_images'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_images_product_idx')
    .on('product_images')
    .columns(['product_id', 'sort_order'])
    .execute();

  await withId(db.schema.createTable('banners'))
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('subtitle_en', 'text', (c) => c.notNull())
    .addColumn('subtitle_zh', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db.schema.createTable('states'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('standard_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('expedited_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('addresses'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state_id', 'integer', (c) => c.notNull().references('states.id'))
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('payment_methods'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('instructions_en', 'text', (c) => c.notNull())
    .addColumn('instructions_zh', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('coupons'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('min_spend_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('per_user_limit', 'integer')
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('coupons_usage_within_limit', sql`usage_limit is null or used_count <= usage_limit`)
    .execute();

  await withId(db.schema.createTable('coupon_applications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('coupon_applications_user_unique', ['user_id'])
    .execute();

  await withId(db.schema.createTable('coupon_redemptions'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_user_idx')
    .on('coupon_redemptions')
    .columns(['coupon_id', 'user_id'])
    .execute();

  await withId(db.schema.createTable('cash_rewards'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('spend_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('balance_after_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cash_rewards_user_idx').on('cash_rewards').columns(['user_id', 'created_at']).execute();
  // An order earns its reward once.
  await sql`create unique index cash_rewards_order_earned_unique on cash_rewards (order_id) where type = 'earned'`.execute(
    db,
  );

  await db.schema
    .createTable('cash_reward_holds')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('orders'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('delivery_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    .addColumn('coupon_code', 'text')
    .addColumn('coupon_discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cash_reward_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents >= 0`))
    .addColumn('shipping_method', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_reference', 'text')
    .addColumn('receipt_path', 'text')
    .addColumn('receiver_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state_name', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('tracking_company', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('tracking_link', 'text')
    .addColumn('subscription_id', 'integer')
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('placed_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('orders_idempotency_unique', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'placed_at', 'id']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'placed_at']).execute();

  await withId(db.schema.createTable('order_items'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('variant_name_en', 'text', (c) => c.notNull())
    .addColumn('variant_name_zh', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('line_total_cents', 'integer', (c) => c.notNull())
    .addColumn('frequency_weeks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();

  await withId(db.schema.createTable('payments'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_charge_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('reviews'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('reviews_order_product_unique', ['order_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('reviews_product_idx')
    .on('reviews')
    .columns(['product_id', 'created_at', 'id'])
    .execute();

  await withId(db.schema.createTable('subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('frequency_weeks', 'integer', (c) => c.notNull())
    .addColumn('address_id', 'integer', (c) => c.notNull().references('addresses.id'))
    .addColumn('shipping_method', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('next_due_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_due_idx').on('subscriptions').columns(['status', 'next_due_at']).execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').column('user_id').execute();

  await withId(db.schema.createTable('referral_visits'))
    .addColumn('referrer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('visitor_key', 'text')
    .addColumn('converted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('converted_at', 'text')
    .addColumn('converted_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('referral_visits_referrer_idx')
    .on('referral_visits')
    .columns(['referrer_id', 'created_at'])
    .execute();

  await withId(db.schema.createTable('commissions'))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('downline_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('commissions_order_unique', ['order_id', 'agent_id'])
    .execute();
  await db.schema.createIndex('commissions_agent_idx').on('commissions').columns(['agent_id', 'created_at']).execute();

  await withId(db.schema.createTable('payout_requests'))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema
    .createIndex('payout_requests_agent_idx')
    .on('payout_requests')
    .columns(['agent_id', 'requested_at'])
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('body_zh', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('faqs'))
    .addColumn('question_en', 'text', (c) => c.notNull())
    .addColumn('question_zh', 'text', (c) => c.notNull())
    .addColumn('answer_en', 'text', (c) => c.notNull())
    .addColumn('answer_zh', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('notifications_pending_idx').on('notifications').columns(['sent_at', 'id']).execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'notifications',
    'faqs',
    'pages',
    'payout_requests',
    'commissions',
    'referral_visits',
    'subscriptions',
    'reviews',
    'payments',
    'order_items',
    'orders',
    'cash_reward_holds',
    'cash_rewards',
    'coupon_redemptions',
    'coupon_applications',
    'coupons',
    'payment_methods',
    'settings',
    'addresses',
    'states',
    'banners',
    'product_images',
    'product_variants',
    'product_tags',
    'product_categories',
    'products',
    'tags',
    'categories',
    'rate_limits',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
