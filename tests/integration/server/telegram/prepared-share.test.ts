import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { storeImage } from '../../../../src/server/files/images';
import { createProduct } from '../../../factories/products';
import { createUser } from '../../../factories/users';
import { type FakeBotApi, startFakeBotApi } from '../../../support/telegram/fake-bot-api-server';
import { signInitData, TEST_BOT_TOKEN, tgUser } from '../../../support/telegram/init-data';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';

/**
 * Share inside Telegram (docs/decisions/053): `/v2/prepare-telegram-share` saves a prepared inline message through the
 * Bot API (here the local fake Bot API server, over HTTP, as the real one is called) for the validated initData's user,
 * who must be the account's linked Telegram user.
 */

const SHOP = 'https://shop.example.com';
const MINI_APP = 'https://t.me/leafcup_test_bot/shop';
let nextTgId = 6_400_000_000;
const freshTgId = () => ++nextTgId;
const word = () => `Zqs${randomBytes(3).toString('hex')}`;

interface SavedMessage {
  user_id: number;
  allow_user_chats: boolean;
  allow_group_chats: boolean;
  allow_channel_chats: boolean;
  result: {
    type: string;
    id: string;
    title: string;
    description?: string;
    caption?: string;
    photo_url?: string;
    thumbnail_url?: string;
    input_message_content?: {
      message_text: string;
      link_preview_options?: { url: string; prefer_large_media?: boolean };
    };
    reply_markup: { inline_keyboard: Array<Array<{ text: string; url?: string }>> };
  };
}

