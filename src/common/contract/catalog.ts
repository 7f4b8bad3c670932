import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const category = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
});
export type Category = z.infer<typeof category>;

export const tag = z.object({
  id: z.number().int(),
  kind: z.enum(['type', 'benefit', 'tag']),
  slug: z.string(),
  name: z.string(),
});
export type Tag = z.infer<typeof tag>;

export const banner = z.object({
  id: z.number().int(),
  image: z.string(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string(),
});
export type Banner = z.infer<typeof banner>;

/** The Shop menu: its 7 categories, in menu order, named in the asked language. */
export const getCategory = defineEndpoint({
  path: '/v2/get-category',
  access: 'public',
  summary: 'The Shop menu categories',
  request: z.object({}),
  response: z.object({ categories: z.array(category) }),
});

/** The home page's hero banners, in order. */
export const getBanners = defineEndpoint({
  path: '/v2/get-banners',
  access: 'public',
  summary: 'Hero banners of the home page',
  request: z.object({}),
  response: z.object({ banners: z.array(banner) }),
});

/** The types, benefits and tags of the Shop mega-menu. */
export const getTags = defineEndpoint({
  path: '/v2/get-tags',
  access: 'public',
  summary: 'Types, benefits and tags of the Shop menu',
  request: z.object({}),
  response: z.object({ tags: z.array(tag) }),
});
