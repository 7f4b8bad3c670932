import { cardLabel } from '../../../common/card-brand';
import { isHttpLink } from '../../../common/links';
import { formatCents } from '../../../common/money';
import type { MailOrder, OrderFigures } from '../order-figures';
import type { MailParams, OrderMail } from '../outbox';
import { fill } from './fill';
import type { MailContext, MailTemplate, RenderedMail } from './index';
import { Layout, MailButton, MailRows, MailText } from './Layout';
import { loadOrder, OrderSummary, orderLink, orderStrings } from './order-common';
import { renderMail } from './render';

// What happens to an order after it is placed (docs/decisions/016): paid, receipt rejected, processing, shipped,
// completed, cancelled or expired (and what came back), refund recorded. Each links to the order's page.

const strings = {
  en: {
    paidSubject: 'Payment received for order #{{orderNo}}',
    paidHeading: 'Payment received',
    paidBody: 'We have received your payment of {{total}} for order #{{orderNo}}. We will prepare it soon.',
    paidCardBody:
      'We have received your card payment of {{total}} for order #{{orderNo}} ({{card}}). We will prepare it soon.',
    rejectedSubject: 'Order #{{orderNo}}: please upload a new receipt',
    rejectedHeading: 'Your receipt was not accepted',
    rejectedBody: 'We could not accept the transfer receipt for order #{{orderNo}}:',
    rejectedAgain:
      "Payment is still due ({{total}}). Please upload a new receipt, with the transfer's reference number, on your order's page.",
    uploadAgain: 'Upload a new receipt',
    processingSubject: 'Order #{{orderNo}} is being prepared',
    processingHeading: 'We are preparing your order',
    processingBody: 'Order #{{orderNo}} is being prepared. We will write again when it is on its way.',
    shippedSubject: 'Order #{{orderNo}} is on its way',
    shippedHeading: 'Your order is on its way',
    shippedBody: 'Order #{{orderNo}} has been handed to the carrier.',
    company: 'Shipping company',
    number: 'Tracking number',
    track: 'Track the parcel',
    completedSubject: 'Order #{{orderNo}} is completed',
    completedHeading: 'Enjoy your tea!',
    completedBody: 'Order #{{orderNo}} is completed. Tell other tea lovers what you think: review your items.',
    review: 'Write a review',
    cancelledSubject: 'Order #{{orderNo}} was cancelled',
    cancelledHeading: 'Your order was cancelled',
    cancelledBody: 'Order #{{orderNo}} ({{total}}) was cancelled.',
    expiredSubject: 'Order #{{orderNo}} was cancelled: not paid in time',
    expiredHeading: 'Your order was cancelled',
    expiredBody:
      'Order #{{orderNo}} ({{total}}) was cancelled because it was not paid in time. You are welcome to order again.',
    couponBack: 'Your coupon {{code}} can be used again.',
    cashBack: 'The cash reward you used ({{amount}}) is back in your balance.',
    refundOwed: 'You paid for this order: we will refund {{amount}} and write to you when it is sent.',
    refundSubject: 'Refund of {{amount}} for order #{{orderNo}}',
    refundHeading: 'Your refund is on its way',
    refundBody: 'We have sent you a refund of {{amount}} for order #{{orderNo}}.',
    refundCardBody: 'We have sent a refund of {{amount}} for order #{{orderNo}} to your card {{card}}.',
    amount: 'Amount',
    method: 'Method',
    refundLeft: 'Still to be refunded: {{amount}}.',
    methods: {
      bank_transfer: 'Bank transfer',
      telegram: 'Telegram payment',
      cash: 'Cash',
      card: 'Card',
      other: 'Other',
    },
  },
  zh: {
    paidSubject: '订单 #{{orderNo}} 已收到付款',
    paidHeading: '已收到付款',
    paidBody: '我们已收到订单 #{{orderNo}} 的付款 {{total}}，会尽快为您备货。',
    paidCardBody: '我们已收到订单 #{{orderNo}} 的银行卡付款 {{total}}（{{card}}），会尽快为您备货。',
    rejectedSubject: '订单 #{{orderNo}}：请重新上传付款凭证',
    rejectedHeading: '您的付款凭证未被接受',
    rejectedBody: '我们无法接受订单 #{{orderNo}} 的转账凭证：',
    rejectedAgain: '订单仍待付款（{{total}}）。请在订单页面重新上传付款凭证，并填写转账参考号。',
    uploadAgain: '重新上传付款凭证',
    processingSubject: '订单 #{{orderNo}} 正在备货',
    processingHeading: '我们正在为您备货',
    processingBody: '订单 #{{orderNo}} 正在备货，发货后我们会再通知您。',
    shippedSubject: '订单 #{{orderNo}} 已发货',
    shippedHeading: '您的订单已发货',
    shippedBody: '订单 #{{orderNo}} 已交给快递公司。',
    company: '快递公司',
    number: '快递单号',
    track: '查看物流',
    completedSubject: '订单 #{{orderNo}} 已完成',
    completedHeading: '祝您品茶愉快！',
    completedBody: '订单 #{{orderNo}} 已完成。欢迎评价您购买的商品，与其他茶友分享。',
    review: '写评价',
    cancelledSubject: '订单 #{{orderNo}} 已取消',
    cancelledHeading: '您的订单已取消',
    cancelledBody: '订单 #{{orderNo}}（{{total}}）已取消。',
    expiredSubject: '订单 #{{orderNo}} 因未按时付款已取消',
    expiredHeading: '您的订单已取消',
    expiredBody: '订单 #{{orderNo}}（{{total}}）因未按时付款已取消。欢迎再次下单。',
    couponBack: '您的优惠券 {{code}} 可以再次使用。',
    cashBack: '您使用的现金奖励（{{amount}}）已退回您的余额。',
    refundOwed: '您已为此订单付款：我们将退款 {{amount}}，退款发出后会再通知您。',
    refundSubject: '订单 #{{orderNo}} 退款 {{amount}}',
    refundHeading: '您的退款已发出',
    refundBody: '我们已为订单 #{{orderNo}} 向您退款 {{amount}}。',
    refundCardBody: '我们已将订单 #{{orderNo}} 的退款 {{amount}} 退回您的银行卡 {{card}}。',
    amount: '金额',
    method: '方式',
    refundLeft: '尚待退款：{{amount}}。',
    methods: { bank_transfer: '银行转账', telegram: 'Telegram 支付', cash: '现金', card: '银行卡', other: '其他' },
  },
} as const;

