import { randomUUID } from 'node:crypto';
import { formEncode } from '../integration/helper';

/**
 * A steady stream of orders, as shoppers place them, for upgrade tests (docs/decisions/043): `shoppers` customers
 * each place one order after another (one unit of a product, "payment link", a fresh idempotency key) through
 * `baseUrl()` — read before each request, so a test can move the stream from one server to another. Every answer
 * is kept: what counts is that none failed and that every acknowledged order is in the database.
 */
export interface StreamShopper {
  token: string;
  addressId: number;
}

export interface StreamLine {
  product_id: number;
  variant_id: number;
}

export interface StreamFigures {
  acknowledged: Array<{ orderId: number; key: string }>;
  /** Every answer that was not 200 with an order, and every request that got no answer. */
  failures: string[];
}

export function startOrderStream(opts: {
  baseUrl: () => string;
  shoppers: StreamShopper[];
  line: StreamLine;
  pauseMs?: number;
}): { stop(): Promise<StreamFigures>; count(): number } {
  const figures: StreamFigures = { acknowledged: [], failures: [] };
  let running = true;
  const place = async (shopper: StreamShopper) => {
    const key = randomUUID();
    const body = formEncode({
      lang: 'en',
      is_frontend: 1,
      idempotency_key: key,
      address_id: shopper.addressId,
      payment_method: 'payment_link',
      items: [{ ...opts.line, quantity: 1 }],
    });
    try {
      const res = await fetch(`${opts.baseUrl()}/v1/order`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Bearer ${shopper.token}`,
        },
        body,
      });
      const json = (await res.json().catch(() => null)) as { data?: { order?: { id?: number } } } | null;
      const orderId = json?.data?.order?.id;
      if (res.status === 200 && typeof orderId === 'number') figures.acknowledged.push({ orderId, key });
      else figures.failures.push(`${res.status} ${JSON.stringify(json)?.slice(0, 200)}`);
    } catch (err) {
      figures.failures.push(`no answer: ${err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : err}`);
    }
  };
  const loops = opts.shoppers.map(async (shopper) => {
    while (running) {
      await place(shopper);
      await new Promise((resolve) => setTimeout(resolve, opts.pauseMs ?? 20));
    }
  });
  return {
    count: () => figures.acknowledged.length,
    async stop() {
      running = false;
      await Promise.all(loops);
      return figures;
    },
  };
}
