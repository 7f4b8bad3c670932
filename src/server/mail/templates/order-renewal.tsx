import { formatCents } from '../../../common/money';
import { packagingName } from '../../../common/packaging-name';
import { subscriptionById } from '../../subscriptions/service';
import { UnsendableMailError } from './errors';
import { fill } from './fill';
import type { MailTemplate } from './index';
import { Layout, MailText } from './Layout';
import { loadOrder, orderLink } from './order-common';
import { renderMail } from './render';

// A Subscribe & save delivery that could not be placed and was skipped (subscriptions/scheduler.ts): why, and that
// the subscription goes on. A renewal whose charge to the saved card failed (payments/renewal-failures.ts): the next
// try, or that it was the last, and Pay now. (A renewal that was placed is order-placed.tsx's renewal_placed.)

const strings = {
  en: {
    subject: 'Your Subscribe & save delivery was skipped',
    heading: 'This delivery was skipped',
    body: 'We could not place your next Subscribe & save delivery of {{product}}:',
    reasons: {
      out_of_stock: 'it is out of stock.',
      unavailable: 'it is no longer available.',
      not_deliverable: 'it cannot be delivered to your address.',
      payment_method: 'its payment method is not available any more.',
      other: 'something went wrong on our side.',
    },
    goesOn: 'That delivery is skipped; your subscription goes on with the next one.',
    manage: 'Manage subscriptions',
  },
  zh: {
    subject: '您的定期配送已跳过',
    heading: '本次配送已跳过',
    body: '我们未能为您安排 {{product}} 的下一次定期配送：',
    reasons: {
      out_of_stock: '商品缺货。',
      unavailable: '商品已下架。',
      not_deliverable: '无法配送到您的地址。',
      payment_method: '所选付款方式已不可用。',
      other: '我们这边出了问题。',
    },
    goesOn: '本次配送已跳过，您的订阅继续有效，下次照常配送。',
    manage: '管理订阅',
  },
} as const;

export const renewalSkippedMail: MailTemplate<'renewal_skipped'> = async (ctx, params) => {
  const sub = await subscriptionById(ctx.db, params.subscriptionId);
  if (!sub) throw new UnsendableMailError(`subscription ${params.subscriptionId} no longer exists`);
  const s = strings[ctx.lang];
  const product = packagingName(sub, ctx.lang);
  const intro = fill(s.body, { product });
  const body = await renderMail(
    <Layout
      lang={ctx.lang}
      shopUrl={ctx.shopUrl}
      preview={s.heading}
      heading={s.heading}
      action={{ label: s.manage, href: `${ctx.shopUrl}/subscriptions` }}
      reason="order"
    >
      <MailText>{`${intro} ${s.reasons[params.reason] ?? s.reasons.other}`}</MailText>
      <MailText>{s.goesOn}</MailText>
    </Layout>,
  );
  return { subject: s.subject, ...body };
};

const chargeStrings = {
  en: {
    subject: 'Renewal order #{{orderNo}}: your card was not charged',
    heading: 'We could not charge your card',
    body: 'We could not charge your saved card {{total}} for your Subscribe & save renewal, order #{{orderNo}}.',
    retry: 'We will try again on {{date}}. You can also pay it now.',
    last: 'That was our last try. Please pay it now, or the order is cancelled like any unpaid order.',
    payNow: 'Pay now',
  },
  zh: {
    subject: '续订订单 #{{orderNo}}：未能从您的卡扣款',
    heading: '未能从您的卡扣款',
    body: '您的定期订购续订订单 #{{orderNo}} 未能从已保存的卡扣取 {{total}}。',
    retry: '我们将于 {{date}} 再试一次，您也可以现在付款。',
    last: '这是最后一次尝试。请现在付款，否则订单将像其他未付款订单一样被取消。',
    payNow: '立即付款',
  },
} as const;

export const renewalChargeFailedMail: MailTemplate<'renewal_charge_failed'> = async (ctx, params) => {
  const { order } = await loadOrder(ctx, params);
  const s = chargeStrings[ctx.lang];
  const vars = { orderNo: order.order_no, total: formatCents(order.total_cents) };
  const next = params.retryAt ? fill(s.retry, { date: params.retryAt.slice(0, 10) }) : s.last;
  const body = await renderMail(
    <Layout
      lang={ctx.lang}
      shopUrl={ctx.shopUrl}
      preview={s.heading}
      heading={s.heading}
      action={{ label: s.payNow, href: orderLink(ctx, order.id) }}
      reason="order"
    >
      <MailText>{fill(s.body, vars)}</MailText>
      <MailText>{next}</MailText>
    </Layout>,
  );
  return { subject: fill(s.subject, vars), ...body };
};
