import type { AdminProduct } from '../../../../src/common/contract/admin/products';
import { run } from '../../../../src/server/operator/cli';
import { staffCrew } from '../../../factories/staff';
import { buildTestApp, type Dialect, type TestApp, type TestAppOptions } from '../../helper';

/** The staff of a test app: owner, manager, fulfilment and a customer, each with a session `.token`. */
export type Crew = Awaited<ReturnType<typeof staffCrew>>;

/**
 * The back office's test files' set-up: before the file's tests, an app on a fresh `dialect` database (`opts` as
 * buildTestApp takes them) and its staff crew, handed to `use` (which keeps them in the file's `t` and `crew`);
 * after them, the app closed and its database dropped.
 */
export function withStaffApp(dialect: Dialect, opts: TestAppOptions, use: (t: TestApp, crew: Crew) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await buildTestApp(dialect, opts);
    use(app, await staffCrew(app.db));
  });
  afterAll(async () => {
    await app?.close();
  });
}

/** The audit log's entries of `action` (of the entity `entityId` when given), newest first. */
export const auditEntries = (t: TestApp, action: string, entityId?: number) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .$if(entityId !== undefined, (q) => q.where('entity_id', '=', String(entityId)))
    .orderBy('id', 'desc')
    .execute();

/** Runs the operator's command line on the test app's database; answers what it printed (or rejects with its error). */
export async function runCli(t: TestApp, ...argv: string[]): Promise<string> {
  const lines: string[] = [];
  await run(t.db, argv, (line) => lines.push(line), t.config);
  return lines.join('\n');
}

/** The product form's update body of a product as it is (`/admin/products/update`): change a field and send it. */
export const productFormOf = (p: AdminProduct) => ({
  product_id: p.id,
  slug: p.slug,
  name_en: p.name_en,
  name_zh: p.name_zh,
  description_en: p.description_en,
  description_zh: p.description_zh,
  state: p.state,
  available_ph: p.available_ph ? 1 : 0,
  available_cn: p.available_cn ? 1 : 0,
  subscribable: p.subscribable ? 1 : 0,
  low_stock_threshold: p.low_stock_threshold ?? '',
  category_ids: p.category_ids,
  tag_ids: p.tag_ids,
  images: p.images,
});
