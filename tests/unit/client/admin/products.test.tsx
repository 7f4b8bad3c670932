import type { AdminProduct, AdminProductRow } from '@common/contract/admin/products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../../src/client/app/admin/locales';
import ProductPage from '../../../../src/client/features/admin-products/pages/ProductPage';
import ProductsPage from '../../../../src/client/features/admin-products/pages/ProductsPage';
import { allowSlowScreens, mockApi, renderRoutes } from '../toolkit';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

allowSlowScreens();

const routes = [
  { path: '/admin/products', Component: ProductsPage },
  { path: '/admin/products/:id', Component: ProductPage },
];

const row = (id: number, extra: Partial<AdminProductRow> = {}): AdminProductRow => ({
  id,
  slug: `tea-${id}`,
  name_en: `Tea ${id}`,
  name_zh: `茶 ${id}`,
  image: `/media/images/${'a'.repeat(32)}-640.webp`,
  state: 'on_sale',
  stock_state: 'in_stock',
  price_min_cents: 1200,
  price_max_cents: 2000,
  stock_total: 10,
  low: false,
  ...extra,
});

const options = {
  categories: [
    { id: 1, slug: 'all-teas', name_en: 'All teas', name_zh: '全部茶' },
    { id: 2, slug: 'gifts', name_en: 'Gifts', name_zh: '礼品' },
  ],
  tags: [
    { id: 10, kind: 'type' as const, slug: 'green', name_en: 'Green', name_zh: '绿茶' },
    { id: 11, kind: 'benefit' as const, slug: 'calm', name_en: 'Calm', name_zh: '安神' },
  ],
  low_stock_default: 5,
};

const product = (extra: Partial<AdminProduct> = {}): AdminProduct => ({
  id: 7,
  slug: 'tea-7',
  name_en: 'Tea 7',
  name_zh: '茶 7',
  description_en: '',
  description_zh: '',
  state: 'on_sale',
  stock_state: 'in_stock',
  available_ph: true,
  available_cn: true,
  subscribable: false,
  low_stock_threshold: null,
  reorder_days: null,
  low_stock_default: 5,
  category_ids: [1],
  tag_ids: [],
  images: [{ url: '/media/images/x-640.webp', alt_en: '', alt_zh: '' }],
  packagings: [
    {
      id: 70,
      name_en: '50 g',
      name_zh: '50 克',
      price_cents: 1200,
      discount_price_cents: null,
      stock: 3,
      is_retired: false,
      low: true,
    },
    {
      id: 71,
      name_en: '100 g',
      name_zh: '100 克',
      price_cents: 2000,
      discount_price_cents: 1800,
      stock: 9,
      is_retired: false,
      low: false,
    },
  ],
  price_cents: 1200,
  discount_price_cents: null,
  stock_total: 12,
  has_orders: true,
  created_at: '2026-11-20T00:00:00.000Z',
  updated_at: '2026-11-20T00:00:00.000Z',
  ...extra,
});

