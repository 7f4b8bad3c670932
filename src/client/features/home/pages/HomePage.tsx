import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useBanners } from '../../catalog/api/get-banners';

/** Home: hero banners from the API. */
export default function HomePage() {
  const { t } = useTranslation();
  const banners = useBanners();
  return (
    <main className="page home">
      <h1 className="visually-hidden">{t('brand')}</h1>
      {banners.isPending && <div className="hero hero--skeleton" aria-busy="true" />}
      {banners.isError && (
        <p role="alert">
          {t('common.loadFailed')}{' '}
          <button type="button" className="btn btn--link" onClick={() => banners.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {banners.data && (
        <section className="hero">
          {banners.data.banners.map((b, i) => (
            <Link key={b.id} to={b.link} className="hero__slide">
              <img src={b.image} alt="" width={1200} height={500} fetchPriority={i === 0 ? 'high' : 'auto'} />
              <span className="hero__text">
                <strong>{b.title}</strong>
                <span>{b.subtitle}</span>
              </span>
            </Link>
          ))}
        </section>
      )}
    </main>
  );
}
