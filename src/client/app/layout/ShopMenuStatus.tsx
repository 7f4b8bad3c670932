import { useTranslation } from 'react-i18next';
import type { useShopMenu } from './use-shop-menu';

type MenuState = Pick<ReturnType<typeof useShopMenu>, 'isLoading' | 'isError' | 'retry'>;

/**
 * The Shop menu's lists while they load or after they failed (with Retry), for the mega-menu and the side menu;
 * null once they are in.
 */
export function ShopMenuStatus({ menu, className }: { menu: MenuState; className: string }) {
  const { t } = useTranslation();
  if (menu.isError) {
    return (
      <p className={className} role="alert">
        {t('common.loadFailed')}{' '}
        <button type="button" className="btn--link" onClick={menu.retry}>
          {t('common.retry')}
        </button>
      </p>
    );
  }
  if (menu.isLoading) {
    return (
      <p className={className} role="status">
        {t('common.loading')}
      </p>
    );
  }
  return null;
}