describe('back office: Products list', () => {
  it('lists products with state, price range, stock and low mark; filters in the URL; Load more', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/products/options': () => ({ data: options }),
      '/admin/products/list': (body) =>
        body.get('cursor')
          ? { data: { products: [row(1, { state: 'hidden' })], next_cursor: null } }
          : {
              data: {
                products: [
                  row(3, { low: true, stock_total: 2 }),
                  row(2, { price_max_cents: 1200, state: 'coming_soon' }),
                ],
                next_cursor: 2,
              },
            },
    });
    renderRoutes(routes, '/admin/products');
    const table = await screen.findByRole('table', { name: 'Products' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Tea 3');
    expect(first).toHaveTextContent('$12.00–$20.00');
    expect(first).toHaveTextContent('In stock · 2 units');
    expect(within(first!).getByText('Low')).toBeInTheDocument();
    expect(within(first!).getByText('On sale')).toBeInTheDocument();
    expect(second).toHaveTextContent('$12.00');
    expect(second).not.toHaveTextContent('–');
    expect(second).toHaveTextContent('Coming soon');
    expect(within(first!).getByRole('link', { name: 'Tea 3' })).toHaveAttribute('href', '/admin/products/3');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Tea 1')).toBeInTheDocument();
    expect(callsTo('/admin/products/list').at(-1)!.body.get('cursor')).toBe('2');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Stock' }), 'Low stock');
    await waitFor(() => expect(callsTo('/admin/products/list').at(-1)!.body.get('stock')).toBe('low'));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Type, benefit or tag' }), 'Green');
    await waitFor(() => expect(callsTo('/admin/products/list').at(-1)!.body.get('tag_id')).toBe('10'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Visibility' }), 'Hidden');
    await waitFor(() => expect(callsTo('/admin/products/list').at(-1)!.body.get('hidden')).toBe('true'));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/products?stock=low&tag_id=10&hidden=1');

    await user.click(screen.getByRole('button', { name: 'New product' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/products/new'));
  });
});

describe('back office: product search', () => {
  it('searches by what is typed once typing pauses, keeps it in the URL, and Clear filters empties it', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/products/options': () => ({ data: options }),
      '/admin/products/list': (body) =>
        body.get('q') === 'oolong'
          ? { data: { products: [row(5, { name_en: 'Oolong', slug: 'oolong' })], next_cursor: null } }
          : { data: { products: [row(1), row(2)], next_cursor: null } },
    });
    renderRoutes(routes, '/admin/products?stock=low');
    await screen.findByText('Tea 1');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'oolong');
    expect(await screen.findByRole('link', { name: 'Oolong' })).toBeInTheDocument();
    expect(screen.queryByText('Tea 1')).not.toBeInTheDocument();
    // One request for the pause, not one per letter; the other filters stay.
    const searched = callsTo('/admin/products/list').filter((c) => c.body.get('q'));
    expect(searched.map((c) => c.body.get('q'))).toEqual(['oolong']);
    expect(searched[0]!.body.get('stock')).toBe('low');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/products?stock=low&q=oolong');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(await screen.findByText('Tea 1')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/products$/);
    expect(callsTo('/admin/products/list').at(-1)!.body.has('stock')).toBe(false);
  });
});

