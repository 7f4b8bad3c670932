import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { backOfficeJourney } from './support/back-office';

// The catalogue's CSV import as a manager uses it (docs/decisions/015), in a real browser against the real server:
// the catalogue exported, one product renamed (a good row) and one packaging given a bad price, the file chosen on
// /admin/products/import → "Dry run" names the bad row's line and reason, "Import" cannot be pressed, and the shop's
// product list is unchanged (nothing was written). The page cannot be made to import that file, so the apply path is
// then called directly with the manager's session as the page holds it: refused with the line named, nothing written.

describe('back office: catalogue import', () => {
  const journey = backOfficeJourney(async (kit) => ({ manager: await kit.staff('Mina Manager', 'manager') }));
  const { kit } = journey;

  const shopList = async () =>
    JSON.stringify(await kit.ok('/v2/get-product-list', { limit: 50, category: 'all-teas' }));
  const shopProduct = async (slug: string) => {
    const list = await kit.ok<{ products: Array<{ id: number; slug: string }> }>('/v2/get-product-list', {
      limit: 50,
      category: 'all-teas',
    });
    const id = list.products.find((p) => p.slug === slug)?.id;
    expect(id).toBeDefined();
    return JSON.stringify(await kit.ok('/v2/get-product-details', { product_id: id! }));
  };

  it('a CSV with one bad row: the dry run names its line and reason, Import stays impossible, nothing changes', async () => {
    const res = await fetch(`${journey.shop.url}/admin/catalogue/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${journey.people.manager.token}`,
      },
      body: 'lang=en',
    });
    expect(res.status).toBe(200);
    const rows = (parse(await res.text(), { bom: true, columns: true }) as Record<string, string>[]).slice(0, 3);
    rows[0]!.name_en = 'Renamed By Import';
    rows[2]!.price = '12.345';
    const file = stringify(rows, { header: true });
    const before = await shopList();
    const productBefore = await shopProduct(rows[0]!.product_slug!);

    const { page, errors, close } = await journey.open(journey.people.manager, '/admin/products/import');
    await page.getByRole('heading', { name: 'Import / Export CSV', level: 1 }).waitFor();
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Dry run' }).click();

    const bad = page.getByRole('table', { name: 'Bad rows' });
    await bad.waitFor();
    const badRow = bad.getByRole('row').nth(1);
    expect((await badRow.getByRole('cell').first().textContent())?.trim()).toBe('4');
    expect((await badRow.getByRole('cell').nth(1).textContent())?.trim()).toBe('price');
    // The reason (its wording may name the allowed range).
    expect(await badRow.textContent()).toMatch(/Use dollars .+ with at most 2 decimals \(e\.g\. 12\.50\)/);
    await page.getByText('Nothing was imported: fix the bad rows and run the dry run again.').waitFor();
    // The good row is listed as what would change, yet Import cannot be pressed.
    expect(await page.getByRole('table', { name: 'Changes' }).textContent()).toContain('Renamed By Import');
    expect(await page.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);

    expect(await shopList()).toBe(before);
    expect(before).not.toContain('Renamed By Import');

    // Applying the same file (not a dry run), as the page would send it with its session: refused, line named.
    const applied = await page.evaluate(async (csv) => {
      const form = new FormData();
      form.set('lang', 'en');
      form.set('is_frontend', '1');
      form.set('dry_run', 'false');
      form.set('file_name', 'catalogue.csv');
      form.set('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
      const res = await fetch('/admin/catalogue/import', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, accept: 'application/json' },
        body: form,
      });
      return { status: res.status, body: await res.json() };
    }, file);
    expect(applied.status).toBe(200);
    expect(applied.body.message).toMatch(/nothing was imported/i);
    expect(applied.body.data).toMatchObject({ dry_run: false, applied: false, problems_total: 1 });
    expect(applied.body.data.problems).toEqual([
      { line: 4, column: 'price', message: expect.stringMatching(/^Use dollars .+ with at most 2 decimals/) },
    ]);
    // Nothing was written: the shop's list and the renamed product read as before.
    expect(await shopList()).toBe(before);
    expect(await shopProduct(rows[0]!.product_slug!)).toBe(productBefore);
    expect(errors).toEqual([]);
    await close();
  });
});
