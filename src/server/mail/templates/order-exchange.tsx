import { packagingName } from '../../../common/packaging-name';
import type { MailParams } from '../outbox';
import { fill } from './fill';
import type { MailContext, MailTemplate, RenderedMail } from './index';
import { Layout, MailRows, MailText } from './Layout';
import { orderLink, orderStrings } from './order-common';
import { renderMail } from './render';

// Exchanges (docs/decisions/020): the customer's receipt of their request, and staff's answer (approved, with
// what is sent instead; declined, with the reason). Each links to the order's page, where the request's status shows.
// What they say of the request is its snapshot when the change happened (orders/notify.ts): nothing is read to send.

const strings = {
  en: {
    requestedSubject: 'Order #{{orderNo}}: we have your exchange request',
    requestedHeading: 'We have your exchange request',
    requestedBody: 'You asked to exchange an item of order #{{orderNo}}. We will look at it and write to you.',
    approvedSubject: 'Order #{{orderNo}}: your exchange is approved',
    approvedHeading: 'Your exchange is approved',
    approvedBody: 'We approved your exchange for order #{{orderNo}}.',
    declinedSubject: 'Order #{{orderNo}}: your exchange was declined',
    declinedHeading: 'Your exchange was declined',
    declinedBody: 'We could not approve your exchange for order #{{orderNo}}.',
    item: 'Item',
    reason: 'Reason',
    note: 'Your note',
    sentInstead: 'We will send',
    why: 'Why',
    reasons: {
      damaged: 'Damaged',
      wrong_item: 'Wrong item',
      not_as_described: 'Not as described',
      other: 'Other',
    },
  },
  zh: {
    requestedSubject: '订单 #{{orderNo}}：我们已收到您的换货申请',
    requestedHeading: '我们已收到您的换货申请',
    requestedBody: '您申请更换订单 #{{orderNo}} 中的商品。我们会尽快处理并答复您。',
    approvedSubject: '订单 #{{orderNo}}：您的换货申请已批准',
    approvedHeading: '您的换货申请已批准',
    approvedBody: '我们已批准您对订单 #{{orderNo}} 的换货申请。',
    declinedSubject: '订单 #{{orderNo}}：您的换货申请未获批准',
    declinedHeading: '您的换货申请未获批准',
    declinedBody: '很抱歉，我们无法批准您对订单 #{{orderNo}} 的换货申请。',
    item: '商品',
    reason: '原因',
    note: '您的说明',
    sentInstead: '我们将寄出',
    why: '原因说明',
    reasons: {
      damaged: '商品损坏',
      wrong_item: '发错商品',
      not_as_described: '与描述不符',
      other: '其他',
    },
  },
} as const;

type Kind = 'requested' | 'approved' | 'declined';

function exchangeMail(kind: Kind): MailTemplate<'exchange_requested' | 'exchange_approved' | 'exchange_declined'> {
  return async (
    ctx: MailContext,
    { orderId, orderNo, exchange: request }: MailParams['exchange_requested'],
  ): Promise<RenderedMail> => {
    const s = strings[ctx.lang];
    const vars = { orderNo };
    const item = packagingName(request, ctx.lang, request.quantity);
    const rows: Array<readonly [string, string]> = [
      [s.item, item],
      [s.reason, s.reasons[request.reason]],
    ];
    if (kind === 'requested' && request.note) rows.push([s.note, request.note]);
    if (kind === 'approved' && request.answer) rows.push([s.sentInstead, request.answer]);
    if (kind === 'declined' && request.answer) rows.push([s.why, request.answer]);
    const heading = s[`${kind}Heading`];
    const body = await renderMail(
      <Layout
        lang={ctx.lang}
        shopUrl={ctx.shopUrl}
        preview={heading}
        heading={heading}
        action={{ label: orderStrings[ctx.lang].viewOrder, href: orderLink(ctx, orderId) }}
        reason="order"
      >
        <MailText>{fill(s[`${kind}Body`], vars)}</MailText>
        <MailRows rows={rows} />
      </Layout>,
    );
    return { subject: fill(s[`${kind}Subject`], vars), ...body };
  };
}

export const exchangeRequestedMail: MailTemplate<'exchange_requested'> = exchangeMail('requested');
export const exchangeApprovedMail: MailTemplate<'exchange_approved'> = exchangeMail('approved');
export const exchangeDeclinedMail: MailTemplate<'exchange_declined'> = exchangeMail('declined');
