import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { storeImage } from '../../../../src/server/files/images';
import { WEBHOOK_PATH, webhookSecret } from '../../../../src/server/telegram/bot/webhook-secret';
import { createProduct } from '../../../factories/products';
import { createUser } from '../../../factories/users';
import { buttonsOf, inlineQueryUpdate, interceptBotApi, messageUpdate } from '../../../support/telegram/fake-bot-api';
import { TEST_BOT_TOKEN } from '../../../support/telegram/init-data';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

/**
 * "Share" (docs/product.md sections 3 and 10): inline queries, `/start p<id>[_<code>]`, the Mini App link and the JPEG
 * renditions.
 */

const SHOP = 'https://shop.example.com';
let nextTgId = 6_300_000_000;
const freshTgId = () => ++nextTgId;
/** A word no seeded product has, so a search finds only this test's products. */
const word = () => `Zqx${randomBytes(3).toString('hex')}`;

interface InlineResult {
  type: string;
  id: string;
  title: string;
  description?: string;
  caption?: string;
  photo_url?: string;
  thumbnail_url?: string;
  input_message_content?: { message_text: string };
  reply_markup?: { inline_keyboard: Array<Array<{ text: string; url?: string }>> };
}

describe.each(dialects)('sharing through the bot on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof interceptBotApi>;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      botToken: TEST_BOT_TOKEN,
      env: { PUBLIC_URL: SHOP, BOT_USERNAME: 'leafcup_test_bot', MINI_APP_NAME: 'shop' },
    });
    api = interceptBotApi(t.app.bot!);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => api.reset());

  // biome-ignore lint/suspicious/noExplicitAny: a Telegram update
  const deliver = async (update: any) => {
    const res = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'x-telegram-bot-api-secret-token': webhookSecret(t.config)! },
      payload: update,
    });
    expect(res.statusCode).toBe(200);
  };
  const inline = async (query: string, languageCode?: string) => {
    await deliver(inlineQueryUpdate({ id: freshTgId(), language_code: languageCode }, query));
    const answers = api.of('answerInlineQuery');
    expect(answers).toHaveLength(1);
    return answers[0]!.payload as {
      results: InlineResult[];
      cache_time: number;
      is_personal: boolean;
      button?: { text: string; web_app?: { url: string } };
    };
  };

  describe('inline queries', () => {
    it('answer matching products with name, price and a button opening them in the Mini App', async () => {
      const name = word();
      const { product } = await createProduct(t.db, { name: `${name} Oolong`, price: 1250 });
      const answer = await inline(`${name.toLowerCase()} oolong`);
      expect(answer.cache_time).toBe(30);
      expect(answer.is_personal).toBe(false);
      expect(answer.results).toEqual([
        {
          type: 'article',
          id: `p${product.id}`,
          title: `${name} Oolong`,
          description: 'from $12.50',
          input_message_content: { message_text: `${name} Oolong, from $12.50 at Leaf & Cup` },
          reply_markup: {
            inline_keyboard: [
              [{ text: 'Open in the shop', url: `https://t.me/leafcup_test_bot/shop?startapp=p${product.id}` }],
            ],
          },
        },
      ]);
    });

    it('speak Chinese to a zh* Telegram user and show the discounted price', async () => {
      const name = word();
      const { product } = await createProduct(t.db, { name, price: 2000, discountPrice: 1500 });
      const [result] = (await inline(name, 'zh-hans')).results;
      expect(result?.id).toBe(`p${product.id}`);
      expect(result?.title).toBe(`${name}（中文）`);
      expect(result?.description).toBe('$15.00 起');
      expect(result?.reply_markup?.inline_keyboard[0]?.[0]?.text).toBe('在商店中打开');
    });

    it('answer a query with a NUL character in it (PostgreSQL cannot search one) as the query without it', async () => {
      const name = word();
      const { product } = await createProduct(t.db, { name });
      const answer = await inline(`${name}\u0000`);
      expect(answer.results.map((r) => r.id)).toEqual([`p${product.id}`]);
    });

    it('list the newest products for an empty query', async () => {
      const { product } = await createProduct(t.db, { name: word(), createdAt: '2099-01-01T00:00:00.000Z' });
      const { results } = await inline('   ');
      expect(results[0]?.id).toBe(`p${product.id}`);
      expect(results.length).toBeGreaterThan(1);
      expect(results.length).toBeLessThanOrEqual(10);
    });

    it('answer no results with a button that opens the shop', async () => {
      const answer = await inline(word());
      expect(answer.results).toEqual([]);
      expect(answer.button).toEqual({ text: 'No products match. Open the shop', web_app: { url: `${SHOP}/` } });
    });

    it('send an uploaded picture as a JPEG photo (Telegram takes only JPEG), served by the shop', async () => {
      const name = word();
      const png = await sharp({ create: { width: 700, height: 500, channels: 4, background: '#2e7d32' } })
        .png()
        .toBuffer();
      const stored = await storeImage(t.app.files, png);
      const { product } = await createProduct(t.db, { name, price: 900 });
      await t.db.updateTable('products').set({ image: stored.url }).where('id', '=', product.id).execute();
      const [result] = (await inline(name)).results;
      const hash = /images\/([0-9a-f]{32})-640\.webp$/.exec(stored.url)![1];
      expect(result).toMatchObject({
        type: 'photo',
        id: `p${product.id}`,
        photo_url: `${SHOP}/media/images/${hash}-640.jpg`,
        thumbnail_url: `${SHOP}/media/images/${hash}-320.jpg`,
        title: name,
        caption: `${name}, from $9.00 at Leaf & Cup`,
      });
      const res = await t.app.inject({ method: 'GET', url: `/media/images/${hash}-640.jpg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
      // Made once and kept beside the WebP: the next request reads the same file.
      expect(await t.app.files.has(`images/${hash}-640.jpg`)).toBe(true);
      const again = await t.app.inject({ method: 'GET', url: `/media/images/${hash}-640.jpg` });
      expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
      // Only renditions of stored images: a name that is no stored image is a 404.
      const missing = await t.app.inject({ method: 'GET', url: `/media/images/${'0'.repeat(32)}-640.jpg` });
      expect(missing.statusCode).toBe(404);
      const odd = await t.app.inject({ method: 'GET', url: `/media/images/${hash}-641.jpg` });
      expect(odd.statusCode).toBe(404);
    });
  });

  describe('/start with a product', () => {
    it('opens the product and records the referral code it carries as a visit of /{code}', async () => {
      const referrer = await createUser(t.db);
      const { product } = await createProduct(t.db, { name: word() });
      const id = freshTgId();
      await deliver(messageUpdate({ id }, `/start p${product.id}_${referrer.user.referral_code}`));
      const [msg] = api.of('sendMessage');
      expect(buttonsOf(msg?.payload).slice(0, 2)).toEqual([
        { text: 'View the product', web_app: `${SHOP}/details/${product.id}` },
        { text: 'Open the shop', web_app: `${SHOP}/` },
      ]);
      const visits = await t.db
        .selectFrom('referral_visits')
        .select(['link', 'origin', 'visitor_key'])
        .where('referrer_id', '=', referrer.user.id)
        .execute();
      expect(visits).toEqual([
        { link: `/${referrer.user.referral_code}`, origin: 'telegram', visitor_key: `tg:${id}` },
      ]);
    });

    it('opens the product without a code, and ignores a malformed product parameter', async () => {
      const { product } = await createProduct(t.db, { name: word() });
      await deliver(messageUpdate({ id: freshTgId() }, `/start p${product.id}`));
      await deliver(messageUpdate({ id: freshTgId() }, '/start p0_%%'));
      const [first, second] = api.of('sendMessage');
      expect(buttonsOf(first?.payload)[0]).toEqual({
        text: 'View the product',
        web_app: `${SHOP}/details/${product.id}`,
      });
      expect(buttonsOf(second?.payload)[0]).toEqual({ text: 'Open the shop', web_app: `${SHOP}/` });
    });
  });

  it("gives the client the Mini App's link with a product's details", async () => {
    const { product } = await createProduct(t.db, { name: word() });
    const res = await post(t.app, '/v2/get-product-details', { product_id: product.id });
    expect(res.status).toBe(200);
    expect(res.body.data.mini_app_link).toBe('https://t.me/leafcup_test_bot/shop');
  });
});

describe("sharing without MINI_APP_NAME uses the bot's main Mini App", () => {
  let t: TestApp;
  let api: ReturnType<typeof interceptBotApi>;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { botToken: TEST_BOT_TOKEN, env: { PUBLIC_URL: SHOP } });
    api = interceptBotApi(t.app.bot!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('links inline results to t.me/<bot>?startapp=…, and tells the client no link without BOT_USERNAME', async () => {
    const name = word();
    const { product } = await createProduct(t.db, { name });
    await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'x-telegram-bot-api-secret-token': webhookSecret(t.config)! },
      payload: inlineQueryUpdate({ id: freshTgId() }, name),
    });
    const [answer] = api.of('answerInlineQuery');
    const [result] = (answer?.payload.results ?? []) as InlineResult[];
    expect(result?.reply_markup?.inline_keyboard[0]?.[0]?.url).toBe(
      `https://t.me/leafcup_test_bot?startapp=p${product.id}`,
    );
    const res = await post(t.app, '/v2/get-product-details', { product_id: product.id });
    expect(res.body.data.mini_app_link).toBeNull();
  });
});
