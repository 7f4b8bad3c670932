import { api } from '@/lib/api/client';
import { type BannerDraft, bannerBody } from './content-banners-create';

export const updateBanner = (id: number, draft: BannerDraft) =>
  api('/admin/content/banners/update', { id, ...bannerBody(draft) });
