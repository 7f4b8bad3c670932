import type { AdminPackaging, AdminProduct } from '@common/contract/admin/products';
import type { StockMovement } from '@common/contract/admin/stock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StockCard } from '../../../../src/client/features/admin-products/components/StockCard';
import { allowSlowScreens, mockApi, renderRoutes } from '../toolkit';
import { staffMe } from './staff-session';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

allowSlowScreens();
beforeEach(() => vi.clearAllMocks());

const packaging = (id: number, stock: number, extra: Partial<AdminPackaging> = {}): AdminPackaging => ({
  id,
  name_en: `${id * 50} g`,
  name_zh: `${id * 50} 克`,
  price_cents: 1500,
  discount_price_cents: null,
  stock,
  is_retired: false,
  low: stock <= 5,
  ...extra,
});

/** What `/admin/products/get` answers for product 7, with these packagings. */
const product = (packagings: AdminPackaging[], threshold: number | null = null) =>
  ({
    id: 7,
    slug: 'sencha',
    name_en: 'Sencha',
    name_zh: '煎茶',
    low_stock_threshold: threshold,
    low_stock_default: 5,
    packagings,
    stock_total: packagings.reduce((s, p) => s + p.stock, 0),
  }) as Partial<AdminProduct> as AdminProduct;

const movement = (id: number, extra: Partial<StockMovement>): StockMovement => ({
  id,
  packaging_id: 1,
  packaging_name: '50 g',
  delta: -1,
  stock_after: 3,
  source: 'order',
  reason: '',
  order_no: null,
  by: null,
  created_at: '2026-11-24T09:30:00.000Z',
  ...extra,
});

const show = (lang?: 'en' | 'zh') =>
  renderRoutes([{ path: '/admin/products/:id', Component: () => <StockCard productId={7} /> }], '/admin/products/7', {
    lang,
  });

/** A shop whose packaging 1 holds `stock` until an adjustment changes it (the history grows with it). */
function shop(stock: number, history: StockMovement[] = []) {
  const state = { stock, history: [...history] };
  const api = mockApi({
    '/admin/me': () => ({ data: staffMe('manager') }),
    '/admin/products/get': () => ({
      data: {
        product: product([
          packaging(1, state.stock),
          packaging(2, 40),
          packaging(3, 0, { is_retired: true, low: false }),
        ]),
      },
    }),
    '/admin/stock/history': (body) => {
      const cursor = body.get('cursor');
      // Two rows a page: Load more reads the rest.
      const from = cursor ? state.history.findIndex((m) => m.id === Number(cursor)) + 1 : 0;
      const page = state.history.slice(from, from + 2);
      return { data: { movements: page, next_cursor: from + 2 < state.history.length ? page.at(-1)!.id : null } };
    },
    '/admin/stock/adjust': (body) => {
      const delta = Number(body.get('delta'));
      if (state.stock + delta < 0) {
        const message = `Only ${state.stock} in stock: taking ${-delta} would go below zero`;
        return { status: 409, message, errors: [{ field: 'delta', message }] };
      }
      state.stock += delta;
      state.history.unshift(
        movement(100 + state.history.length, {
          delta,
          stock_after: state.stock,
          source: 'adjust',
          reason: String(body.get('reason')),
          by: 'manager@example.com',
        }),
      );
      return {
        message: `Stock changed by ${delta > 0 ? '+' : '−'}${Math.abs(delta)}: ${state.stock} now`,
        data: { packaging_id: 1, stock: state.stock, delta, packagings: [], stock_total: state.stock + 40 },
      };
    },
  });
  return { ...api, state };
}

const levels = (lang: 'en' | 'zh' = 'en') =>
  screen.getByRole('table', { name: lang === 'zh' ? '各包装的库存' : 'Stock of each packaging' });
const historyTable = () => screen.getByRole('table', { name: 'Every change of this product’s stock, newest first' });