describe.each(dialects)('preparing a message to share inside Telegram on %s', (dialect) => {
  let t: TestApp;
  let botApi: FakeBotApi;

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    t = await buildTestApp(dialect, {
      botToken: TEST_BOT_TOKEN,
      env: {
        PUBLIC_URL: SHOP,
        BOT_USERNAME: 'leafcup_test_bot',
        MINI_APP_NAME: 'shop',
        TELEGRAM_API_ROOT: botApi.url,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await botApi?.close();
  });

  /** A customer linked to a fresh Telegram user, with that user's signed initData. */
  async function linkedCustomer() {
    const tgId = freshTgId();
    const customer = await createUser(t.db, { telegram_user_id: String(tgId) });
    return { ...customer, tgId, initData: signInitData(tgUser(tgId)) };
  }
  const saved = () => botApi.of('savePreparedInlineMessage');
  const lastSaved = () => saved().at(-1)!;

  it("saves the product's photo, name, the shop's lowest price and an Open button with the referral code", async () => {
    const me = await linkedCustomer();
    const name = word();
    const png = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const stored = await storeImage(t.app.files, png);
    const { product } = await createProduct(t.db, {
      name,
      variants: [
        { name: '50 g', price: 2000, discountPrice: 1500 },
        { name: '100 g', price: 3000 },
      ],
    });
    await t.db.updateTable('products').set({ image: stored.url }).where('id', '=', product.id).execute();
    await t.db.updateTable('product_images').set({ url: stored.url }).where('product_id', '=', product.id).execute();
    const before = saved().length;

    const res = await post(
      t.app,
      '/v2/prepare-telegram-share',
      { product_id: product.id, init_data: me.initData },
      { token: me.token },
    );

    expect(res.status).toBe(200);
    expect(saved()).toHaveLength(before + 1);
    const call = lastSaved();
    // The id Telegram answered is the id the client gets, with its expiry.
    const answered = call.result as { id: string; expiration_date: number };
    expect(res.body.data).toEqual({
      prepared_message_id: answered.id,
      expires_at: new Date(answered.expiration_date * 1000).toISOString(),
    });
    const hash = /images\/([0-9a-f]{32})-640\.webp$/.exec(stored.url)![1];
    const payload = call.payload as SavedMessage;
    expect(payload).toEqual({
      user_id: me.tgId,
      allow_user_chats: true,
      allow_group_chats: true,
      allow_channel_chats: true,
      result: {
        type: 'photo',
        id: `share-p${product.id}`,
        photo_url: `${SHOP}/media/images/${hash}-1280.jpg`,
        thumbnail_url: `${SHOP}/media/images/${hash}-320.jpg`,
        title: name,
        description: 'from $15.00',
        caption: `${name}, from $15.00 at Leaf & Cup`,
        reply_markup: {
          inline_keyboard: [[{ text: 'Open', url: `${MINI_APP}?startapp=p${product.id}_${me.user.referral_code}` }]],
        },
      },
    });
    // The picture Telegram will fetch is served.
    const picture = await t.app.inject({ method: 'GET', url: `/media/images/${hash}-1280.jpg` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
  });

  it("makes an article with the picture's preview for a picture Telegram cannot take as a photo, in Chinese", async () => {
    const me = await linkedCustomer();
    const { product } = await createProduct(t.db, { name: word(), price: 1250 });
    const res = await post(
      t.app,
      '/v2/prepare-telegram-share',
      { product_id: product.id, init_data: me.initData, lang: 'zh' },
      { token: me.token },
    );
    expect(res.status).toBe(200);
    const { result } = lastSaved().payload as SavedMessage;
    expect(result).toMatchObject({
      type: 'article',
      id: `share-p${product.id}`,
      description: '$12.50 起',
      input_message_content: {
        message_text: `${result.title}，Leaf & Cup 售价 $12.50 起`,
        link_preview_options: {
          url: `${SHOP}/details/${product.id}?ref=${me.user.referral_code}`,
          prefer_large_media: true,
        },
      },
      reply_markup: {
        inline_keyboard: [[{ text: '打开', url: `${MINI_APP}?startapp=p${product.id}_${me.user.referral_code}` }]],
      },
    });
    expect(result.thumbnail_url).toMatch(/^https:\/\/shop\.example\.com\//);
  });

  it('without a product saves a card of the shop that opens it with the referral code', async () => {
    const me = await linkedCustomer();
    const res = await post(t.app, '/v2/prepare-telegram-share', { init_data: me.initData }, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.data.prepared_message_id).toBe((lastSaved().result as { id: string }).id);
    const { result, user_id } = lastSaved().payload as SavedMessage;
    expect(user_id).toBe(me.tgId);
    expect(result).toMatchObject({
      type: 'article',
      id: 'share-shop',
      title: 'Leaf & Cup',
      input_message_content: { link_preview_options: { url: `${SHOP}/${me.user.referral_code}` } },
      reply_markup: {
        inline_keyboard: [[{ text: 'Open', url: `${MINI_APP}?startapp=${me.user.referral_code}` }]],
      },
    });
  });

  describe('refuses, asking nothing of Telegram,', () => {
    let before: number;
    beforeEach(() => {
      before = saved().length;
    });
    afterEach(() => {
      expect(saved()).toHaveLength(before);
    });

    it('a guest (401)', async () => {
      const { product } = await createProduct(t.db, { name: word() });
      const res = await post(t.app, '/v2/prepare-telegram-share', {
        product_id: product.id,
        init_data: signInitData(tgUser(freshTgId())),
      });
      expect(res.status).toBe(401);
    });

    it('a call without Telegram initData, or with a forged one (403)', async () => {
      const me = await linkedCustomer();
      const missing = await post(t.app, '/v2/prepare-telegram-share', {}, { token: me.token });
      expect(missing.status).toBe(403);
      expect(missing.body.message).toBe('Open the shop from Telegram to do this');
      // A bare Telegram user id is never trusted.
      const bare = await post(
        t.app,
        '/v2/prepare-telegram-share',
        { telegram_user_id: String(me.tgId) },
        { token: me.token },
      );
      expect(bare.status).toBe(403);
      const forged = await post(
        t.app,
        '/v2/prepare-telegram-share',
        { init_data: `${me.initData}x` },
        { token: me.token },
      );
      expect(forged.status).toBe(403);
    });

    it('an account not linked to Telegram, or linked to another Telegram user (403)', async () => {
      const unlinked = await createUser(t.db);
      const res = await post(
        t.app,
        '/v2/prepare-telegram-share',
        { init_data: signInitData(tgUser(freshTgId())) },
        { token: unlinked.token },
      );
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Link this account to your Telegram account to share from Telegram');
      const me = await linkedCustomer();
      const other = await post(
        t.app,
        '/v2/prepare-telegram-share',
        { init_data: signInitData(tgUser(freshTgId())) },
        { token: me.token },
      );
      expect(other.status).toBe(403);
    });

    it('an unknown or hidden product (404), a product id that is no id (422)', async () => {
      const me = await linkedCustomer();
      const { product: hidden } = await createProduct(t.db, { name: word(), isActive: false });
      for (const product_id of [hidden.id, 2_000_000_000]) {
        const res = await post(
          t.app,
          '/v2/prepare-telegram-share',
          { product_id, init_data: me.initData },
          { token: me.token },
        );
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('This product does not exist');
      }
      const bad = await post(
        t.app,
        '/v2/prepare-telegram-share',
        { product_id: 'abc', init_data: me.initData },
        { token: me.token },
      );
      expect(bad.status).toBe(422);
      expect(bad.errors.map((e) => e.field)).toEqual(['product_id']);
    });
  });

  it('answers 502 with a message when Telegram refuses, and no 500', async () => {
    const me = await linkedCustomer();
    botApi.fail('savePreparedInlineMessage', 400, 'Bad Request: PHOTO_INVALID_DIMENSIONS');
    try {
      const res = await post(t.app, '/v2/prepare-telegram-share', { init_data: me.initData }, { token: me.token });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Telegram could not prepare the message: please try again');
    } finally {
      botApi.clearFailures();
    }
  });
});
