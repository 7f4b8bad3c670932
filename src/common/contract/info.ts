import { z } from 'zod';
import { PAGE_SLUGS, type PageSlug } from '../content-rules';
import { defineEndpoint } from './endpoint';

/**
 * Information pages (docs/product.md section 3: /about, /faq, /shipping-policy, /terms-of-service, /privacy-policy).
 * Every text comes in the asked `lang`. A page body is plain text: paragraphs are separated by a
 * blank line (the client splits on blank lines; no HTML is ever sent).
 */

/** The pages kept by the shop (src/common/content-rules.ts): `about`, `tnc`, `privacy`, `shipping`. */
export { PAGE_SLUGS, type PageSlug };

export const infoPage = z.object({
  slug: z.enum(PAGE_SLUGS),
  title: z.string(),
  /** Plain text; paragraphs separated by a blank line. */
  body: z.string(),
  updated_at: z.string(),
});
export type InfoPage = z.infer<typeof infoPage>;

const pageResponse = z.object({ page: infoPage });

/** Terms of service (page `tnc`). */
export const getTnc = defineEndpoint({
  path: '/v2/get-tnc',
  access: 'public',
  summary: 'Terms of service',
  request: z.object({}),
  response: pageResponse,
});

/** Privacy policy (page `privacy`). */
export const getPrivacyPolicy = defineEndpoint({
  path: '/v2/get-privacy-policy',
  access: 'public',
  summary: 'Privacy policy',
  request: z.object({}),
  response: pageResponse,
});

/** Shipping policy (page `shipping`). */
export const getShippingPolicy = defineEndpoint({
  path: '/v2/get-shipping-policy',
  access: 'public',
  summary: 'Shipping policy',
  request: z.object({}),
  response: pageResponse,
});

/**
 * Beyond the original calls (docs/decisions/002): any information page by slug. The About page (`/about`) uses it with
 * `slug=about`; `tnc`, `privacy` and `shipping` answer the same as their own paths.
 */
export const getPage = defineEndpoint({
  path: '/v2/get-page',
  access: 'public',
  summary: 'An information page by slug (about, tnc, privacy, shipping)',
  request: z.object({
    slug: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(PAGE_SLUGS, { error: `must be one of ${PAGE_SLUGS.join(', ')}` }),
    ),
  }),
  response: pageResponse,
});

export const faqItem = z.object({
  id: z.number().int(),
  question: z.string(),
  /** Plain text; paragraphs separated by a blank line. */
  answer: z.string(),
});
export type FaqItem = z.infer<typeof faqItem>;

/** The FAQ, in display order. */
export const getFaq = defineEndpoint({
  path: '/v2/get-faq',
  access: 'public',
  summary: 'Frequently asked questions, in order',
  request: z.object({}),
  response: z.object({ faqs: z.array(faqItem) }),
});
