import { useTranslation } from 'react-i18next';
import { useBanners } from '@/entities/product/api/get-banners';
import { BestSellers } from '../components/BestSellers';
import { HeroCarousel } from '../components/HeroCarousel';
import '../locales';
import '../home.css';

/** Home: hero banners as a carousel, the shop's claims, and the Best Sellers from the API. */
export default function HomePage() {
  const { t } = useTranslation();
  const { t: th } = useTranslation('home');
  const banners = useBanners();
  return (
    <main className="page home">
      <h1 className="visually-hidden">{t('brand')}</h1>
      {banners.isPending && <div className="home-hero home-hero--skeleton" aria-busy="true" />}
      {banners.isError && (
        <div className="home-hero home-hero--error" role="alert">
          <p>
            {t('common.loadFailed')}{' '}
            <button type="button" className="btn btn--link" onClick={() => void banners.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        </div>
      )}
      {banners.data && banners.data.banners.length > 0 && <HeroCarousel banners={banners.data.banners} />}

      <ul className="home-claims" aria-label={th('claims.label')}>
        <li>{th('claims.customers')}</li>
        <li>{th('claims.discount')}</li>
        <li>{th('claims.years')}</li>
        <li>{th('claims.stock')}</li>
      </ul>

      <BestSellers />
    </main>
  );
}
