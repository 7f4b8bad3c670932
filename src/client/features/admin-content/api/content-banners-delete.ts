import { api } from '@/lib/api/client';
import { contentKeys, shopKeys, useContentMutation } from './keys';

export const deleteBanner = (id: number) => api('/admin/content/banners/delete', { id });

export const useDeleteBanner = () => useContentMutation(deleteBanner, [contentKeys.banners, shopKeys.banners]);