type S = (typeof strings)['en'] | (typeof strings)['zh'];

interface Parts {
  subject: string;
  heading: string;
  body: React.ReactNode;
  /** The main button; by default "View your order". */
  action?: { label: string; href: string };
  /** Show the items and totals. */
  summary?: boolean;
}

/** Renders one status message about the order with the parts `build` makes from its figures when the event happened. */
async function statusMail(
  ctx: MailContext,
  params: OrderMail,
  build: (
    s: S,
    order: MailOrder,
    vars: { orderNo: string; total: string },
    link: string,
    figures: OrderFigures,
  ) => Parts,
): Promise<RenderedMail> {
  const figures = await loadOrder(ctx, params);
  const { order, items } = figures;
  const s = strings[ctx.lang];
  const link = orderLink(ctx, order.id);
  const vars = { orderNo: order.order_no, total: formatCents(order.total_cents) };
  const parts = build(s, order, vars, link, figures);
  const body = await renderMail(
    <Layout
      lang={ctx.lang}
      shopUrl={ctx.shopUrl}
      preview={parts.heading}
      heading={parts.heading}
      action={parts.action ?? { label: orderStrings[ctx.lang].viewOrder, href: link }}
      reason="order"
    >
      {parts.body}
      {parts.summary ? <OrderSummary lang={ctx.lang} order={order} items={items} /> : null}
    </Layout>,
  );
  return { subject: fill(parts.subject, vars), ...body };
}

export const orderPaidMail: MailTemplate<'order_paid'> = (ctx, params) =>
  statusMail(ctx, params, (s, _order, vars) => ({
    subject: s.paidSubject,
    heading: s.paidHeading,
    body: (
      <MailText>
        {params.card ? fill(s.paidCardBody, { ...vars, card: cardLabel(params.card) }) : fill(s.paidBody, vars)}
      </MailText>
    ),
    summary: true,
  }));

