import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useProductPage } from '@/entities/product/api/get-product-list';
import { ProductCard, SkeletonCard } from '@/entities/product/components/ProductCard';

const COUNT = 8;

/** The home page's Best Sellers: the first products of the best-sellers category, each linking to its page. */
export function BestSellers() {
  const { t } = useTranslation('home');
  const page = useProductPage({ category: 'best-sellers' }, COUNT);
  return (
    <section className="home-section" aria-labelledby="best-sellers-title">
      <div className="home-section__head">
        <h2 id="best-sellers-title">{t('bestSellers.title')}</h2>
        <Link to="/products/best-sellers" className="home-section__more">
          {t('bestSellers.seeAll')} →
        </Link>
      </div>
      {page.isError ? (
        <div className="catalog-error" role="alert">
          <p>{t('bestSellers.loadFailed')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void page.refetch()}>
            {t('bestSellers.retry')}
          </button>
        </div>
      ) : (
        <ul className="product-grid" aria-busy={page.isPending}>
          {page.data
            ? page.data.products.map((p) => <ProductCard key={p.id} product={p} />)
            : Array.from({ length: 4 }, (_, i) => <SkeletonCard key={i} />)}
        </ul>
      )}
    </section>
  );
}
