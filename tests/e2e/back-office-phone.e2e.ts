import { backOfficeJourney, scrollsSideways } from './support/back-office';

// Every back-office screen on a phone (390 × 844, docs/decisions/055): the page never scrolls sideways, every section
// of the navigation can be reached, and e-mail addresses break only between their parts, never inside a word.
// SHOTS=dir keeps a screenshot of each screen for a person to look at.
const SCREENS = [
  '/admin',
  '/admin/orders',
  '/admin/exchanges',
  '/admin/customers',
  '/admin/coupons',
  '/admin/coupons/new',
  '/admin/subscriptions',
  '/admin/affiliates',
  '/admin/products',
  '/admin/products/import',
  '/admin/staff',
  '/admin/shipping',
  '/admin/settings',
  '/admin/content',
  '/admin/audit',
  '/admin/system',
  '/admin/me',
];
const PHONE = { width: 390, height: 844 };

describe('the back office on a phone', () => {
  const journey = backOfficeJourney(async (kit) => ({ owner: await kit.staff('Olivia Longname-Owner', 'owner') }));

  it.each(['en', 'zh'] as const)(
    'fits every screen in the width, every section and tab in view (%s)',
    async (lang) => {
      {
        const admin = await journey.open(journey.people.owner, `/admin?lang=${lang}`, PHONE);
        const { page } = admin;
        for (const path of SCREENS) {
          await page.goto(`${journey.shop.url}${path}`);
          await page.locator('.admin__main h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          if (process.env.SHOTS)
            await page.screenshot({
              path: `${process.env.SHOTS}/${lang}${path.replaceAll('/', '_')}.png`,
              fullPage: true,
            });
          expect(await scrollsSideways(page), `${lang} ${path}`).toBe(false);
          // Each section's link can be brought into view, whole, inside the navigation.
          const nav = page.getByRole('navigation').first();
          for (const link of await nav.getByRole('link').all()) {
            await link.scrollIntoViewIfNeeded();
            const [box, frame] = [await link.boundingBox(), await nav.boundingBox()];
            expect(box && frame && box.x >= frame.x - 1 && box.x + box.width <= frame.x + frame.width + 1, path).toBe(
              true,
            );
          }
        }
        await admin.context.close();
      }
    },
    300_000,
  );
});
