import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';

// All catalogue SQL lives here. Names come back in the asked language.

export async function listCategories(db: Db, lang: Lang) {
  return db
    .selectFrom('categories')
    .select(['id', 'slug', lang === 'zh' ? 'name_zh as name' : 'name_en as name'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function listBanners(db: Db, lang: Lang) {
  return db
    .selectFrom('banners')
    .select([
      'id',
      'image',
      'link',
      lang === 'zh' ? 'title_zh as title' : 'title_en as title',
      lang === 'zh' ? 'subtitle_zh as subtitle' : 'subtitle_en as subtitle',
    ])
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function listTags(db: Db, lang: Lang) {
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'kind', 'slug', lang === 'zh' ? 'name_zh as name' : 'name_en as name'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, kind: r.kind as 'type' | 'benefit' | 'tag' }));
}
