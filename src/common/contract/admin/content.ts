import { z } from 'zod';
import { BANNER_STATES, CONTENT_LIMITS as L, PAGE_SLUGS } from '../../content-rules';
import { defineAdminEndpoint } from '../endpoint';
import { day, flag, id, json, optional, optionalText, text } from '../fields';

/**
 * The back office's Content screen (docs/decisions/015, permission `content`): the home page's banners, the four
 * information pages and the FAQ, each in English and Chinese. Every change is in the audit log (`content.*`) and shows
 * in the shop on its next request (nothing caches these on the server).
 *
 * Texts the shop shows are required in both languages (titles, questions, answers, page texts); a banner's subtitle
 * and alt text are optional, but given in one language they are required in the other. Links and dates are checked
 * by the server (admin-service.ts), with the message at the field.
 */

/** A new order of every row of a list: all its ids, first to last. */
const order = () => json(z.array(id(), { error: 'must be a list of ids' }).min(1).max(500));

export const adminBanner = z.object({
  id: z.number().int(),
  /** The stored image (the 640 width of an upload, or a path of the shop's own images). */
  image: z.string(),
  /** What the shop's hero shows (the 1280 width of an upload). */
  image_wide: z.string(),
  title_en: z.string(),
  title_zh: z.string(),
  subtitle_en: z.string(),
  subtitle_zh: z.string(),
  alt_en: z.string(),
  alt_zh: z.string(),
  link: z.string(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  /** First and last shop day shown (null: open). */
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  /** Whether the shop shows it now: live, scheduled (first day ahead), ended, off (switched off). */
  state: z.enum(BANNER_STATES),
});
export type AdminBanner = z.infer<typeof adminBanner>;

const bannerFields = {
  image: text(L.image),
  title_en: text(L.bannerTitle),
  title_zh: text(L.bannerTitle),
  subtitle_en: optionalText(L.bannerSubtitle),
  subtitle_zh: optionalText(L.bannerSubtitle),
  alt_en: optionalText(L.bannerAlt),
  alt_zh: optionalText(L.bannerAlt),
  /** A path inside the shop (`/products/…`) or an http(s) address. */
  link: text(L.link),
  /** Shop days (`SHOP_TIMEZONE`): shown from the first day's midnight to the last day's end. */
  starts_on: optional(day()),
  ends_on: optional(day()),
  is_active: optional(flag()),
};

export const adminBannerList = defineAdminEndpoint({
  path: '/admin/content/banners/list',
  permission: 'content',
  summary: 'Every banner of the home page, in order, with its state in the shop now',
  request: z.object({}),
  response: z.object({ banners: z.array(adminBanner) }),
});

export const adminBannerCreate = defineAdminEndpoint({
  path: '/admin/content/banners/create',
  permission: 'content',
  summary: 'Adds a banner at the end of the list (switched on unless is_active=0)',
  request: z.object(bannerFields),
  response: z.object({ banner: adminBanner }),
});

export const adminBannerUpdate = defineAdminEndpoint({
  path: '/admin/content/banners/update',
  permission: 'content',
  summary: 'Changes a banner (every field; is_active left out keeps it as it is)',
  request: z.object({ id: id(), ...bannerFields }),
  response: z.object({ banner: adminBanner }),
});

export const adminBannerSetActive = defineAdminEndpoint({
  path: '/admin/content/banners/set-active',
  permission: 'content',
  summary: 'Switches a banner on or off',
  request: z.object({ id: id(), is_active: flag() }),
  response: z.object({ banner: adminBanner }),
});

export const adminBannerDelete = defineAdminEndpoint({
  path: '/admin/content/banners/delete',
  permission: 'content',
  summary: 'Deletes a banner (its image files stay: another banner or product may show them)',
  request: z.object({ id: id() }),
  response: z.object({ id: z.number().int() }),
});

export const adminBannerReorder = defineAdminEndpoint({
  path: '/admin/content/banners/reorder',
  permission: 'content',
  summary: 'Puts the banners in a new order (all their ids, first to last; 409 when the list changed meanwhile)',
  request: z.object({ ids: order() }),
  response: z.object({ banners: z.array(adminBanner) }),
});

/** The image file: a Blob from the browser, the file's bytes on the server. */
const imageFile = z.custom<Blob | Uint8Array>(
  (v) => v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob),
  { error: 'must be an image file' },
);