describe('back office: product form', () => {
  it('creates a product: checks the fields first, sends cents and packagings, and lands on its page', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/products/options': () => ({ data: options }),
      '/admin/products/images/upload': () => ({
        data: { url: `/media/images/${'b'.repeat(32)}-640.webp`, width: 640, height: 480 },
      }),
      '/admin/products/create': (body) =>
        body.get('slug') === 'taken-tea'
          ? {
              status: 409,
              message: 'Another product already uses the slug “taken-tea”',
              errors: [{ field: 'slug', message: 'Another product already uses the slug “taken-tea”' }],
            }
          : { data: { product: product({ id: 42 }) }, message: 'Product created' },
      '/admin/products/get': () => ({ data: { product: product({ id: 42 }) } }),
    });
    renderRoutes(routes, '/admin/products/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New product' })).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'All teas' });

    // Nothing filled in: refused at the fields, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findAllByText('Required')).not.toHaveLength(0);
    expect(screen.getByText('Enter an amount from 0.01 to 1000000.00, such as 12.50')).toBeInTheDocument();
    expect(callsTo('/admin/products/create')).toHaveLength(0);

    await user.type(screen.getByLabelText('Name (English)', { selector: 'input[name="name_en"]' }), 'Taken Tea');
    await user.tab();
    // The slug follows the English name.
    expect(screen.getByLabelText('Slug')).toHaveValue('taken-tea');
    await user.type(screen.getByLabelText('Name (Chinese)', { selector: 'input[name="name_zh"]' }), '茶');
    await user.click(screen.getByRole('checkbox', { name: 'All teas' }));
    await user.click(screen.getByRole('checkbox', { name: 'Green' }));
    await user.upload(screen.getByLabelText('Upload images'), new File(['png'], 'tea.png', { type: 'image/png' }));
    const image = await screen.findByRole('listitem', { name: 'Image 1' });
    await user.type(within(image).getByLabelText('Alt text (English)'), 'Leaves');

    const first = screen.getByRole('listitem', { name: 'Packaging 1' });
    await user.type(within(first).getByLabelText('Name (English)'), '50 g');
    await user.type(within(first).getByLabelText('Name (Chinese)'), '50 克');
    // A price of 0 is refused here as the server refuses it.
    await user.type(within(first).getByLabelText('Price ($)'), '0');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(
      await within(first).findByText('Enter an amount from 0.01 to 1000000.00, such as 12.50'),
    ).toBeInTheDocument();
    await user.clear(within(first).getByLabelText('Price ($)'));
    await user.type(within(first).getByLabelText('Price ($)'), '12');
    await user.type(within(first).getByLabelText('Initial stock'), '7');
    await user.click(screen.getByRole('button', { name: 'Add packaging' }));
    const second = screen.getByRole('listitem', { name: 'Packaging 2' });
    await user.type(within(second).getByLabelText('Name (English)'), '100 g');
    await user.type(within(second).getByLabelText('Name (Chinese)'), '100 克');
    await user.type(within(second).getByLabelText('Price ($)'), '20');
    await user.type(within(second).getByLabelText('Discount price ($)'), '25');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await within(second).findByText('Enter an amount below the price, or leave it empty')).toBeInTheDocument();
    await user.clear(within(second).getByLabelText('Discount price ($)'));
    await user.type(within(second).getByLabelText('Discount price ($)'), '18.50');

    // The server's refusal lands at the slug.
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    const slug = screen.getByLabelText('Slug');
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(slug).toHaveAccessibleDescription(
      'The product’s address: lower-case letters, digits and dashes. Another product already uses the slug “taken-tea”',
    );
    const sent = callsTo('/admin/products/create')[0]!.body;
    expect(JSON.parse(sent.get('packagings')!)).toEqual([
      { name_en: '50 g', name_zh: '50 克', price_cents: 1200, stock: 7 },
      { name_en: '100 g', name_zh: '100 克', price_cents: 2000, discount_price_cents: 1850, stock: 0 },
    ]);
    expect(JSON.parse(sent.get('images')!)).toEqual([
      { url: `/media/images/${'b'.repeat(32)}-640.webp`, alt_en: 'Leaves', alt_zh: '' },
    ]);
    expect(JSON.parse(sent.get('category_ids')!)).toEqual([1]);
    expect(JSON.parse(sent.get('tag_ids')!)).toEqual([10]);
    expect(sent.get('state')).toBe('on_sale');

    await user.clear(slug);
    await user.type(slug, 'fresh-tea');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/products/42'));
    expect(notify.success).toHaveBeenCalledWith('Product created');
  });

  it('reorders images with Up / Down buttons: the moved image keeps the focus and its new place is announced', async () => {
    const user = userEvent.setup();
    const images = [
      { url: '/media/images/one-640.webp', alt_en: 'One', alt_zh: '' },
      { url: '/media/images/two-640.webp', alt_en: 'Two', alt_zh: '' },
    ];
    const { callsTo } = mockApi({
      '/admin/products/options': () => ({ data: options }),
      '/admin/products/get': () => ({ data: { product: product({ images }) } }),
      '/admin/products/update': () => ({ data: { product: product({ images: [...images].reverse() }) } }),
    });
    renderRoutes(routes, '/admin/products/7');
    const second = await screen.findByRole('listitem', { name: 'Image 2' });
    within(second).getByRole('button', { name: 'Move “Image 2” up' }).focus();
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('listitem', { name: 'Image 1' })).getByLabelText('Alt text (English)')).toHaveValue(
      'Two',
    );
    // At the top its Up is disabled: the focus moved to the same image's Down, and the move was announced.
    const first = screen.getByRole('listitem', { name: 'Image 1' });
    await waitFor(() => expect(within(first).getByRole('button', { name: 'Move “Image 1” down' })).toHaveFocus());
    expect(screen.getByText('“Image 2” is now 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/admin/products/update')).toHaveLength(1));
    expect(
      JSON.parse(callsTo('/admin/products/update')[0]!.body.get('images')!).map((i: { url: string }) => i.url),
    ).toEqual(['/media/images/two-640.webp', '/media/images/one-640.webp']);
  });

  it('says an upload is on its way and does not save the product until it is done', async () => {
    const user = userEvent.setup();
    let finishUpload: () => void = () => {};
    const { callsTo } = mockApi({
      '/admin/products/options': () => ({ data: options }),
      '/admin/products/get': () => ({ data: { product: product() } }),
      '/admin/products/images/upload': () =>
        new Promise((resolve) => {
          finishUpload = () => resolve({ data: { url: '/media/images/new-640.webp', width: 640, height: 480 } });
        }),
      '/admin/products/update': () => ({ data: { product: product() }, message: 'Product saved' }),
    });
    renderRoutes(routes, '/admin/products/7');
    await user.upload(await screen.findByLabelText('Upload images'), new File(['png'], 'a.png', { type: 'image/png' }));
    const status = screen.getAllByRole('status').find((el) => el.textContent === 'Uploading…');
    expect(status).toBeDefined();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // Telegram's MainButton submits the form itself: refused with a notice while the upload runs.
    fireEvent.submit(document.getElementById('admin-product-form')!);
    expect(await screen.findByText('Wait until the image has uploaded, then save.')).toBeInTheDocument();
    expect(callsTo('/admin/products/update')).toHaveLength(0);

    finishUpload();
    expect(await screen.findByRole('listitem', { name: 'Image 2' })).toBeInTheDocument();
    expect(screen.queryByText('Wait until the image has uploaded, then save.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/admin/products/update')).toHaveLength(1));
    expect(JSON.parse(callsTo('/admin/products/update')[0]!.body.get('images')!)).toHaveLength(2);
  });

  it('keeps what is typed in the form while packagings are reordered and edited (the product is read again)', async () => {
    const user = userEvent.setup();
    let version = 0;
    let order = [70, 71];
    const current = () => {
      const p = product({ updated_at: `2026-11-20T00:00:0${version}.000Z` });
      return { ...p, packagings: order.map((id) => p.packagings.find((x) => x.id === id)!) };
    };
    const { callsTo } = mockApi({
      '/admin/products/options': () => ({ data: options }),
      '/admin/products/get': () => ({ data: { product: current() } }),
      '/admin/products/packagings/reorder': (body) => {
        version += 1;
        order = JSON.parse(body.get('packaging_ids')!);
        return { data: { product: current() } };
      },
      '/admin/products/packagings/update': () => {
        version += 1;
        return { data: { product: current() }, message: 'Packaging saved' };
      },
      '/admin/products/update': () => ({ data: { product: current() }, message: 'Product saved' }),
    });
    const { settled } = renderRoutes(routes, '/admin/products/7');
    const name = await screen.findByLabelText('Name (English)', { selector: 'input[name="name_en"]' });
    await user.clear(name);
    await user.type(name, 'Typed Name');

    // Reorder: the rows move at once, the focus follows the moved packaging, the move is announced.
    const table = screen.getByRole('table', { name: 'Packagings on sale' });
    within(table).getByRole('button', { name: 'Move “100 g” up' }).focus();
    await user.keyboard('{Enter}');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('100 g');
    expect(within(table).getByRole('button', { name: 'Move “100 g” down' })).toHaveFocus();
    expect(screen.getByText('“100 g” is now 1 of 2')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/admin/products/packagings/reorder')).toHaveLength(1));
    expect(JSON.parse(callsTo('/admin/products/packagings/reorder')[0]!.body.get('packaging_ids')!)).toEqual([71, 70]);
    await settled();
    expect(callsTo('/admin/products/get').length).toBeGreaterThan(1);
    expect(screen.getByLabelText('Name (English)', { selector: 'input[name="name_en"]' })).toHaveValue('Typed Name');

    // Edit a packaging: the product is read again, the typed name stays.
    await user.click(screen.getByRole('button', { name: 'Edit 50 g' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit packaging' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await settled();
    expect(screen.getByLabelText('Name (English)', { selector: 'input[name="name_en"]' })).toHaveValue('Typed Name');

    // The form's own save sends the typed name.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/admin/products/update')).toHaveLength(1));
    expect(callsTo('/admin/products/update')[0]!.body.get('name_en')).toBe('Typed Name');
  });

  it('edits the “Running low?” days: checked first, sent as a number, empty for none (docs/decisions/056)', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/products/options': () => ({ data: options }),
      '/admin/products/get': () => ({ data: { product: product({ reorder_days: 30 }) } }),
      '/admin/products/update': () => ({ data: { product: product() }, message: 'Product saved' }),
    });
    renderRoutes(routes, '/admin/products/7');
    const days = await screen.findByRole('textbox', { name: '“Running low?” after (days)' });
    expect(days).toHaveValue('30');
    await user.clear(days);
    await user.type(days, '400');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 1 to 365, or leave it empty')).toBeInTheDocument();
    expect(callsTo('/admin/products/update')).toHaveLength(0);
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/admin/products/update')).toHaveLength(1));
    expect(callsTo('/admin/products/update')[0]!.body.has('reorder_days')).toBe(false);
    const again = screen.getByRole('textbox', { name: '“Running low?” after (days)' });
    await user.clear(again);
    await user.type(again, '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/admin/products/update')).toHaveLength(2));
    expect(callsTo('/admin/products/update')[1]!.body.get('reorder_days')).toBe('45');
  });

  it('a reorder that does not reach the server puts the saved order back and says so in the screen’s language', async () => {
    const user = userEvent.setup();
    mockApi({
      '/admin/products/options': () => ({ data: options }),
      '/admin/products/get': () => ({ data: { product: product() } }),
      '/admin/products/packagings/reorder': () => ({ network: true }),
    });
    renderRoutes(routes, '/admin/products/7', { lang: 'zh' });
    const table = await screen.findByRole('table', { name: '在售包装' });
    await user.click(within(table).getByRole('button', { name: '将“100 克”上移' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('操作未能完成，请检查网络后重试。'));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('50 克'));
  });

  it('the packaging dialog shows prices in dollars, clears a discount, and puts the server’s refusals at their fields', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/products/options': () => ({ data: options }),
      '/admin/products/get': () => ({ data: { product: product() } }),
      '/admin/products/packagings/update': (body) =>
        body.get('price_cents') === '99999'
          ? {
              status: 400,
              message: 'Check the price',
              errors: [{ field: 'price_cents', message: 'The price is above the shop’s limit' }],
            }
          : { data: { product: product() }, message: 'Packaging saved' },
    });
    renderRoutes(routes, '/admin/products/7');
    await user.click(await screen.findByRole('button', { name: 'Edit 100 g' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit packaging' });
    const price = within(dialog).getByLabelText('Price ($)');
    const discount = within(dialog).getByLabelText('Discount price ($)');
    // 2000 and 1800 cents, shown as dollars.
    expect(price).toHaveValue('20.00');
    expect(discount).toHaveValue('18.00');

    await user.clear(price);
    await user.type(price, '999.99');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(price).toHaveAccessibleDescription('The price is above the shop’s limit');
    expect(price).toHaveFocus();

    await user.clear(price);
    await user.type(price, '21');
    await user.clear(discount);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = callsTo('/admin/products/packagings/update').at(-1)!.body;
    expect(sent.get('packaging_id')).toBe('71');
    expect(sent.get('price_cents')).toBe('2100');
    // No discount sent: the discount is cleared.
    expect(sent.has('discount_price_cents')).toBe(false);
    expect(notify.success).toHaveBeenCalledWith('Packaging saved');
  });

  it.each(['abc', '0', '-3'])('/admin/products/%s is the back office’s “no such page”', async (id) => {
    const { callsTo } = mockApi({ '/admin/products/options': () => ({ data: options }) });
    renderRoutes(routes, `/admin/products/${id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such page in the back office.');
    expect(callsTo('/admin/products/get')).toHaveLength(0);
  });

  it('shows the packagings with a low mark, and retires one after confirming', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/products/options': () => ({ data: options }),
      '/admin/products/get': () => ({ data: { product: product() } }),
      '/admin/products/packagings/retire': () => ({
        message: 'Packaging retired: no longer shown or sold',
        data: { product: product() },
      }),
    });
    const { client } = renderRoutes(routes, '/admin/products/7');
    // The shop's own cached product and lists in this tab.
    const shopKeys = [
      ['product', 'en', 7],
      ['products', 'zh', { category: 'all-teas' }, 20],
    ];
    for (const key of shopKeys) client.setQueryData(key, {});
    const table = await screen.findByRole('table', { name: 'Packagings on sale' });
    const [, small, large] = within(table).getAllByRole('row');
    expect(small).toHaveTextContent('Low');
    expect(large).toHaveTextContent('$18.00');
    expect(screen.getByText(/Orders or subscriptions name this product/)).toBeInTheDocument();
    await user.click(within(small!).getByRole('button', { name: 'Retire 50 g' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire this packaging?' });
    expect(dialog).toHaveTextContent('its 3 units in stock are taken out');
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/admin/products/packagings/retire')[0]!.body.get('packaging_id')).toBe('70');
    expect(notify.success).toHaveBeenCalledWith('Packaging retired: no longer shown or sold');
    for (const key of shopKeys) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
