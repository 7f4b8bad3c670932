import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** What the banner editor holds: every field of the contract's, the dates '' while open. */
export type BannerDraft = Required<ApiInput<'/admin/content/banners/create'>>;

/** A draft as sent: an open date is left out. */
export const bannerBody = (d: BannerDraft) => ({
  ...d,
  starts_on: d.starts_on || undefined,
  ends_on: d.ends_on || undefined,
});

export const createBanner = (draft: BannerDraft) => api('/admin/content/banners/create', bannerBody(draft));
