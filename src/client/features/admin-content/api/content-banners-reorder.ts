import type { AdminBanner } from '@common/contract/admin/content';
import { api } from '@/lib/api/client';
import { contentKeys, shopKeys } from './keys';
import { useReorder } from './reorder';

export const reorderBanners = (ids: number[]) => api('/admin/content/banners/reorder', { ids });

export const useReorderBanners = () =>
  useReorder<'banners', AdminBanner>(contentKeys.banners, 'banners', reorderBanners, shopKeys.banners);
