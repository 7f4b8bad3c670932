import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { contentKeys, shopKeys, useContentMutation } from './keys';

export const savePage = (input: ApiInput<'/admin/content/pages/update'>) => api('/admin/content/pages/update', input);

/** Saves a page (with `expected_updated_at`: refused when someone saved it meanwhile); every page is read again. */
export const useSavePage = () =>
  useContentMutation(savePage, [['admin', 'content', 'page'], shopKeys.pages], contentKeys.savePage);
