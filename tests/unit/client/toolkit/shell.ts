import { CATEGORIES, TAGS } from './fixtures/shell';
import { mockApi } from './mock-api';

/** The paths the shell (header menus, log-out) calls, answered as the server would; records every call. */
export function mockShellApi() {
  return mockApi({
    '/v2/get-category': () => ({ data: { categories: CATEGORIES } }),
    '/v2/get-tags': () => ({ data: { tags: TAGS } }),
    '/v1/user-logout': () => ({ data: { logged_out: true } }),
  });
}
