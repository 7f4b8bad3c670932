import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { contentKeys, shopKeys, useContentMutation } from './keys';

export const setBannerActive = (input: ApiInput<'/admin/content/banners/set-active'>) =>
  api('/admin/content/banners/set-active', input);

/** Switches a banner on or off. */
export const useSetBannerActive = () => useContentMutation(setBannerActive, [contentKeys.banners, shopKeys.banners]);
