import type { ExchangeRequest } from '@common/contract/exchanges';
import type { OrderDetails } from '@common/contract/orders';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format/date';
import { ExternalLink } from '@/lib/ui/ExternalLink';
import { useOrderExchanges } from '../api/exchanges';
import { ExchangeForm } from './ExchangeForm';
import '../exchange-locales';
import '../exchanges.css';
import '@/lib/i18n/server-messages';

/**
 * Exchanges on a Completed order's page (docs/decisions/020-exchanges.md): until when one can be asked, each
 * request's status (Requested; Approved, with what is sent instead; Declined, with the reason) and "Request
 * exchange" (ExchangeForm).
 */
export function OrderExchanges({ order }: { order: OrderDetails }) {
  const { t } = useTranslation('exchanges');
  const completed = order.status === 'Completed';
  const exchanges = useOrderExchanges(order.id, completed);
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const askRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The form just closed (sent or cancelled): the focus goes back to "Request exchange", else to the section's title,
  // rather than being lost with the form's buttons.
  const [closed, setClosed] = useState(0);
  useEffect(() => {
    if (closed) (askRef.current ?? titleRef.current)?.focus();
  }, [closed]);
  if (!completed) return null;
  const data = exchanges.data;
  if (!data) {
    if (!exchanges.error) return null;
    return (
      <section aria-labelledby={titleId} className="ord-block">
        <h3 id={titleId} className="ord-block__title">
          {t('title')}
        </h3>
        <p className="ord-hint" role="alert">
          {t('loadFailed')}{' '}
          <button type="button" className="btn btn--link" onClick={() => void exchanges.refetch()}>
            {t('retry')}
          </button>
        </p>
      </section>
    );
  }
  const open = order.items.filter((i) => data.open_item_ids.includes(i.id));
  return (
    <section aria-labelledby={titleId} className="ord-block ord-exchanges">
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className="ord-block__title">
        {t('title')}
      </h3>
      {data.deadline && (
        <p className="ord-hint">{t(data.can_request ? 'until' : 'ended', { date: formatDateTime(data.deadline) })}</p>
      )}
      {data.requests.length > 0 && (
        <ul className="ord-exchanges__list" aria-label={t('listLabel')}>
          {data.requests.map((r) => (
            <RequestItem key={r.id} request={r} />
          ))}
        </ul>
      )}
      {data.can_request && open.length === 0 && data.requests.length > 0 && <p className="ord-hint">{t('allAsked')}</p>}
      {data.can_request && open.length > 0 && !asking && (
        <button
          ref={askRef}
          type="button"
          className="btn btn--secondary"
          aria-label={t('requestFor', { no: order.order_no })}
          onClick={() => setAsking(true)}
        >
          {t('request')}
        </button>
      )}
      {data.can_request && open.length > 0 && asking && (
        <ExchangeForm
          order={order}
          items={open}
          onDone={() => {
            setAsking(false);
            setClosed((n) => n + 1);
          }}
        />
      )}
    </section>
  );
}

function RequestItem({ request: r }: { request: ExchangeRequest }) {
  const { t } = useTranslation('exchanges');
  const answer =
    r.status === 'approved'
      ? t('approvedAnswer', { answer: r.answer ?? '' })
      : r.status === 'declined'
        ? t('declinedAnswer', { answer: r.answer ?? '' })
        : t('requestedAnswer');
  return (
    <li className="ord-exchange" data-status={r.status}>
      <p className="ord-exchange__item">
        {t('requestLine', { name: r.name, variant: r.variant_name, quantity: r.quantity })}
      </p>
      <p className={`ord-exchange__status ord-exchange__status--${r.status}`}>{answer}</p>
      <p className="ord-hint">
        {t('reasonLine', { reason: t(`reasons.${r.reason}`) })} · {t('asked', { date: formatDateTime(r.created_at) })}
      </p>
      {r.note && <p className="ord-exchange__note">{r.note}</p>}
      {r.photo_url && <ExternalLink href={`${API_BASE}${r.photo_url}`}>{t('viewPhoto')}</ExternalLink>}
    </li>
  );
}
