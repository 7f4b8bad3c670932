import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { createDb, parseDatabaseUrl } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './seed/index';
import { seedSyntheticProducts } from './seed/synthetic';

const USAGE = `Usage:
  npm run db:migrate                       migrate DATABASE_URL's database (default data/shop.sqlite)
  npm run db:seed                          migrate, then seed the demo shop if the database is empty
  npm run db:seed -- --products 100000     … and add that many synthetic products (for benchmarks)`;

/** The database commands: `migrate`, and `seed [--products N]`, on DATABASE_URL's database. */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { products: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const command = positionals[0];
  if (values.help || (command !== 'migrate' && command !== 'seed')) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  let products = 0;
  if (values.products !== undefined) {
    products = Number(values.products);
    if (command !== 'seed' || !Number.isInteger(products) || products <= 0) {
      console.error(`--products must be a positive whole number given to seed (got ${values.products})\n\n${USAGE}`);
      return 2;
    }
  }

  const config = loadConfig();
  const target = parseDatabaseUrl(config.DATABASE_URL);
  const where =
    target.kind === 'sqlite' ? target.location : target.location.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  const db = createDb(target);
  try {
    const applied = await migrateToLatest(db);
    console.log(
      applied.length
        ? `Applied ${applied.length} migration(s) to ${where}: ${applied.join(', ')}`
        : `${where} is up to date`,
    );
    if (command === 'seed') {
      console.log((await seedIfEmpty(db)) ? 'Seeded the demo shop.' : 'The shop already has data: demo seed skipped.');
      if (products) {
        const started = Date.now();
        const step = Math.max(10_000, Math.ceil(products / 10));
        let reported = 0;
        await seedSyntheticProducts(db, products, {
          onProgress: (done) => {
            if (done - reported >= step || done === products) {
              reported = done;
              console.log(`  ${done.toLocaleString('en')} / ${products.toLocaleString('en')} synthetic products`);
            }
          },
        });
        console.log(
          `Added ${products.toLocaleString('en')} synthetic products in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
        );
      }
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
