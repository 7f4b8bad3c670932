import pg from 'pg';

/**
 * A steady stream of short transactions on the shop's busiest tables, as orders and product pages make them, for
 * measuring what a migration does to a shop in use (docs/decisions/043): each transaction reads a row of each table
 * (so it holds their shared locks) for a few milliseconds, from `clients` connections at once. It needs no rows and
 * no particular columns, so it runs against any release's schema.
 */
export const BUSY_TABLES = ['orders', 'order_items', 'payments', 'products', 'product_variants', 'users', 'states'];

export interface LoadFigures {
  transactions: number;
  errors: string[];
  /** The slowest transaction while the load ran: how long a migration made the shop wait. */
  maxMs: number;
}

export interface BusyLoad {
  stop(): Promise<LoadFigures>;
}

export function startBusyLoad(url: string, clients = 6, holdMs = 5): BusyLoad {
  const pool = new pg.Pool({ connectionString: url, max: clients });
  const figures: LoadFigures = { transactions: 0, errors: [], maxMs: 0 };
  let running = true;
  const reads = BUSY_TABLES.map((t) => `select 1 from ${t} limit 1`).join('; ');
  const loop = async () => {
    while (running) {
      const started = performance.now();
      const client = await pool.connect();
      try {
        await client.query(`begin; ${reads}; select pg_sleep(${holdMs / 1000}); commit`);
        figures.transactions++;
      } catch (err) {
        figures.errors.push(err instanceof Error ? err.message : String(err));
        await client.query('rollback').catch(() => {});
      } finally {
        client.release();
      }
      figures.maxMs = Math.max(figures.maxMs, performance.now() - started);
    }
  };
  const loops = Array.from({ length: clients }, loop);
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      await pool.end();
      return figures;
    },
  };
}