export const adminContentImageUpload = defineAdminEndpoint({
  path: '/admin/content/images/upload',
  permission: 'content',
  summary: 'Stores a banner image (PNG, JPEG, WebP, GIF, AVIF or TIFF; metadata stripped, WebP per width)',
  multipart: true,
  request: z.object({ image: imageFile }),
  response: z.object({
    /** What a banner keeps as its `image`. */
    url: z.string(),
    /** The width the shop's hero shows. */
    wide_url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
});

export const pageSlug = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(PAGE_SLUGS, { error: `must be one of ${PAGE_SLUGS.join(', ')}` }),
);

export const adminPage = z.object({
  slug: z.enum(PAGE_SLUGS),
  title_en: z.string(),
  title_zh: z.string(),
  /** Plain text; paragraphs separated by a blank line (as the shop shows it). */
  body_en: z.string(),
  body_zh: z.string(),
  /** Null while the page was never written. */
  updated_at: z.string().nullable(),
});
export type AdminPage = z.infer<typeof adminPage>;

export const adminPageGet = defineAdminEndpoint({
  path: '/admin/content/pages/get',
  permission: 'content',
  summary: 'An information page (about, tnc, privacy, shipping) in both languages',
  request: z.object({ slug: pageSlug }),
  response: z.object({ page: adminPage }),
});

export const adminPageUpdate = defineAdminEndpoint({
  path: '/admin/content/pages/update',
  permission: 'content',
  summary: 'Saves an information page in both languages; with expected_updated_at, 409 when someone saved it meanwhile',
  request: z.object({
    slug: pageSlug,
    title_en: text(L.pageTitle),
    title_zh: text(L.pageTitle),
    body_en: text(L.pageBody),
    body_zh: text(L.pageBody),
    /** The `updated_at` the editor loaded (absent: save whatever is there). */
    expected_updated_at: optionalText(40),
  }),
  response: z.object({ page: adminPage }),
});

export const adminFaq = z.object({
  id: z.number().int(),
  question_en: z.string(),
  question_zh: z.string(),
  answer_en: z.string(),
  answer_zh: z.string(),
  sort_order: z.number().int(),
});
export type AdminFaq = z.infer<typeof adminFaq>;

const faqFields = {
  question_en: text(L.faqQuestion),
  question_zh: text(L.faqQuestion),
  answer_en: text(L.faqAnswer),
  answer_zh: text(L.faqAnswer),
};

export const adminFaqList = defineAdminEndpoint({
  path: '/admin/content/faqs/list',
  permission: 'content',
  summary: 'The FAQ in both languages, in order',
  request: z.object({}),
  response: z.object({ faqs: z.array(adminFaq) }),
});

export const adminFaqCreate = defineAdminEndpoint({
  path: '/admin/content/faqs/create',
  permission: 'content',
  summary: 'Adds a question at the end of the FAQ',
  request: z.object(faqFields),
  response: z.object({ faq: adminFaq }),
});

export const adminFaqUpdate = defineAdminEndpoint({
  path: '/admin/content/faqs/update',
  permission: 'content',
  summary: 'Changes a question and its answer',
  request: z.object({ id: id(), ...faqFields }),
  response: z.object({ faq: adminFaq }),
});

export const adminFaqDelete = defineAdminEndpoint({
  path: '/admin/content/faqs/delete',
  permission: 'content',
  summary: 'Deletes a question',
  request: z.object({ id: id() }),
  response: z.object({ id: z.number().int() }),
});

export const adminFaqReorder = defineAdminEndpoint({
  path: '/admin/content/faqs/reorder',
  permission: 'content',
  summary: 'Puts the questions in a new order (all their ids, first to last; 409 when the list changed meanwhile)',
  request: z.object({ ids: order() }),
  response: z.object({ faqs: z.array(adminFaq) }),
});
