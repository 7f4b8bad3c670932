import type { AdminBanner } from '@common/contract/admin/content';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { useDeleteBanner } from '../api/content-banners-delete';
import { useBanners } from '../api/content-banners-list';
import { useReorderBanners } from '../api/content-banners-reorder';
import { useSetBannerActive } from '../api/content-banners-set-active';
import { ArrangedList, notifyError } from './ArrangedList';
import { BannerEditor } from './BannerEditor';
import '../locales';

const STATE_BADGE = { live: 'admin-badge--ok', scheduled: 'admin-badge--warn', ended: '', off: 'admin-badge--bad' };

/**
 * The home page's banners in the order it shows them: image, texts, link, days, whether the shop shows it now;
 * switch on/off, move up/down, edit, delete (confirmed). "Add banner" is the screen's main action.
 */
export function BannersTab({ adding, onCloseAdding }: { adding: boolean; onCloseAdding(): void }) {
  const { t } = useTranslation('admin-content');
  const list = useBanners();
  return (
    <ArrangedList<AdminBanner>
      section="banners"
      list={list}
      items={list.data?.banners ?? []}
      name={(b) => b.title_en}
      nameZh={(b) => b.title_zh}
      thumb={(b) => <img className="acn-item__thumb" src={b.image} alt="" width={120} height={50} loading="lazy" />}
      details={(b) => (
        <>
          <p className="acn-item__meta">
            <span className={`admin-badge ${STATE_BADGE[b.state]}`}>{t(`banners.state.${b.state}`)}</span>{' '}
            {[
              b.starts_on ? t('banners.from', { date: b.starts_on }) : null,
              b.ends_on ? t('banners.until', { date: b.ends_on }) : t('banners.always'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="acn-item__meta acn-item__link">{b.link}</p>
        </>
      )}
      actions={(b) => <ActiveSwitch banner={b} />}
      useReorder={useReorderBanners}
      useRemove={useDeleteBanner}
      adding={adding}
      onCloseAdding={onCloseAdding}
      editor={(banner, onClose) => <BannerEditor banner={banner} onClose={onClose} />}
    />
  );
}

/** Shows or hides a banner in the shop at once. */
function ActiveSwitch({ banner }: { banner: AdminBanner }) {
  const { t } = useTranslation('admin-content');
  const toggle = useSetBannerActive();
  // While the change is on its way, the switch already shows it.
  const shown = toggle.isPending ? !banner.is_active : banner.is_active;
  return (
    <label className="acn-check">
      <input
        type="checkbox"
        role="switch"
        checked={shown}
        aria-checked={shown}
        aria-label={t('banners.activeFor', { name: banner.title_en })}
        aria-busy={toggle.isPending || undefined}
        onChange={(e) =>
          !toggle.isPending &&
          toggle.mutate(
            { id: banner.id, is_active: e.target.checked },
            {
              onSuccess: (res) => notify.success(res.banner.is_active ? t('banners.shown') : t('banners.hidden')),
              onError: notifyError,
            },
          )
        }
      />
      <span aria-hidden="true">{t('banners.active')}</span>
    </label>
  );
}
