import type { PageSlug } from '../../common/contract/info';
import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';

// All SQL of the information pages. Texts come back in the asked language.

export async function findPage(db: Db, slug: PageSlug, lang: Lang) {
  return db
    .selectFrom('pages')
    .select([
      'slug',
      'updated_at',
      lang === 'zh' ? 'title_zh as title' : 'title_en as title',
      lang === 'zh' ? 'body_zh as body' : 'body_en as body',
    ])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export async function listFaqs(db: Db, lang: Lang) {
  return db
    .selectFrom('faqs')
    .select([
      'id',
      lang === 'zh' ? 'question_zh as question' : 'question_en as question',
      lang === 'zh' ? 'answer_zh as answer' : 'answer_en as answer',
    ])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
