import type { Variant as Packaging, ProductDetails } from '@common/contract/catalog';
import { FREQUENCY_QUERY } from '@common/links';
import { formatCents } from '@common/money';
import { cheapestPackaging, type FrequencyWeeks, saleUnitCents, unitPriceCents } from '@common/pricing';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Gallery } from '@/entities/product/components/Gallery';
import { Price } from '@/entities/product/components/Price';
import { stockBadge } from '@/entities/product/components/StockBadge';
import { ApiError } from '@/lib/api/client';
import { useProductDetails } from '../api/get-product-details';
import { QuantityStepper } from '../components/QuantityStepper';
import { Reviews, Stars } from '../components/Reviews';
import { ShareButton } from '../components/ShareButton';
import { StockAlert } from '../components/StockAlert';
import { useAddToCart } from '../hooks/use-add-to-cart';
import '../locales';
import '@/lib/ui/skeleton.css';
import '../catalog.css';
import { usePageTitle } from '@/lib/use-page-title';

/** /details/:productId: gallery, packaging, frequency, quantity, price, stock, availability, reviews, Add to cart. */
export default function ProductDetailPage() {
  const { t } = useTranslation('catalog');
  const { productId } = useParams();
  const id = Number(productId);
  const details = useProductDetails(id);

  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    (details.isError && details.error instanceof ApiError && details.error.code === 404)
  ) {
    return (
      <main className="page product-detail">
        <div className="catalog-error" role="alert">
          <p>{details.error?.message ?? t('detail.notFound')}</p>
          <Link className="btn btn--secondary" to="/products">
            {t('list.showAll')}
          </Link>
        </div>
      </main>
    );
  }
  if (details.isError) {
    return (
      <main className="page product-detail">
        <div className="catalog-error" role="alert">
          <p>{t('list.loadFailed')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void details.refetch()}>
            {t('list.retry')}
          </button>
        </div>
      </main>
    );
  }
  if (!details.data) {
    return (
      <main className="page product-detail" aria-busy="true">
        <div className="product-detail__grid">
          <div className="gallery__main skeleton" />
          <div>
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
      </main>
    );
  }
  return <ProductView product={details.data.product} miniApp={details.data.mini_app_link ?? null} />;
}

function ProductView({ product, miniApp }: { product: ProductDetails; miniApp: string | null }) {
  const { t } = useTranslation('catalog');
  const uid = useId();
  // Opens on the packaging the list card priced, so the first price here is the card's (docs/decisions/055).
  const [packagingId, setPackagingId] = useState(() => cheapestPackaging(product.variants)?.id);
  // `?frequency=4` opens on that Subscribe & save frequency when the product offers it ("Running low?", docs/decisions/056).
  const [search] = useSearchParams();
  const [frequency, setFrequency] = useState<FrequencyWeeks>(() => offered(product, search.get(FREQUENCY_QUERY)));
  const [quantity, setQuantity] = useState(1);
  const packaging = product.variants.find((v) => v.id === packagingId) ?? product.variants[0];

  usePageTitle(product.name);

  // The quantity never exceeds the chosen packaging's stock.
  useEffect(() => {
    if (packaging && quantity > Math.max(1, packaging.stock)) setQuantity(Math.max(1, packaging.stock));
  }, [packaging, quantity]);

  const cart = useAddToCart(t, product, packaging, frequency, quantity);
  const unit = packaging ? unitPriceCents(packaging, frequency) : 0;
  const regularUnit = packaging?.price_cents ?? 0;
  const total = unit * quantity;
  const badge = stockBadge(product.stock_state, product.stock_balance);

  return (
    <main className="page product-detail">
      <nav className="product-detail__crumbs">
        <Link to={product.categories[0] ? `/products/${product.categories[0].slug}` : '/products'}>
          ← {product.categories[0]?.name ?? t('detail.back')}
        </Link>
      </nav>
      <div className="product-detail__grid">
        <Gallery images={product.images} alts={product.image_alts} name={product.name} />

        <div className="product-detail__info">
          <h1 className="product-detail__name">{product.name}</h1>
          {badge && (
            <p className="product-detail__badge">
              <span className={`stock-badge stock-badge--inline stock-badge--${badge.tone}`}>
                {t(`product:${badge.key}`, { count: product.stock_balance })}
              </span>
            </p>
          )}
          {product.rating.count > 0 && (
            <a className="product-detail__rating" href="#reviews-title">
              <Stars rating={product.rating.average} /> {product.rating.average.toFixed(1)} ·{' '}
              {t('reviews.basedOn', { count: product.rating.count })}
            </a>
          )}

          {renderPrice(t, unit, regularUnit, quantity)}

          {product.variants.length > 0 &&
            renderPackagingChoice(t, uid, product.variants, packaging?.id, setPackagingId)}

          {product.frequencies.length > 1 &&
            packaging &&
            renderFrequencyChoice(t, uid, product.frequencies, packaging, quantity, frequency, setFrequency)}

          <QuantityStepper
            value={quantity}
            max={packaging?.stock ?? 0}
            onChange={setQuantity}
            disabled={Boolean(cart.blocked)}
            describedBy={`${uid}-stock`}
          />

          {renderFacts(t, uid, product, packaging, badge?.key)}

          {renderActions(t, uid, product.id, cart, total)}
          <ShareButton product={product} miniApp={miniApp} />
        </div>
      </div>

      {renderDescription(t, product)}

      <Reviews productId={product.id} rating={product.rating} />
    </main>
  );
}

