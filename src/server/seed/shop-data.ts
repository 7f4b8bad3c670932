import type { Insertable } from 'kysely';
import { PRIVACY_RETENTION_SECTION, SEEDED_PRIVACY } from '../db/migrations/2026-12-08T01-05-privacy-retention';
import type { CouponsTable } from '../db/schema';
import { addDays } from '../lib/time';
import { statesCn } from './states-cn';
import { statesPh } from './states-ph';

/**
 * Delivery states with their fees in cents (docs/product.md section 5: Standard 2-7 days, Expedited 2-3 days): the
 * Philippines' then China's, each in the shop's order (states-ph.ts, states-cn.ts; docs/decisions/041). Sort orders
 * run on across the countries, so a list of all states has the Philippines first.
 */
export const states = [...statesPh, ...statesCn].map((state, i) => ({ ...state, sort_order: i }));

export const paymentMethods = [
  {
    code: 'bank_transfer',
    name_en: 'Bank Transfer',
    name_zh: '银行转账',
    // The account itself is the settings' bank_* (the owner edits it in Settings), shown beside these words.
    instructions_en:
      'Transfer the grand total to the bank account shown here, then enter your payment reference and upload the receipt.',
    instructions_zh: '请将应付总额转账至此处显示的银行账户，然后填写付款参考号并上传收据。',
    sort_order: 0,
  },
  {
    code: 'payment_link',
    name_en: 'Pay by Link',
    name_zh: '链接付款',
    instructions_en: 'Pay securely through a payment link opened right after you place the order.',
    instructions_zh: '下单后将打开付款链接，安全完成付款。',
    sort_order: 1,
  },
];

/** Shop settings, as text. Money in cents, percentages as whole numbers. */
export const settings = [
  { key: 'free_shipping_threshold_cents', value: '7500' },
  { key: 'cash_reward_percent', value: '5' },
  { key: 'bank_name', value: 'BDO Unibank' },
  { key: 'bank_account_name', value: 'Leaf & Cup Trading' },
  { key: 'bank_account_number', value: '0123-4567-89' },
  { key: 'default_commission_rate_bp', value: '1000' },
  { key: 'referral_award_cents', value: '500' },
];

export const basePages = [
  {
    slug: 'about',
    title_en: 'About Us',
    title_zh: '关于我们',
    body_en:
      'Leaf & Cup has sourced teas from small gardens for 7 years. More than 25,000 customers brew with us, from first cups of sencha to rare aged oolongs.\n\nWe taste every lot before it reaches the shop, pack in small batches and ship fast, so what reaches your cup is fresh.',
    body_zh:
      'Leaf & Cup 七年来一直从小茶园采购茶叶。超过 25,000 位顾客与我们一起泡茶，从第一杯煎茶到珍稀的陈年乌龙。\n\n每一批茶在上架前都经过我们亲自品鉴，小批量包装、快速发货，让您杯中的茶始终新鲜。',
  },
  {
    slug: 'tnc',
    title_en: 'Terms of Service',
    title_zh: '服务条款',
    body_en:
      'By placing an order you agree to these terms.\n\nOrders can be changed or cancelled within 15 minutes of placing them; after that they can no longer be changed.\n\nWe offer product exchanges for damaged or wrong items; we do not offer refunds.\n\nOur products are for adults aged 18 and over.',
    body_zh:
      '下单即表示您同意以下条款。\n\n订单可在下单后 15 分钟内修改或取消；超过时限后将无法更改。\n\n如商品损坏或发错，我们提供换货服务；恕不退款。\n\n本店商品仅供 18 岁及以上成年人购买。',
  },
  {
    slug: 'privacy',
    title_en: 'Privacy Policy',
    title_zh: '隐私政策',
    body_en: `${SEEDED_PRIVACY.en}\n\n${PRIVACY_RETENTION_SECTION.en}`,
    body_zh: `${SEEDED_PRIVACY.zh}\n\n${PRIVACY_RETENTION_SECTION.zh}`,
  },
  {
    slug: 'shipping',
    title_en: 'Shipping Policy',
    title_zh: '配送政策',
    body_en:
      'Standard shipping arrives in 2-7 days; Expedited in 2-3 days. Fees depend on your state and are shown at checkout. Orders over $75.00 ship free.\n\nYou receive a tracking number as soon as your order ships.',
    body_zh:
      '标准配送 2-7 天送达；加急配送 2-3 天送达。运费因地区而异，结账时显示。订单满 $75.00 免运费。\n\n订单发货后，您将立即收到物流单号。',
  },
];

export const faqs = [
  [
    'How long does delivery take?',
    '配送需要多长时间？',
    'Standard shipping takes 2-7 days and Expedited 2-3 days.',
    '标准配送需 2-7 天，加急配送需 2-3 天。',
  ],
  [
    'Can I change my order?',
    '我可以修改订单吗？',
    'Within 15 minutes of placing it you can change the delivery address or cancel it from Order History.',
    '下单后 15 分钟内，您可以在订单记录中修改收货地址或取消订单。',
  ],
  [
    'Do you offer refunds?',
    '可以退款吗？',
    'We exchange damaged or wrong items; we do not refund.',
    '商品损坏或发错可换货，恕不退款。',
  ],
  [
    'How does Subscribe & save work?',
    '订阅优惠如何运作？',
    'Choose delivery every 2, 4 or 8 weeks and save 15% on every order. Change or cancel anytime.',
    '选择每 2、4 或 8 周配送一次，每单立省 15%。可随时更改或取消。',
  ],
  [
    'What are cash rewards?',
    '什么是现金奖励？',
    'Every completed order earns cash rewards you can redeem at checkout.',
    '每笔完成的订单都会获得现金奖励，可在结账时抵扣。',
  ],
  [
    'Can I order through Telegram?',
    '可以通过 Telegram 下单吗？',
    'Yes: open our bot and tap Open shop. Our bot is open 24/7.',
    '可以：打开我们的机器人并点击“打开商店”。机器人全天候 24/7 在线。',
  ],
].map(([qEn, qZh, aEn, aZh], i) => ({
  question_en: qEn as string,
  question_zh: qZh as string,
  answer_en: aEn as string,
  answer_zh: aZh as string,
  sort_order: i,
}));

/** Demo coupons: one of each kind of rule. */
export const coupons = (now: string): Insertable<CouponsTable>[] => [
  {
    code: 'WELCOME10',
    kind: 'percent',
    value: 10,
    min_spend_cents: 2000,
    per_user_limit: 1,
    usage_limit: null,
    starts_at: null,
    ends_at: null,
    created_at: now,
  },
  {
    code: 'SAVE5',
    kind: 'fixed',
    value: 500,
    min_spend_cents: 3000,
    per_user_limit: null,
    usage_limit: 1000,
    starts_at: null,
    ends_at: addDays(now, 365),
    created_at: now,
  },
  {
    code: 'TEATIME20',
    kind: 'percent',
    value: 20,
    min_spend_cents: 5000,
    per_user_limit: 2,
    usage_limit: 100,
    starts_at: addDays(now, -1),
    ends_at: addDays(now, 30),
    created_at: now,
  },
  {
    code: 'EXPIRED15',
    kind: 'percent',
    value: 15,
    min_spend_cents: 0,
    per_user_limit: null,
    usage_limit: null,
    starts_at: addDays(now, -60),
    ends_at: addDays(now, -30),
    created_at: now,
  },
];
