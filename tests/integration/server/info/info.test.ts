import type { InfoPage } from '../../../../src/common/contract/info';
import { basePages, faqs } from '../../../../src/server/seed/shop-data';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

const seeded = (slug: string) => {
  const page = basePages.find((p) => p.slug === slug);
  if (!page) throw new Error(`no seeded page ${slug}`);
  return page;
};

describe.each(dialects)('information pages on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['/v2/get-tnc', 'tnc'],
    ['/v2/get-privacy-policy', 'privacy'],
    ['/v2/get-shipping-policy', 'shipping'],
  ])('%s answers the %s page in English and Chinese', async (path, slug) => {
    const en = await post<{ page: InfoPage }>(t.app, path, { lang: 'en' });
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ success: true, code: 200 });
    expect(en.body.data.page).toMatchObject({ slug, title: seeded(slug).title_en, body: seeded(slug).body_en });
    expect(en.body.data.page.body).toContain('\n\n');

    const zh = await post(t.app, path, { lang: '2' });
    expect(zh.status).toBe(200);
    expect(zh.body.data.page).toMatchObject({ slug, title: seeded(slug).title_zh, body: seeded(slug).body_zh });
  });

  it('get-page answers the about page (and any page by slug)', async () => {
    const about = await post(t.app, '/v2/get-page', { slug: 'about' });
    expect(about.status).toBe(200);
    expect(about.body.data.page.title).toBe('About Us');
    expect(about.body.data.page.body).toBe(seeded('about').body_en);
    const zh = await post(t.app, '/v2/get-page', { slug: 'ABOUT', lang: 'zh' });
    expect(zh.body.data.page.title).toBe('关于我们');
    const tnc = await post(t.app, '/v2/get-page', { slug: 'tnc' });
    expect(tnc.body.data.page.title).toBe('Terms of Service');
  });

  it('get-page refuses an unknown or missing slug with a message naming the field', async () => {
    const bad = await post(t.app, '/v2/get-page', { slug: 'secrets' });
    expect(bad.status).toBe(422);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toMatch(/^slug: must be one of about, tnc, privacy, shipping/);
    const missing = await post(t.app, '/v2/get-page', {});
    expect(missing.status).toBe(422);
    expect(missing.errors[0]?.field).toBe('slug');
  });

  it('answers 404 "This page does not exist" when a page is not in the database', async () => {
    await t.db.deleteFrom('pages').where('slug', '=', 'shipping').execute();
    const res = await post(t.app, '/v2/get-shipping-policy', { lang: 'en' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 404, message: 'This page does not exist' });
    const zh = await post(t.app, '/v2/get-shipping-policy', { lang: 'zh' });
    expect(zh.body.message).toBe('该页面不存在');
  });

  it('get-faq lists the questions in their order, in the asked language', async () => {
    const en = await post(t.app, '/v2/get-faq', { lang: 'en' });
    expect(en.status).toBe(200);
    expect(en.body.data.faqs.map((f) => f.question)).toEqual(faqs.map((f) => f.question_en));
    expect(en.body.data.faqs[0]?.answer).toBe(faqs[0]?.answer_en);
    await t.db.updateTable('faqs').set({ sort_order: -1 }).where('question_en', '=', faqs[2]!.question_en).execute();
    const zh = await post(t.app, '/v2/get-faq', { lang: 'zh' });
    expect(zh.body.data.faqs[0]?.question).toBe(faqs[2]?.question_zh);
    expect(zh.body.data.faqs).toHaveLength(faqs.length);
  });

  it('the OpenAPI document describes the information, referral and affiliate paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/v2/get-tnc',
      '/v2/get-privacy-policy',
      '/v2/get-shipping-policy',
      '/v2/get-page',
      '/v2/get-faq',
      '/v2/record-visit',
      '/v2/get-referral-link',
      '/v2/get-referral-link-customer-version',
      '/v2/get-referral-member-award',
      '/v2/affiliate-dashboard',
      '/v2/commission-data',
      '/v2/referral-visit-data',
      '/v2/get-agent-downlines',
      '/v2/update-commission-bank',
      '/v2/request-payout',
      '/v2/get-payout-requests',
      '/v2/generate-affiliate-link',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
