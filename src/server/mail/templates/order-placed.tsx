import type { Lang } from '../../../common/contract/lang';
import { formatCents } from '../../../common/money';
import { shopSettings, unpaidHoursOf } from '../../settings/service';
import type { MailOrder } from '../order-figures';
import type { OrderMail } from '../outbox';
import { fill } from './fill';
import type { MailContext, MailTemplate, RenderedMail } from './index';
import { Layout, MailRows, MailText } from './Layout';
import { DeliveryAddress, loadOrder, OrderSummary, orderLink, orderStrings } from './order-common';
import { renderMail } from './render';

// The order placed (by the customer, or a Subscribe & save renewal placed by the server): its lines, totals and
// address, and what the customer does next to pay — for a bank transfer the shop's bank details and the receipt to
// upload on the order's page.

const strings = {
  en: {
    placedSubject: 'Order #{{orderNo}} placed: {{total}}',
    placedHeading: 'Thank you for your order',
    placedIntro: 'We have received your order #{{orderNo}}.',
    renewalSubject: 'Your Subscribe & save delivery: order #{{orderNo}}',
    renewalHeading: 'Your next delivery is ordered',
    renewalIntro: 'We placed order #{{orderNo}} for your Subscribe & save subscription.',
    nothingToPay: 'Nothing is left to pay: your coupon and cash reward cover the whole order. We will prepare it soon.',
    bankIntro: 'Payment is due: please transfer {{total}} to our bank account:',
    bankName: 'Bank',
    bankAccountName: 'Account name',
    bankAccountNumber: 'Account number',
    bankRemark: 'Remark',
    bankUpload:
      "Then open your order's page and upload a photo or screenshot of the transfer receipt, with the transfer's reference number. We confirm the payment once we have checked it.",
    uploadAction: 'Upload the receipt',
    receiptReceived: 'We have your transfer receipt and will confirm the payment once we have checked it.',
    bankRecord: 'For your records, the {{total}} transfer goes to our bank account:',
    receiptMayFail:
      "If we cannot accept the receipt, we will write to you with the reason, and you can upload a new one on your order's page.",
    payOnline: "Payment is due: please pay {{total}} online from your order's page.",
    payAction: 'Pay now',
    deadline: 'An order that is not paid within {{hours}} hours is cancelled.',
  },
  zh: {
    placedSubject: '订单 #{{orderNo}} 已提交：{{total}}',
    placedHeading: '感谢您的订购',
    placedIntro: '我们已收到您的订单 #{{orderNo}}。',
    renewalSubject: '您的定期配送：订单 #{{orderNo}}',
    renewalHeading: '您的下一次配送已下单',
    renewalIntro: '我们已为您的定期订购下了订单 #{{orderNo}}。',
    nothingToPay: '无需再付款：优惠券和现金奖励已抵扣全部金额。我们会尽快为您备货。',
    bankIntro: '请付款：请将 {{total}} 转账至我们的银行账户：',
    bankName: '银行',
    bankAccountName: '账户名',
    bankAccountNumber: '账号',
    bankRemark: '备注',
    bankUpload: '转账后，请打开订单页面，上传转账凭证的照片或截图，并填写转账参考号。我们核对后会确认付款。',
    uploadAction: '上传付款凭证',
    receiptReceived: '我们已收到您的转账凭证，核对后会确认付款。',
    bankRecord: '供您留存：{{total}} 应转账至我们的银行账户：',
    receiptMayFail: '如果付款凭证未被接受，我们会写信告知原因，您可以在订单页面重新上传。',
    payOnline: '请付款：请在订单页面在线支付 {{total}}。',
    payAction: '立即付款',
    deadline: '订单若在 {{hours}} 小时内未付款将被取消。',
  },
} as const;

/** What the customer does next to pay, and the main button (upload the receipt, pay, or just view the order). */
async function paymentPart(ctx: MailContext, order: MailOrder) {
  const s = strings[ctx.lang];
  const o = orderStrings[ctx.lang];
  const link = orderLink(ctx, order.id);
  const total = formatCents(order.total_cents);
  if (order.status !== 'Pending') {
    const text = order.total_cents === 0 ? s.nothingToPay : null;
    return { part: text ? <MailText>{text}</MailText> : null, action: { label: o.viewOrder, href: link } };
  }
  const settings = await shopSettings(ctx.db);
  const hours = unpaidHoursOf(settings, ctx.config);
  const deadline = hours > 0 ? <MailText muted>{fill(s.deadline, { hours })}</MailText> : null;
  if (order.payment_method === 'bank_transfer') {
    const bank = settings.bank;
    const rows = (
      <MailRows
        rows={[
          [s.bankName, bank.bank_name],
          [s.bankAccountName, bank.bank_account_name],
          [s.bankAccountNumber, bank.bank_account_number],
          [s.bankRemark, order.order_no],
        ]}
      />
    );
    // The checkout sends the receipt with the order; a renewal (or a rejected receipt) has none yet.
    if (order.has_receipt) {
      return {
        part: (
          <>
            <MailText>{s.receiptReceived}</MailText>
            <MailText>{fill(s.bankRecord, { total })}</MailText>
            {rows}
            <MailText muted>{s.receiptMayFail}</MailText>
          </>
        ),
        action: { label: o.viewOrder, href: link },
      };
    }
    return {
      part: (
        <>
          <MailText>{fill(s.bankIntro, { total })}</MailText>
          {rows}
          <MailText>{s.bankUpload}</MailText>
          {deadline}
        </>
      ),
      action: { label: s.uploadAction, href: link },
    };
  }
  return {
    part: (
      <>
        <MailText>{fill(s.payOnline, { total })}</MailText>
        {deadline}
      </>
    ),
    action: { label: s.payAction, href: link },
  };
}

async function placedMail(ctx: MailContext, params: OrderMail, renewal: boolean): Promise<RenderedMail> {
  const { order, items } = await loadOrder(ctx, params);
  const lang: Lang = ctx.lang;
  const s = strings[lang];
  const vars = { orderNo: order.order_no, total: formatCents(order.total_cents) };
  const subject = fill(renewal ? s.renewalSubject : s.placedSubject, vars);
  const intro = fill(renewal ? s.renewalIntro : s.placedIntro, vars);
  const payment = await paymentPart(ctx, order);
  const body = await renderMail(
    <Layout
      lang={lang}
      shopUrl={ctx.shopUrl}
      preview={intro}
      heading={renewal ? s.renewalHeading : s.placedHeading}
      action={payment.action}
      reason="order"
    >
      <MailText>{intro}</MailText>
      <OrderSummary lang={lang} order={order} items={items} />
      <DeliveryAddress lang={lang} order={order} />
      {payment.part}
    </Layout>,
  );
  return { subject, ...body };
}

export const orderPlacedMail: MailTemplate<'order_placed'> = (ctx, params) => placedMail(ctx, params, false);

export const renewalPlacedMail: MailTemplate<'renewal_placed'> = (ctx, params) => placedMail(ctx, params, true);
