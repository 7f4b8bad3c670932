import { runBundleBench } from './bundle';
import { runCatalogBench } from './catalog';
import { runOrdersBench } from './orders';

// `npm run bench`: every bench, one after another (each prints its own report).
const benches: Array<[string, () => Promise<void>]> = [
  ['catalog', runCatalogBench],
  ['orders', runOrdersBench],
  [
    'bundle',
    async () => {
      if (!(await runBundleBench())) process.exitCode = 1;
    },
  ],
];
for (const [name, run] of benches) {
  console.log(`\n=== ${name} ===`);
  await run();
}
