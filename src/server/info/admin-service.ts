import type { PageSlug } from '../../common/content-rules';
import type { AdminFaq, AdminPage } from '../../common/contract/admin/content';
import type { StaffActor } from '../audit/actor';
import { changedFields } from '../audit/changes';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { conflict, notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import * as repo from './admin-repository';

/**
 * The back office's Content screen (docs/decisions/013): banners (admin-banner-service.ts), information pages and FAQ.
 * Every change is written to the audit log (`content.banner_*`, `content.page_update`, `content.faq_*`) in its
 * transaction, with the values before and after (only those that changed). The shop reads these tables on every
 * request, so a change shows at once. A banner's days are the shop's days (`SHOP_TIMEZONE`): stored as the instants
 * its first day starts and the day after its last day starts.
 */

// ---------------------------------------------------------------------------
// Shared by banners and FAQ
// ---------------------------------------------------------------------------

/** Deletes a banner or a question, with the audit of what it was, in one transaction (an unknown id: 404). */
export async function deleteRow<Row>(
  db: Db,
  actor: StaffActor,
  id: number,
  entity: 'banner' | 'faq',
  read: (trx: Db, id: number) => Promise<Row>,
  remove: (trx: Db, id: number) => Promise<unknown>,
  record: (row: Row) => unknown,
): Promise<void> {
  await withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await read(trx, id);
      await remove(trx, id);
      await recordAudit(trx, actor, {
        action: `content.${entity}_delete`,
        entity,
        entityId: id,
        before: record(before),
      });
    }),
  );
}

/**
 * Puts a list (banners or FAQ) in the order of `ids`, which must name every row once: a list changed meanwhile (a
 * row added or deleted by someone else) is refused with 409, so nobody's change is lost silently. The rows are locked
 * first, so two reorders at once run one after the other.
 */
export async function reorder(
  trx: Db,
  actor: StaffActor,
  table: 'banners' | 'faqs',
  ids: readonly number[],
): Promise<void> {
  const current = await repo.lockOrder(trx, table);
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || ids.length !== current.length || current.some((id) => !wanted.has(id))) {
    throw conflict('contentListChanged', undefined, 'ids');
  }
  if (current.every((id, i) => ids[i] === id)) return;
  await repo.writeOrder(trx, table, ids);
  await recordAudit(trx, actor, {
    action: table === 'banners' ? 'content.banner_reorder' : 'content.faq_reorder',
    entity: table === 'banners' ? 'banner' : 'faq',
    before: { order: current },
    after: { order: [...ids] },
  });
}

// ---------------------------------------------------------------------------
// Information pages
// ---------------------------------------------------------------------------

export async function getPage(db: Db, slug: PageSlug): Promise<AdminPage> {
  const row = await repo.findPage(db, slug);
  return row ? { ...row, slug } : { slug, title_en: '', title_zh: '', body_en: '', body_zh: '', updated_at: null };
}

export interface PageInput {
  title_en: string;
  title_zh: string;
  body_en: string;
  body_zh: string;
  /** The version the editor loaded: a page saved since is refused (409) rather than overwritten. */
  expectedUpdatedAt?: string;
}

export async function updatePage(db: Db, actor: StaffActor, slug: PageSlug, input: PageInput): Promise<AdminPage> {
  const texts = { title_en: input.title_en, title_zh: input.title_zh, body_en: input.body_en, body_zh: input.body_zh };
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await getPage(trx, slug);
      if (input.expectedUpdatedAt && before.updated_at !== input.expectedUpdatedAt) {
        throw conflict('pageChangedMeanwhile');
      }
      const { updated_at: _, slug: __, ...beforeTexts } = before;
      const diff = changedFields(beforeTexts, texts);
      if (!diff) return before;
      const now = nowIso();
      const values = { ...texts, updated_at: now };
      // The check above reads; only the conditional write settles two saves of the same version at once.
      if (input.expectedUpdatedAt) {
        if (!(await repo.savePageIfUnchanged(trx, slug, values, input.expectedUpdatedAt))) {
          throw conflict('pageChangedMeanwhile');
        }
      } else await repo.savePage(trx, slug, values);
      await recordAudit(trx, actor, { action: 'content.page_update', entity: 'page', entityId: slug, ...diff }, now);
      return { slug, ...texts, updated_at: now };
    }),
  );
}

// ---------------------------------------------------------------------------
// FAQ
// ---------------------------------------------------------------------------

export const listFaqs = (db: Db): Promise<AdminFaq[]> => repo.listFaqs(db);

const faqRecord = (row: repo.FaqValues): repo.FaqValues => ({
  question_en: row.question_en,
  question_zh: row.question_zh,
  answer_en: row.answer_en,
  answer_zh: row.answer_zh,
});

async function faqIn(trx: Db, id: number): Promise<AdminFaq> {
  const row = await repo.findFaq(trx, id);
  if (!row) throw notFound('faqNotFound', 'id');
  return row;
}

export async function createFaq(db: Db, actor: StaffActor, input: repo.FaqValues): Promise<AdminFaq> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const id = await repo.insertFaq(trx, faqRecord(input));
      const row = await faqIn(trx, id);
      await recordAudit(trx, actor, {
        action: 'content.faq_create',
        entity: 'faq',
        entityId: id,
        after: faqRecord(row),
      });
      return row;
    }),
  );
}

export async function updateFaq(db: Db, actor: StaffActor, id: number, input: repo.FaqValues): Promise<AdminFaq> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await faqIn(trx, id);
      const diff = changedFields(faqRecord(before), faqRecord(input));
      if (!diff) return before;
      await repo.updateFaq(trx, id, faqRecord(input));
      await recordAudit(trx, actor, { action: 'content.faq_update', entity: 'faq', entityId: id, ...diff });
      return faqIn(trx, id);
    }),
  );
}

export const deleteFaq = (db: Db, actor: StaffActor, id: number): Promise<void> =>
  deleteRow(db, actor, id, 'faq', faqIn, repo.deleteFaq, faqRecord);

export async function reorderFaqs(db: Db, actor: StaffActor, ids: readonly number[]): Promise<AdminFaq[]> {
  await withRetry(() => db.transaction().execute((trx) => reorder(trx, actor, 'faqs', ids)));
  return listFaqs(db);
}
