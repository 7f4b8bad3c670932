import sharp from 'sharp';
import { CONTENT_LIMITS } from '../../../../src/common/content-rules';
import { storeImage } from '../../../../src/server/files/images';
import { addDaysToDate, localDate } from '../../../../src/server/lib/shop-days';
import { deferred } from '../../../support/deferred';
import { dialects, post, type TestApp } from '../../helper';
import { postMultipart } from '../orders/support';
import { auditEntries, type Crew, withStaffApp } from './support';

// The back office's Content screen (docs/decisions/015): banners, information pages, FAQ, banner images; who may use
// it, what it refuses, what the shop shows after each change (at once) and the audit log.

const CONTENT_PATHS = [
  '/admin/content/banners/list',
  '/admin/content/banners/create',
  '/admin/content/banners/update',
  '/admin/content/banners/set-active',
  '/admin/content/banners/delete',
  '/admin/content/banners/reorder',
  '/admin/content/images/upload',
  '/admin/content/pages/get',
  '/admin/content/pages/update',
  '/admin/content/faqs/list',
  '/admin/content/faqs/create',
  '/admin/content/faqs/update',
  '/admin/content/faqs/delete',
  '/admin/content/faqs/reorder',
] as const;

/** A real picture made with sharp: 1600×600 JPEG. */
const picture = (shade: number) =>
  sharp({ create: { width: 1600, height: 600, channels: 3, background: { r: shade, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

/** An image uploaded to the test app's file store (a banner may show only such, or one a banner shows now). */
let heroImage = '';

const banner = (title: string, extra: Record<string, unknown> = {}) => ({
  image: heroImage,
  title_en: title,
  title_zh: `${title}（中文）`,
  subtitle_en: `${title} subtitle`,
  subtitle_zh: `${title} 副标题`,
  link: '/products/best-sellers',
  ...extra,
});

describe.each(dialects)('back office content on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, { seed: false, env: { MAX_UPLOAD_BYTES: String(256 * 1024) } }, (app, staff) => {
    t = app;
    crew = staff;
  });
  beforeAll(async () => {
    heroImage = (await storeImage(t.app.files, await picture(30))).url;
  });

  const as = (token: string) => ({ token });
  const audit = (action: string) => auditEntries(t, action);
  const today = () => localDate(t.config.SHOP_TIMEZONE, Date.now());
  const shopBanners = async (lang = 'en') => (await post(t.app, '/v2/get-banners', { lang })).body.data.banners;

  async function createBanner(title: string, extra: Record<string, unknown> = {}) {
    const res = await post(t.app, '/admin/content/banners/create', banner(title, extra), as(crew.manager.token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.banner;
  }

  it('answers 401 without a session and 403 to a customer and a fulfilment member on every content path', async () => {
    for (const path of CONTENT_PATHS) {
      expect((await post(t.app, path, { id: 1 })).status, path).toBe(401);
      expect((await post(t.app, path, { id: 1 }, as(crew.customer.token))).status, path).toBe(403);
      const refused = await post(t.app, path, { id: 1 }, as(crew.fulfilment.token));
      expect(refused.status, path).toBe(403);
      expect(refused.body.message).toBe('You are not allowed to do that');
    }
    // An upload is refused before its body is read.
    const upload = await postMultipart(
      t.app,
      '/admin/content/images/upload',
      {},
      { field: 'image', bytes: await picture(10), type: 'image/jpeg', name: 'a.jpg' },
      crew.fulfilment.token,
    );
    expect(upload.status).toBe(403);
  });

  it('lets a manager and an owner read every list', async () => {
    for (const who of [crew.manager, crew.owner]) {
      for (const [path, body] of [
        ['/admin/content/banners/list', {}],
        ['/admin/content/faqs/list', {}],
        ['/admin/content/pages/get', { slug: 'about' }],
      ] as const) {
        expect((await post(t.app, path, body, as(who.token))).status, `${who.role} ${path}`).toBe(200);
      }
    }
  });

  it('refuses a bad banner with the message at the field, and saves nothing', async () => {
    const before = (await post(t.app, '/admin/content/banners/list', {}, as(crew.owner.token))).body.data.banners;
    const cases: Array<[Record<string, unknown>, string, number]> = [
      [{ link: 'javascript:alert(1)' }, 'link', 422],
      [{ link: '//evil.example.com/x' }, 'link', 422],
      [{ link: 'data:text/html,hi' }, 'link', 422],
      [{ link: '/\\evil.example.com' }, 'link', 422],
      [{ link: 'products/tea' }, 'link', 422],
      [{ image: 'javascript:alert(1)' }, 'image', 422],
      [{ starts_on: '2026-12-10', ends_on: '2026-12-09' }, 'ends_on', 422],
      [{ starts_on: '2026-02-30' }, 'starts_on', 422],
      // Outside 2000–2999 (the day after 9999-12-31 broke the day arithmetic: a 500).
      [{ ends_on: '9999-12-31' }, 'ends_on', 422],
      [{ starts_on: '0050-01-01' }, 'starts_on', 422],
      [{ title_zh: '' }, 'title_zh', 422],
      [{ title_en: '   ' }, 'title_en', 422],
      [{ subtitle_zh: '' }, 'subtitle_zh', 422],
      [{ alt_en: 'A cup of matcha' }, 'alt_zh', 422],
      [{ title_en: 'x'.repeat(CONTENT_LIMITS.bannerTitle + 1) }, 'title_en', 422],
      [{ link: `/${'x'.repeat(CONTENT_LIMITS.link)}` }, 'link', 422],
    ];
    for (const [fields, field, status] of cases) {
      const res = await post(t.app, '/admin/content/banners/create', banner('Bad', fields), as(crew.manager.token));
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(
        res.errors.map((e) => e.field),
        JSON.stringify(fields),
      ).toContain(field);
    }
    const dates = await post(
      t.app,
      '/admin/content/banners/create',
      banner('Bad', { starts_on: '2026-12-10', ends_on: '2026-12-09' }),
      as(crew.manager.token),
    );
    expect(dates.body.message).toBe('The last day must not be before the first day');
    const zh = await post(
      t.app,
      '/admin/content/banners/create',
      banner('Bad', { alt_en: 'Matcha', lang: 'zh' }),
      as(crew.manager.token),
    );
    expect(zh.body.message).toBe('请同时填写中文');
    const after = (await post(t.app, '/admin/content/banners/list', {}, as(crew.owner.token))).body.data.banners;
    expect(after).toEqual(before);
    expect(await audit('content.banner_create')).toHaveLength(0);
  });

  it('shows the shop only switched-on banners within their days, in order, and each change at once', async () => {
    const day = today();
    const live = await createBanner('Live', { link: 'https://tea.example.com/matcha' });
    const scheduled = await createBanner('Scheduled', { starts_on: addDaysToDate(day, 1) });
    const ended = await createBanner('Ended', { starts_on: addDaysToDate(day, -5), ends_on: addDaysToDate(day, -1) });
    const off = await createBanner('Off', { is_active: 0 });
    const today1 = await createBanner('Today only', { starts_on: day, ends_on: day, alt_en: 'Tea', alt_zh: '茶' });
    expect([live.state, scheduled.state, ended.state, off.state, today1.state]).toEqual([
      'live',
      'scheduled',
      'ended',
      'off',
      'live',
    ]);
    expect(today1).toMatchObject({ starts_on: day, ends_on: day, is_active: true });

    expect((await shopBanners()).map((b) => b.title)).toEqual(['Live', 'Today only']);
    const zh = await shopBanners('zh');
    expect(zh.map((b) => b.title)).toEqual(['Live（中文）', 'Today only（中文）']);
    expect(zh[1]).toMatchObject({ alt: '茶', subtitle: 'Today only 副标题', link: '/products/best-sellers' });
    expect(zh[0]).toMatchObject({ alt: '', link: 'https://tea.example.com/matcha' });

    // Reordered, switched on, given an end: the shop's next request shows it.
    const ids = [today1.id, off.id, ended.id, scheduled.id, live.id];
    const reordered = await post(t.app, '/admin/content/banners/reorder', { ids }, as(crew.manager.token));
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.banners.map((b: { id: number }) => b.id)).toEqual(ids);
    const on = await post(
      t.app,
      '/admin/content/banners/set-active',
      { id: off.id, is_active: 1 },
      as(crew.owner.token),
    );
    expect(on.body.message).toBe('Banner switched on');
    expect((await shopBanners()).map((b) => b.title)).toEqual(['Today only', 'Off', 'Live']);

    const changed = await post(
      t.app,
      '/admin/content/banners/update',
      { id: live.id, ...banner('Live again', { ends_on: addDaysToDate(day, -1) }) },
      as(crew.manager.token),
    );
    expect(changed.status).toBe(200);
    // Left out, the switch stays as it was.
    expect(changed.body.data.banner).toMatchObject({ is_active: true, state: 'ended' });
    expect((await shopBanners()).map((b) => b.title)).toEqual(['Today only', 'Off']);

    const removed = await post(t.app, '/admin/content/banners/delete', { id: off.id }, as(crew.manager.token));
    expect(removed.status).toBe(200);
    expect((await shopBanners()).map((b) => b.title)).toEqual(['Today only']);

    // The audit log: who, what, before and after (only what changed).
    const [update] = await audit('content.banner_update');
    expect(update).toMatchObject({ actor: crew.manager.user.email, entity: 'banner', entity_id: String(live.id) });
    expect(JSON.parse(update!.before_json!)).toEqual({
      title_en: 'Live',
      title_zh: 'Live（中文）',
      subtitle_en: 'Live subtitle',
      subtitle_zh: 'Live 副标题',
      link: 'https://tea.example.com/matcha',
      ends_on: null,
    });
    expect(JSON.parse(update!.after_json!)).toMatchObject({ title_en: 'Live again', ends_on: addDaysToDate(day, -1) });
    const [active] = await audit('content.banner_update').then((rows) =>
      rows.filter((r) => r.entity_id === String(off.id)),
    );
    expect(JSON.parse(active!.after_json!)).toEqual({ is_active: true });
    expect(JSON.parse((await audit('content.banner_reorder'))[0]!.after_json!)).toEqual({ order: ids });
    expect(JSON.parse((await audit('content.banner_delete'))[0]!.before_json!)).toMatchObject({ title_en: 'Off' });
    expect(await audit('content.banner_create')).toHaveLength(5);
  });

  it('refuses a reorder of a list that changed meanwhile, and unknown ids', async () => {
    const list = (await post(t.app, '/admin/content/banners/list', {}, as(crew.manager.token))).body.data.banners;
    const ids = list.map((b: { id: number }) => b.id);
    for (const stale of [ids.slice(1), [...ids, 99_999], [...ids.slice(0, -1), ids[0]]]) {
      const res = await post(t.app, '/admin/content/banners/reorder', { ids: stale }, as(crew.manager.token));
      expect(res.status, JSON.stringify(stale)).toBe(409);
      expect(res.body.message).toBe('The list changed meanwhile: reload it and try again');
    }
    expect((await post(t.app, '/admin/content/banners/reorder', { ids: 'x' }, as(crew.manager.token))).status).toBe(
      422,
    );
    for (const path of ['/admin/content/banners/delete', '/admin/content/faqs/delete'] as const) {
      const res = await post(t.app, path, { id: 99_999 }, as(crew.manager.token));
      expect(res.status).toBe(404);
      expect(res.errors[0]?.field).toBe('id');
    }
  });

  it('stores an uploaded banner image as WebP served from /media, the hero at its wide width; refuses a non-image', async () => {
    const res = await postMultipart<{ url: string; wide_url: string; width: number; height: number }>(
      t.app,
      '/admin/content/images/upload',
      {},
      { field: 'image', bytes: await picture(200), type: 'image/jpeg', name: 'hero.jpg' },
      crew.manager.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.url).toMatch(/^\/media\/images\/[0-9a-f]{32}-640\.webp$/);
    expect(res.body.data.wide_url).toBe(res.body.data.url.replace('-640.webp', '-1280.webp'));
    expect(res.body.data).toMatchObject({ width: 640, height: 240 });
    const served = await t.app.inject({ method: 'GET', url: res.body.data.wide_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1280);

    // A banner saved with the wide URL keeps the card width; the shop's hero asks for the wide one.
    const saved = await createBanner('Uploaded', { image: res.body.data.wide_url });
    expect(saved).toMatchObject({ image: res.body.data.url, image_wide: res.body.data.wide_url });
    const hero = (await shopBanners()).find((b) => b.title === 'Uploaded');
    expect(hero?.image).toBe(res.body.data.wide_url);

    const refused = await postMultipart(
      t.app,
      '/admin/content/images/upload',
      {},
      {
        field: 'image',
        // An SVG sharp can read (it has a size), still not a picture the shop takes.
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40" onload="alert(1)"/>'),
        type: 'image/svg+xml',
        name: 'x.svg',
      },
      crew.manager.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.errors[0]?.field).toBe('image');
    const missing = await post(t.app, '/admin/content/images/upload', {}, as(crew.manager.token));
    expect(missing.status).toBe(422);
    const huge = await postMultipart(
      t.app,
      '/admin/content/images/upload',
      {},
      { field: 'image', bytes: Buffer.alloc(300 * 1024, 7), type: 'image/jpeg', name: 'huge.jpg' },
      crew.manager.token,
    );
    expect(huge.status).toBe(413);
    expect(huge.errors).toEqual([{ field: 'image', message: 'The image must be at most 256 KB' }]);
  });

  it('takes as a banner image only an upload in the file store or an image a banner shows now', async () => {
    // Looks like an upload, was never stored; a shop path no banner shows; an outside address.
    const unknown = heroImage.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    for (const image of [unknown, '/images/banners/hero-matcha.svg', 'https://elsewhere.example.com/a.png']) {
      const res = await post(
        t.app,
        '/admin/content/banners/create',
        banner('Ghost', { image }),
        as(crew.manager.token),
      );
      expect(res.status, image).toBe(422);
      expect(res.errors, image).toEqual([
        {
          field: 'image',
          message: 'Upload this image first (or use one a banner shows now)',
        },
      ]);
    }
    expect((await audit('content.banner_create')).filter((a) => a.after_json?.includes('Ghost'))).toHaveLength(0);

    // The seed's own pictures (public files under /images/…): a banner that shows one keeps it through an edit,
    // and another banner may show it too.
    const seeded = await t.db
      .insertInto('banners')
      .values({
        image: '/images/banners/hero-bundles.svg',
        title_en: 'Seeded',
        title_zh: '种子',
        subtitle_en: '',
        subtitle_zh: '',
        alt_en: '',
        alt_zh: '',
        link: '/products/bundles',
        sort_order: 99,
        is_active: 0,
        starts_at: null,
        ends_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seedFields = banner('Seeded', { image: '/images/banners/hero-bundles.svg', is_active: 0 });
    const kept = await post(
      t.app,
      '/admin/content/banners/update',
      { id: seeded.id, ...seedFields, title_en: 'Seeded again' },
      as(crew.manager.token),
    );
    expect(kept.status, kept.body.message).toBe(200);
    expect(kept.body.data.banner.image).toBe('/images/banners/hero-bundles.svg');
    const again = await post(t.app, '/admin/content/banners/create', seedFields, as(crew.manager.token));
    expect(again.status, again.body.message).toBe(200);
    // An edit to an image nobody uploaded is refused, the banner unchanged.
    const swapped = await post(
      t.app,
      '/admin/content/banners/update',
      { id: seeded.id, ...seedFields, image: unknown },
      as(crew.manager.token),
    );
    expect(swapped.status).toBe(422);
    expect(swapped.errors[0]?.field).toBe('image');
    for (const id of [seeded.id, again.body.data.banner.id]) {
      await t.db.deleteFrom('banners').where('id', '=', id).execute();
    }
  });

  it('refuses a banner edit with a day outside 2000–2999 at the field, changing nothing', async () => {
    const made = await createBanner('Dated', { starts_on: '2030-01-01', ends_on: '2030-01-31' });
    for (const [field, bad] of [
      ['ends_on', '9999-12-31'],
      ['starts_on', '0050-01-01'],
    ] as const) {
      const res = await post(
        t.app,
        '/admin/content/banners/update',
        { id: made.id, ...banner('Dated', { starts_on: '2030-01-01', ends_on: '2030-01-31', [field]: bad }) },
        as(crew.manager.token),
      );
      expect(res.status, field).toBe(422);
      expect(res.errors).toEqual([{ field, message: 'must be from 2000-01-01 to 2999-12-31' }]);
    }
    const list = (await post(t.app, '/admin/content/banners/list', {}, as(crew.owner.token))).body.data.banners;
    expect(list.find((b: { id: number }) => b.id === made.id)).toMatchObject({
      starts_on: '2030-01-01',
      ends_on: '2030-01-31',
    });
    expect((await audit('content.banner_update')).filter((a) => a.entity_id === String(made.id))).toHaveLength(0);
  });

  it('saves a page in both languages: the shop’s paths show it at once; a stale editor is refused', async () => {
    // Never written: the editor starts empty, the shop has no such page yet.
    const empty = await post(t.app, '/admin/content/pages/get', { slug: 'shipping' }, as(crew.manager.token));
    expect(empty.body.data.page).toEqual({
      slug: 'shipping',
      title_en: '',
      title_zh: '',
      body_en: '',
      body_zh: '',
      updated_at: null,
    });
    expect((await post(t.app, '/v2/get-shipping-policy', { lang: 'zh' })).status).toBe(404);

    const texts = {
      slug: 'shipping',
      title_en: 'Shipping',
      title_zh: '配送政策',
      body_en: 'We ship daily.\n\nFree over $50.',
      body_zh: '每日发货。\n\n满 50 美元包邮。',
    };
    const saved = await post(t.app, '/admin/content/pages/update', texts, as(crew.manager.token));
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Page saved: the shop shows it now');
    const version = saved.body.data.page.updated_at as string;
    const zh = await post(t.app, '/v2/get-shipping-policy', { lang: 'zh' });
    expect(zh.body.data.page).toMatchObject({ title: '配送政策', body: '每日发货。\n\n满 50 美元包邮。' });
    expect((await post(t.app, '/v2/get-page', { slug: 'shipping' })).body.data.page.title).toBe('Shipping');

    const edited = await post(
      t.app,
      '/admin/content/pages/update',
      { ...texts, title_zh: '运费与配送', expected_updated_at: version },
      as(crew.owner.token),
    );
    expect(edited.status).toBe(200);
    expect((await post(t.app, '/v2/get-shipping-policy', { lang: 'zh' })).body.data.page.title).toBe('运费与配送');

    // Someone saved since this editor loaded: refused, nothing overwritten.
    const stale = await post(
      t.app,
      '/admin/content/pages/update',
      { ...texts, title_zh: '旧的', expected_updated_at: version },
      as(crew.manager.token),
    );
    expect(stale.status).toBe(409);
    expect((await post(t.app, '/v2/get-shipping-policy', { lang: 'zh' })).body.data.page.title).toBe('运费与配送');

    const [entry] = await audit('content.page_update');
    expect(entry).toMatchObject({ actor: crew.owner.user.email, entity: 'page', entity_id: 'shipping' });
    expect(JSON.parse(entry!.before_json!)).toEqual({ title_zh: '配送政策' });
    expect(JSON.parse(entry!.after_json!)).toEqual({ title_zh: '运费与配送' });
    expect(await audit('content.page_update')).toHaveLength(2);
  });

  it('lets exactly one of several saves of the same page version win; the others get 409', async () => {
    const texts = { slug: 'privacy', title_en: 'Privacy', title_zh: '隐私', body_en: 'Ours.', body_zh: '我们的。' };
    const first = await post(t.app, '/admin/content/pages/update', texts, as(crew.owner.token));
    const version = first.body.data.page.updated_at as string;
    const save = (n: number) =>
      post(
        t.app,
        '/admin/content/pages/update',
        { ...texts, title_en: `Privacy ${n}`, expected_updated_at: version },
        as(n % 2 ? crew.owner.token : crew.manager.token),
      );
    let saves: Array<Awaited<ReturnType<typeof save>>>;
    if (dialect === 'postgres') {
      // The page's row is held locked while the saves start, so each reads the same version and passes the read
      // check before any writes: only the conditional write can tell them apart.
      const held = deferred();
      const isLocked = deferred();
      const holder = t.db.transaction().execute(async (trx) => {
        await trx.selectFrom('pages').select('slug').where('slug', '=', 'privacy').forUpdate().execute();
        isLocked.resolve();
        await held.promise;
      });
      await isLocked.promise;
      const pending = Promise.all([1, 2, 3, 4].map(save));
      await new Promise((r) => setTimeout(r, 300));
      held.resolve();
      await holder;
      saves = await pending;
    } else {
      saves = await Promise.all([1, 2, 3, 4].map(save));
    }
    expect(saves.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = saves.find((r) => r.status === 200)!.body.data.page;
    const page = await t.db.selectFrom('pages').selectAll().where('slug', '=', 'privacy').executeTakeFirstOrThrow();
    expect(page).toMatchObject({ title_en: winner.title_en, updated_at: winner.updated_at });
    const logged = (await audit('content.page_update')).filter((a) => a.entity_id === 'privacy');
    expect(logged).toHaveLength(2);
  });

  it('refuses a page without its Chinese text, too long, or of an unknown slug', async () => {
    const base = { slug: 'about', title_en: 'About', title_zh: '关于', body_en: 'Us', body_zh: '我们' };
    for (const [fields, field] of [
      [{ body_zh: '' }, 'body_zh'],
      [{ title_zh: ' ' }, 'title_zh'],
      [{ body_en: 'x'.repeat(CONTENT_LIMITS.pageBody + 1) }, 'body_en'],
      [{ slug: 'secrets' }, 'slug'],
    ] as const) {
      const res = await post(t.app, '/admin/content/pages/update', { ...base, ...fields }, as(crew.manager.token));
      expect(res.status, field).toBe(422);
      expect(res.errors.map((e) => e.field)).toContain(field);
    }
    expect((await post(t.app, '/v2/get-page', { slug: 'about' })).status).toBe(404);
  });

  it('keeps the FAQ in order in both languages: every change shows in the shop’s /faq at once', async () => {
    const add = async (n: number) => {
      const res = await post(
        t.app,
        '/admin/content/faqs/create',
        { question_en: `Q${n}?`, question_zh: `问题${n}？`, answer_en: `A${n}.`, answer_zh: `答案${n}。` },
        as(crew.manager.token),
      );
      expect(res.status).toBe(200);
      return res.body.data.faq.id as number;
    };
    const [a, b, c] = [await add(1), await add(2), await add(3)];
    const shopFaq = async (lang: string) =>
      ((await post(t.app, '/v2/get-faq', { lang })).body.data.faqs as Array<{ question: string }>).map(
        (f) => f.question,
      );
    expect(await shopFaq('zh')).toEqual(['问题1？', '问题2？', '问题3？']);

    const edited = await post(
      t.app,
      '/admin/content/faqs/update',
      { id: b, question_en: 'Q2?', question_zh: '可以寄到宿务吗？', answer_en: 'A2.', answer_zh: '可以。' },
      as(crew.manager.token),
    );
    expect(edited.status).toBe(200);
    expect(await shopFaq('zh')).toEqual(['问题1？', '可以寄到宿务吗？', '问题3？']);

    expect((await post(t.app, '/admin/content/faqs/reorder', { ids: [c, a, b] }, as(crew.owner.token))).status).toBe(
      200,
    );
    expect(await shopFaq('en')).toEqual(['Q3?', 'Q1?', 'Q2?']);
    expect((await post(t.app, '/admin/content/faqs/delete', { id: a }, as(crew.manager.token))).status).toBe(200);
    expect(await shopFaq('en')).toEqual(['Q3?', 'Q2?']);
    const list = (await post(t.app, '/admin/content/faqs/list', {}, as(crew.manager.token))).body.data.faqs;
    expect(list.map((f: { id: number }) => f.id)).toEqual([c, b]);

    const [update] = await audit('content.faq_update');
    expect(update).toMatchObject({ entity: 'faq', entity_id: String(b), actor: crew.manager.user.email });
    expect(JSON.parse(update!.before_json!)).toEqual({ question_zh: '问题2？', answer_zh: '答案2。' });
    expect(JSON.parse(update!.after_json!)).toEqual({ question_zh: '可以寄到宿务吗？', answer_zh: '可以。' });
    expect(await audit('content.faq_create')).toHaveLength(3);
    expect(JSON.parse((await audit('content.faq_reorder'))[0]!.after_json!)).toEqual({ order: [c, a, b] });
    expect(JSON.parse((await audit('content.faq_delete'))[0]!.before_json!)).toMatchObject({ question_en: 'Q1?' });

    // Missing Chinese, too long: refused at the field.
    for (const [fields, field] of [
      [{ question_zh: '' }, 'question_zh'],
      [{ answer_en: 'x'.repeat(CONTENT_LIMITS.faqAnswer + 1) }, 'answer_en'],
    ] as const) {
      const res = await post(
        t.app,
        '/admin/content/faqs/create',
        { question_en: 'Q?', question_zh: '问？', answer_en: 'A.', answer_zh: '答。', ...fields },
        as(crew.manager.token),
      );
      expect(res.status).toBe(422);
      expect(res.errors.map((e) => e.field)).toContain(field);
    }
    expect(await audit('content.faq_create')).toHaveLength(3);
  });

  it('runs two reorders of the same list one after the other: the final order is one of them, whole', async () => {
    const ids = (
      (await post(t.app, '/admin/content/faqs/list', {}, as(crew.manager.token))).body.data.faqs as Array<{
        id: number;
      }>
    ).map((f) => f.id);
    const one = [...ids].reverse();
    const [x, y] = await Promise.all([
      post(t.app, '/admin/content/faqs/reorder', { ids: one }, as(crew.manager.token)),
      post(t.app, '/admin/content/faqs/reorder', { ids }, as(crew.owner.token)),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    const final = (
      (await post(t.app, '/admin/content/faqs/list', {}, as(crew.manager.token))).body.data.faqs as Array<{
        id: number;
        sort_order: number;
      }>
    ).map((f) => f.id);
    expect([JSON.stringify(one), JSON.stringify(ids)]).toContain(JSON.stringify(final));
  });
});
