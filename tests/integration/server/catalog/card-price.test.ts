import type { ProductCard, ProductDetails } from '../../../../src/common/contract/catalog';
import { cheapestPackaging, pricesVary, saleUnitCents } from '../../../../src/common/pricing';
import { dialects, post, type TestApp } from '../../helper';
import { type Crew, withStaffApp } from '../admin/support';

/**
 * The list card prices the packaging the product page opens on (docs/decisions/055): its price is that of
 * `cheapestPackaging` of the packagings the page shows, and it says "From" (`price_varies`) exactly when their prices
 * differ; a back-office change of a packaging's price moves both.
 */
describe.each(dialects)('the list card’s price and the product page’s on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, {}, (app, s) => {
    t = app;
    crew = s;
  });

  const allCards = async (lang: 'en' | 'zh') => {
    const cards: ProductCard[] = [];
    let cursor: string | null = null;
    do {
      const fields: Record<string, unknown> = { lang, limit: 50, ...(cursor ? { cursor } : {}) };
      const res = await post(t.app, '/v2/get-product-list', fields);
      expect(res.status, res.body.message).toBe(200);
      const page = res.body.data as { products: ProductCard[]; next_cursor: string | null };
      cards.push(...page.products);
      cursor = page.next_cursor;
    } while (cursor);
    return cards;
  };
  const details = async (id: number) =>
    (await post(t.app, '/v2/get-product-details', { product_id: id })).body.data.product as ProductDetails;
  const shown = (c: ProductCard) =>
    c.has_discount && c.discount_price_cents !== null ? c.discount_price_cents : c.price_cents;

  it('agrees on every seeded product, and says "From" on those whose packagings differ in price', async () => {
    const cards = await allCards('en');
    expect(cards.length).toBeGreaterThanOrEqual(74);
    let varying = 0;
    for (const card of cards) {
      const product = await details(card.id);
      const opened = cheapestPackaging(product.variants);
      if (!opened) throw new Error(`${card.name} has no packaging`);
      expect(shown(card), card.name).toBe(saleUnitCents(opened));
      expect(card.price_varies, card.name).toBe(pricesVary(product.variants));
      if (card.price_varies) varying += 1;
    }
    expect(varying).toBeGreaterThan(0);
    const fog = cards.find((c) => c.slug === 'london-fog-latte');
    expect(fog).toMatchObject({ price_cents: 1100, price_varies: true });
    // The Chinese cards are the same prices.
    const zh = new Map((await allCards('zh')).map((c) => [c.id, c]));
    for (const card of cards) expect(zh.get(card.id)?.price_varies).toBe(card.price_varies);
  });

  it('opens the demo shop’s default list on products a shopper can buy', async () => {
    const first = (await allCards('en')).slice(0, 12);
    expect(first.map((c) => `${c.name}: ${c.stock_state}`).filter((c) => /coming_soon|out_of_stock/.test(c))).toEqual(
      [],
    );
  });

  it('follows a back-office price change: the card, its "From" and the packaging the page opens on', async () => {
    const fog = (await allCards('en')).find((c) => c.slug === 'london-fog-latte');
    if (!fog) throw new Error('no London Fog');
    const product = await details(fog.id);
    const update = async (id: number, price: number) => {
      const packaging = product.variants.find((v) => v.id === id);
      const res = await post(
        t.app,
        '/admin/products/packagings/update',
        { packaging_id: id, name_en: packaging?.name, name_zh: packaging?.name, price_cents: price },
        { token: crew.manager.token },
      );
      expect(res.status, res.body.message).toBe(200);
    };
    // Every packaging at one price: no "From".
    for (const v of product.variants) await update(v.id, 1500);
    let card = (await allCards('en')).find((c) => c.id === fog.id);
    expect(card).toMatchObject({ price_cents: 1500, price_varies: false });
    // The last packaging made the cheapest: the card and the page's opening packaging move to it.
    const last = product.variants.at(-1);
    if (!last || product.variants.length < 2) throw new Error('London Fog has one packaging');
    await update(last.id, 900);
    card = (await allCards('en')).find((c) => c.id === fog.id);
    expect(card).toMatchObject({ price_cents: 900, price_varies: true });
    expect(cheapestPackaging((await details(fog.id)).variants)?.id).toBe(last.id);
  });
});
