import { act, cleanup, screen } from '@testing-library/react';
import { ProductCard } from '../../../../src/client/entities/product/components/ProductCard';
import { i18n } from '../../../../src/client/lib/i18n/i18n';
import { card, renderRoute } from '../toolkit';

// The home page's Best Sellers use the catalogue's card without loading the catalogue screens: the card
// must bring its own strings (it once showed "card.salePrice" and "card.rating" there).
async function renderCard(lang: 'en' | 'zh', overrides: Parameters<typeof card>[1] = {}) {
  await act(async () => {
    await i18n.changeLanguage(lang);
  });
  const product = card(3, {
    name: 'Dragon Well',
    price_cents: 2200,
    discount_price_cents: 1890,
    has_discount: true,
    ...overrides,
  });
  renderRoute(
    <ul>
      <ProductCard product={product} />
    </ul>,
  );
}

describe('ProductCard outside the catalogue screens', () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('names the sale price, the original price and the rating in English', async () => {
    await renderCard('en');
    expect(screen.getByText('Sale price')).toBeInTheDocument();
    expect(screen.getByText('Original price')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5 by 2 reviewers' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('card.');
  });

  it('and in Chinese', async () => {
    await renderCard('zh');
    expect(screen.getByText('优惠价')).toBeInTheDocument();
    expect(screen.getByText('原价')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '2 位顾客评分，平均 4.5 分（满分 5 分）' })).toBeInTheDocument();
  });

  it('says "From" when the packagings sell at different prices, in both languages (docs/decisions/055)', async () => {
    await renderCard('en', { price_varies: true });
    expect(screen.getByText('From $18.90', { selector: '.price__now' })).toBeInTheDocument();
    cleanup();
    await renderCard('zh', { price_varies: true, has_discount: false, discount_price_cents: null });
    expect(screen.getByText('$22.00 起', { selector: '.price__now' })).toBeInTheDocument();
    cleanup();
    await renderCard('en', { price_varies: false });
    expect(screen.getByText('$18.90', { selector: '.price__now' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('From');
  });
});
