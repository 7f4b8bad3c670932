import type { OrderDetails } from '@common/contract/orders';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '@/lib/ui/ExternalLink';

/** The tracking block (company, number, link once set); `scrollIntoView` brings it into view when it opens (`track`). */
export function OrderTracking({ order, scrollIntoView }: { order: OrderDetails; scrollIntoView: boolean }) {
  const { t } = useTranslation('orders');
  const trackingRef = useRef<HTMLElement>(null);
  const hasTracking = Boolean(order.tracking.company || order.tracking.number || order.tracking.link);

  useEffect(() => {
    if (scrollIntoView) trackingRef.current?.scrollIntoView?.({ block: 'start' });
  }, [scrollIntoView]);

  return (
    <section ref={trackingRef} aria-labelledby="ord-tracking-title" className="ord-block" id="ord-tracking">
      <h3 id="ord-tracking-title" className="ord-block__title">
        {t('detail.tracking')}
      </h3>
      {hasTracking ? (
        <dl className="ord-dl">
          {order.tracking.company && (
            <>
              <dt>{t('detail.shippingCompany')}</dt>
              <dd>{order.tracking.company}</dd>
            </>
          )}
          {order.tracking.number && (
            <>
              <dt>{t('detail.trackingNumber')}</dt>
              <dd className="ord-mono">{order.tracking.number}</dd>
            </>
          )}
          {order.tracking.link && (
            <>
              <dt>{t('detail.trackingLink')}</dt>
              <dd>
                <ExternalLink href={order.tracking.link}>{t('detail.openTracking')}</ExternalLink>
              </dd>
            </>
          )}
        </dl>
      ) : (
        <p className="ord-hint">{t('detail.noTracking')}</p>
      )}
    </section>
  );
}
