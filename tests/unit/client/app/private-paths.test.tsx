import { isPrivatePath } from '@common/web-presence';
import { USER_PAGES } from '@/app/guards/RequireUser';

/**
 * Every page behind a log-in is one robots.txt keeps crawlers out of and the server answers with noindex
 * (docs/decisions/047): a user page added to the router without it would be indexed.
 */
describe('the private pages', () => {
  it('include every user page, the cart, log-in and the back office', () => {
    for (const page of Object.keys(USER_PAGES)) expect(isPrivatePath(`/${page}`), page).toBe(true);
    for (const path of ['/cart', '/login', '/login/ABC', '/admin/orders', '/reset-password/t']) {
      expect(isPrivatePath(path), path).toBe(true);
    }
    for (const path of ['/', '/products', '/details/3', '/about', '/faq', '/cartoon']) {
      expect(isPrivatePath(path), path).toBe(false);
    }
  });
});