describe('back office: the product page’s Stock card', () => {
  it('lists each packaging’s stock with low and retired marks, and the history with Load more', async () => {
    const user = userEvent.setup();
    shop(3, [
      movement(9, { source: 'adjust', delta: -2, stock_after: 3, reason: 'Damaged', by: 'owner@example.com' }),
      movement(8, { source: 'order', delta: -1, stock_after: 5, order_no: 'LC-20261124-AB12CD' }),
      movement(7, { source: 'import', delta: 6, stock_after: 6, reason: 'Import stock.csv' }),
    ]);
    show();
    expect(await screen.findByText('Low at or below 5 (the shop’s default)')).toBeInTheDocument();
    const rows = within(levels()).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['50 gLow3', '100 g40', '150 gRetired0']);

    await waitFor(() => expect(within(historyTable()).getAllByRole('row')).toHaveLength(3));
    const history = within(historyTable()).getAllByRole('row').slice(1);
    expect(within(history[0]!).getByText('−2')).toBeInTheDocument();
    expect(within(history[0]!).getByText('Damaged')).toBeInTheDocument();
    expect(within(history[0]!).getByText('owner@example.com')).toBeInTheDocument();
    expect(within(history[1]!).getByRole('link', { name: 'LC-20261124-AB12CD' })).toHaveAttribute(
      'href',
      '/admin/orders/LC-20261124-AB12CD',
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(historyTable()).getAllByRole('row')).toHaveLength(4));
    const last = within(historyTable()).getAllByRole('row')[3]!;
    expect(within(last).getByText('+6')).toBeInTheDocument();
    // An import without a staff member was the command line's.
    expect(within(last).getByText('Command line')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('the dialog checks the change and the reason before sending, and shows the stock it will leave', async () => {
    const user = userEvent.setup();
    const { callsTo } = shop(3);
    show();
    await user.click(await screen.findByRole('button', { name: 'Adjust stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    // Retired packagings cannot be chosen.
    const select = within(dialog).getByLabelText('Packaging');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['50 g (Stock: 3)', '100 g (Stock: 40)']);
    expect(within(dialog).getByText('Stock now 3')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save change' }));
    const change = within(dialog).getByLabelText('Change');
    expect(
      await within(dialog).findByText(
        'Enter a whole number other than 0, such as +5 or −3 (at most 100000 either way)',
      ),
    ).toBeInTheDocument();
    expect(change).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Give a reason for the change')).toBeInTheDocument();

    for (const bad of ['0', '2.5', 'ten', '+100001']) {
      await user.clear(change);
      await user.type(change, bad);
      await user.click(within(dialog).getByRole('button', { name: 'Save change' }));
      expect(
        within(dialog).getByText('Enter a whole number other than 0, such as +5 or −3 (at most 100000 either way)'),
      ).toBeInTheDocument();
    }
    await user.clear(change);
    await user.type(change, '-4');
    expect(within(dialog).getByText('Stock now 3 → after the change -1')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Broken');
    await user.click(within(dialog).getByRole('button', { name: 'Save change' }));
    expect(within(dialog).getByText('Only 3 in stock: taking 4 would go below zero')).toBeInTheDocument();
    // Another packaging has enough.
    await user.selectOptions(select, '100 g (Stock: 40)');
    expect(within(dialog).getByText('Stock now 40 → after the change 36')).toBeInTheDocument();
    expect(callsTo('/admin/stock/adjust')).toHaveLength(0);
  });

  it('a successful adjustment sends the change and the reason, closes, toasts and updates the stock and history', async () => {
    const user = userEvent.setup();
    const { callsTo } = shop(3);
    const view = show();
    const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
    expect(await screen.findByText('No stock changes yet.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Adjust stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    await user.type(within(dialog).getByLabelText('Change'), '+5');
    expect(within(dialog).getByText('Stock now 3 → after the change 8')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), '  Delivery from supplier ');
    await user.click(within(dialog).getByRole('button', { name: 'Save change' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Stock changed by +5: 8 now'));
    const [call] = callsTo('/admin/stock/adjust');
    expect(Object.fromEntries(['packaging_id', 'delta', 'reason'].map((k) => [k, call!.body.get(k)]))).toEqual({
      packaging_id: '1',
      delta: '5',
      reason: 'Delivery from supplier',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'products'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'dashboard'] });
    await waitFor(() => expect(within(levels()).getAllByRole('row')[1]!.textContent).toBe('50 g8'));
    const row = await waitFor(() => within(historyTable()).getAllByRole('row')[1]!);
    expect(row.textContent).toContain('+5');
    expect(row.textContent).toContain('Delivery from supplier');
    expect(row.textContent).toContain('manager@example.com');
  });

  it('speaks Chinese', async () => {
    shop(3, [movement(9, { source: 'cancel', delta: 1, stock_after: 3, order_no: 'LC-20261124-AB12CD' })]);
    show('zh');
    expect(await screen.findByRole('heading', { name: '库存' })).toBeInTheDocument();
    expect(await screen.findByText('库存不高于 5 时为不足（店铺默认阈值）')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '调整库存' })).toBeInTheDocument();
    expect(within(levels('zh')).getAllByRole('row')[1]!.textContent).toBe('50 克库存不足3');
    expect(await screen.findByText('订单取消')).toBeInTheDocument();
  });

  it('shows the server’s refusal at the field it names and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const { state } = shop(3);
    show();
    await user.click(await screen.findByRole('button', { name: 'Adjust stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    // An order took the stock since the page was read: the server refuses what the form allowed.
    state.stock = 1;
    await user.type(within(dialog).getByLabelText('Change'), '-2');
    await user.type(within(dialog).getByLabelText('Reason'), 'Count');
    await user.click(within(dialog).getByRole('button', { name: 'Save change' }));
    expect(await within(dialog).findByText('Only 1 in stock: taking 2 would go below zero')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Change')).toHaveAttribute('aria-invalid', 'true');
    expect(notify.success).not.toHaveBeenCalled();
  });
});
