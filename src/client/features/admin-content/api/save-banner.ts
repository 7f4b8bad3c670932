import type { BannerDraft } from './content-banners-create';
import { createBanner } from './content-banners-create';
import { updateBanner } from './content-banners-update';
import { contentKeys, shopKeys, useContentMutation } from './keys';

/** The banner editor's save: adds a banner (`id` null) or changes one. */
export const useSaveBanner = () =>
  useContentMutation(
    ({ id, draft }: { id: number | null; draft: BannerDraft }) =>
      id === null ? createBanner(draft) : updateBanner(id, draft),
    [contentKeys.banners, shopKeys.banners],
  );