// The page's parts below are drawn by functions called in ProductView's render, not by components: this is a
// server-rendered first screen (docs/decisions/022), and this way its component tree, its hydration and its chunk's
// size stay what they were when ProductView drew them itself.

/** The frequency a link asks for, when the product offers it; else one-time (0). */
function offered(product: ProductDetails, asked: string | null): FrequencyWeeks {
  const weeks = Number(asked);
  return product.frequencies.some((f) => f.weeks === weeks && weeks > 0) ? (weeks as FrequencyWeeks) : 0;
}

/** The price at the chosen quantity (struck through when a frequency discounts it), and each one's when several. */
function renderPrice(t: TFunction<'catalog'>, unit: number, regularUnit: number, quantity: number) {
  const total = unit * quantity;
  return (
    <div className="product-detail__price" aria-live="polite">
      <Price
        priceCents={regularUnit * quantity}
        discountCents={total < regularUnit * quantity ? total : null}
        size="lg"
      />
      {quantity > 1 && <span className="product-detail__each">{t('detail.each', { price: formatCents(unit) })}</span>}
    </div>
  );
}

/** The packaging radios (named after `uid`), each with its sale price, and "out of stock" on those without stock. */
function renderPackagingChoice(
  t: TFunction<'catalog'>,
  uid: string,
  variants: Packaging[],
  chosenId: number | undefined,
  onChoose: (id: number) => void,
) {
  return (
    <fieldset className="choice">
      <legend>{t('detail.packaging')}</legend>
      <div className="choice__options" role="radiogroup" aria-label={t('detail.packaging')}>
        {variants.map((v) => (
          <label key={v.id} className={`choice__option${v.id === chosenId ? ' choice__option--on' : ''}`}>
            <input
              type="radio"
              name={`${uid}-packaging`}
              value={v.id}
              checked={v.id === chosenId}
              onChange={() => onChoose(v.id)}
            />
            <span className="choice__name">{v.name}</span>
            <span className="choice__price">
              {formatCents(saleUnitCents(v))}
              {v.stock <= 0 && <em className="choice__note"> · {t('detail.packagingOutOfStock')}</em>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The delivery frequency radios (named after `uid`): one time, or Subscribe & save every N weeks with its discount and
 * what it saves on `packaging` at `quantity`; a note on subscribing once one is chosen.
 */
function renderFrequencyChoice(
  t: TFunction<'catalog'>,
  uid: string,
  frequencies: ProductDetails['frequencies'],
  packaging: Packaging,
  quantity: number,
  frequency: FrequencyWeeks,
  onChoose: (weeks: FrequencyWeeks) => void,
) {
  return (
    <fieldset className="choice">
      <legend>{t('detail.frequency')}</legend>
      <div className="choice__options" role="radiogroup" aria-label={t('detail.frequency')}>
        {frequencies.map((f) => {
          const weeks = f.weeks as FrequencyWeeks;
          const saving = (saleUnitCents(packaging) - unitPriceCents(packaging, weeks)) * quantity;
          return (
            <label key={weeks} className={`choice__option${weeks === frequency ? ' choice__option--on' : ''}`}>
              <input
                type="radio"
                name={`${uid}-frequency`}
                value={weeks}
                checked={weeks === frequency}
                onChange={() => onChoose(weeks)}
              />
              <span className="choice__name">
                {weeks === 0 ? t('detail.oneTime') : t('detail.everyWeeks', { weeks })}
                {weeks > 0 && (
                  <small className="choice__sub">{t('detail.subscribe', { percent: f.discount_percent })}</small>
                )}
              </span>
              {weeks > 0 && saving > 0 && (
                <span className="choice__save">{t('detail.save', { amount: formatCents(saving) })}</span>
              )}
            </label>
          );
        })}
      </div>
      {frequency > 0 && <p className="choice__hint">{t('detail.subscribeNote')}</p>}
    </fieldset>
  );
}

/**
 * The stock and where the product can be delivered (Philippines, China), each said in words for readers. In stock,
 * the count is the chosen packaging's, the most the quantity can be: one number (docs/decisions/055).
 */
function renderFacts(
  t: TFunction<'catalog'>,
  uid: string,
  product: ProductDetails,
  packaging: Packaging | undefined,
  /** The stock badge's string (entities/product stockBadge), if the product has one. */
  badgeKey: string | undefined,
) {
  const inStock = product.stock_state === 'in_stock' && product.stock_balance > 0;
  return (
    <dl className="product-detail__facts">
      <div>
        <dt>{t('detail.stockState')}</dt>
        <dd id={`${uid}-stock`}>
          {inStock && packaging && packaging.stock <= 0
            ? t('detail.packagingSoldOut')
            : inStock
              ? t('product:stock.inStockCount', { count: packaging?.stock ?? product.stock_balance })
              : t(`product:${badgeKey ?? 'stock.inStock'}`, { count: product.stock_balance })}
        </dd>
      </div>
      <div>
        <dt>{t('detail.availability')}</dt>
        <dd className="availability">
          <span className={product.availability.ph ? 'availability--yes' : 'availability--no'}>
            {product.availability.ph ? '✓' : '✕'} {t('detail.philippines')}
            <span className="visually-hidden">
              {' '}
              ({product.availability.ph ? t('detail.available') : t('detail.notAvailable')})
            </span>
          </span>
          <span className={product.availability.cn ? 'availability--yes' : 'availability--no'}>
            {product.availability.cn ? '✓' : '✕'} {t('detail.china')}
            <span className="visually-hidden">
              {' '}
              ({product.availability.cn ? t('detail.available') : t('detail.notAvailable')})
            </span>
          </span>
        </dd>
      </div>
    </dl>
  );
}

/**
 * Add to cart with the `total`, or "Notify me when available" for a product out of stock or coming soon; and why Add
 * to cart is refused, if it is (described by the element named after `uid`).
 */
function renderActions(
  t: TFunction<'catalog'>,
  uid: string,
  productId: number,
  { blocked, alertable, onAdd }: ReturnType<typeof useAddToCart>,
  total: number,
) {
  return (
    <div className="product-detail__actions">
      {alertable ? (
        <StockAlert productId={productId} />
      ) : (
        <button
          type="button"
          className="btn btn--primary product-detail__add"
          data-primary-action="add-to-cart"
          disabled={Boolean(blocked)}
          aria-describedby={blocked ? `${uid}-blocked` : undefined}
          onClick={onAdd}
        >
          {t('detail.addToCart')} · {formatCents(total)}
        </button>
      )}
      {blocked && (
        <p id={`${uid}-blocked`} className="product-detail__blocked">
          {blocked}
        </p>
      )}
    </div>
  );
}

/**
 * The product's categories, then its tags, one chip per label: a tag named like a category or an earlier tag in
 * this language (the category MATCHA and the type Matcha are both 抹茶 in Chinese) is left out.
 */
function chipsOf(product: ProductDetails) {
  const seen = new Set<string>();
  const fresh = (name: string) => {
    const label = name.trim().toLocaleLowerCase();
    if (seen.has(label)) return false;
    seen.add(label);
    return true;
  };
  return {
    categories: product.categories.filter((c) => fresh(c.name)),
    tags: product.tags.filter((g) => fresh(g.name)),
  };
}

/** The description, then the product's categories and tags as links to the lists they lead to. */
function renderDescription(t: TFunction<'catalog'>, product: ProductDetails) {
  const chips = chipsOf(product);
  return (
    <section className="product-detail__section">
      <h2>{t('detail.description')}</h2>
      <p className="product-detail__description">{product.description}</p>
      {(product.categories.length > 0 || product.tags.length > 0) && (
        <ul className="chips" aria-label={t('detail.tags')}>
          {chips.categories.map((c) => (
            <li key={`c${c.id}`}>
              <Link className="chip" to={`/products/${c.slug}`}>
                {c.name}
              </Link>
            </li>
          ))}
          {chips.tags.map((tag) => (
            <li key={`t${tag.id}`}>
              <Link className="chip chip--tag" to={`/products?${tag.kind}=${tag.slug}`}>
                {tag.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