export const orderReceiptRejectedMail: MailTemplate<'order_receipt_rejected'> = (ctx, params) =>
  statusMail(ctx, params, (s, _order, vars, link) => ({
    subject: s.rejectedSubject,
    heading: s.rejectedHeading,
    body: (
      <>
        <MailText>{fill(s.rejectedBody, vars)}</MailText>
        <MailText>
          <strong>{params.reason}</strong>
        </MailText>
        <MailText>{fill(s.rejectedAgain, vars)}</MailText>
      </>
    ),
    action: { label: s.uploadAgain, href: link },
  }));

export const orderProcessingMail: MailTemplate<'order_processing'> = (ctx, params) =>
  statusMail(ctx, params, (s, _order, vars) => ({
    subject: s.processingSubject,
    heading: s.processingHeading,
    body: <MailText>{fill(s.processingBody, vars)}</MailText>,
  }));

export const orderShippedMail: MailTemplate<'order_shipped'> = (ctx, params) =>
  statusMail(ctx, params, (s, order, vars) => {
    const tracking = order.tracking_link && isHttpLink(order.tracking_link) ? order.tracking_link : null;
    return {
      subject: s.shippedSubject,
      heading: s.shippedHeading,
      body: (
        <>
          <MailText>{fill(s.shippedBody, vars)}</MailText>
          <MailRows
            rows={[
              [s.company, order.tracking_company ?? '-'],
              [s.number, order.tracking_number ?? '-'],
            ]}
          />
          {tracking ? <MailButton href={tracking}>{s.track}</MailButton> : null}
        </>
      ),
    };
  });

export const orderCompletedMail: MailTemplate<'order_completed'> = (ctx, params) =>
  statusMail(ctx, params, (s, _order, vars, link) => ({
    subject: s.completedSubject,
    heading: s.completedHeading,
    body: <MailText>{fill(s.completedBody, vars)}</MailText>,
    action: { label: s.review, href: `${link}&view=review` },
  }));

/** Cancelled (by the customer or staff) or expired (not paid in time): and what came back to the customer. */
function cancelledMail(kind: 'cancelled' | 'expired'): MailTemplate<'order_cancelled' | 'order_expired'> {
  return (ctx, params: MailParams['order_cancelled']) =>
    statusMail(ctx, params, (s, order, vars, _link, { owedCents }) => {
      const back: string[] = [];
      if (order.coupon_discount_cents > 0 && order.coupon_code)
        back.push(fill(s.couponBack, { code: order.coupon_code }));
      if (order.cash_reward_cents > 0) back.push(fill(s.cashBack, { amount: formatCents(order.cash_reward_cents) }));
      if (owedCents > 0) back.push(fill(s.refundOwed, { amount: formatCents(owedCents) }));
      return {
        subject: kind === 'expired' ? s.expiredSubject : s.cancelledSubject,
        heading: kind === 'expired' ? s.expiredHeading : s.cancelledHeading,
        body: (
          <>
            <MailText>{fill(kind === 'expired' ? s.expiredBody : s.cancelledBody, vars)}</MailText>
            {back.map((line) => (
              <MailText key={line}>{line}</MailText>
            ))}
          </>
        ),
      };
    });
}

export const orderCancelledMail: MailTemplate<'order_cancelled'> = cancelledMail('cancelled');
export const orderExpiredMail: MailTemplate<'order_expired'> = cancelledMail('expired');

export const orderRefundRecordedMail: MailTemplate<'order_refund_recorded'> = (ctx, params) =>
  statusMail(ctx, params, (s, _order, vars, _link, { owedCents }) => {
    const amount = formatCents(params.amountCents);
    const method = (s.methods as Record<string, string>)[params.method] ?? params.method;
    // A refund to the card names the card as the provider reported it, nothing more (docs/decisions/040).
    const said = params.card
      ? fill(s.refundCardBody, { ...vars, amount, card: cardLabel(params.card) })
      : fill(s.refundBody, { ...vars, amount });
    return {
      subject: fill(s.refundSubject, { amount }),
      heading: s.refundHeading,
      body: (
        <>
          <MailText>{said}</MailText>
          <MailRows
            rows={[
              [s.amount, amount],
              [s.method, method],
            ]}
          />
          {owedCents > 0 ? <MailText>{fill(s.refundLeft, { amount: formatCents(owedCents) })}</MailText> : null}
        </>
      ),
    };
  });
