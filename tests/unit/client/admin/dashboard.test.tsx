import type { AdminDashboardOutput, DashboardDay } from '@common/contract/admin/dashboard';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_SCREENS } from '../../../../src/client/app/admin/admin-screens';
import DashboardPage from '../../../../src/client/features/admin-dashboard/pages/DashboardPage';
import { mockApi, renderRoutes } from '../toolkit';

// jsdom has no canvas: the chart (uPlot, loaded on demand) is replaced by a stand-in that shows what it was given.
vi.mock('../../../../src/client/features/admin-dashboard/components/RevenueChartCanvas', () => ({
  default: ({ days, labels }: { days: DashboardDay[]; labels: { revenue: string } }) => (
    <div data-testid="revenue-chart">
      {labels.revenue}: {days.length} days, last {days.at(-1)?.date}
    </div>
  ),
}));

const days = (): DashboardDay[] =>
  Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10);
    return i === 29
      ? { date, revenue_cents: 3001, orders: 2 }
      : i === 28
        ? { date, revenue_cents: 400, orders: 1 }
        : { date, revenue_cents: 0, orders: 0 };
  });

const todo: AdminDashboardOutput['todo'] = {
  receipts_to_check: 3,
  paid_to_pack: 5,
  payout_requests: 2,
  low_stock: {
    count: 2,
    items: [
      {
        product_id: 1,
        packaging_id: 11,
        product_name: 'Assam Golden Tips',
        packaging_name: '100 g',
        stock: 0,
        threshold: 5,
      },
      {
        product_id: 2,
        packaging_id: 21,
        product_name: 'Jasmine Pearls',
        packaging_name: '50 g',
        stock: 4,
        threshold: 5,
      },
    ],
  },
};

const full: AdminDashboardOutput = {
  todo,
  figures: {
    timezone: 'Asia/Manila',
    today: { revenue_cents: 3001, orders: 2, average_order_cents: 1501 },
    days_7: { revenue_cents: 3401, orders: 3, average_order_cents: 1134 },
    days_30: { revenue_cents: 12_345, orders: 10, average_order_cents: 1235 },
    revenue_per_day: days(),
  },
};

// What a fulfilment member gets: no payout requests (no `affiliates`), no figures (no `reports`).
const { payout_requests: _payouts, ...packerTodo } = todo;
const packer: AdminDashboardOutput = { todo: packerTodo };

const renderDashboard = () => renderRoutes([{ path: '/admin', Component: DashboardPage }], '/admin');

describe('back office: Dashboard', () => {
  it('is the back office’s first screen', async () => {
    const home = ADMIN_SCREENS.find((s) => s.path === '')!;
    expect(home.permission).toBe('dashboard');
    expect((await home.load()).default).toBe(DashboardPage);
  });

  it('shows what needs doing now, each card opening the list it counts', async () => {
    const user = userEvent.setup();
    mockApi({ '/admin/dashboard': () => ({ data: full }) });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    const todoList = within(await screen.findByRole('region', { name: 'What needs doing now' })).getByRole('list');
    const receipts = within(todoList).getByRole('link', { name: /Receipts to check/ });
    expect(receipts).toHaveTextContent('3');
    expect(receipts).toHaveAttribute('href', '/admin/orders?status=Pending&payment=bank_transfer');
    const toPack = within(todoList).getByRole('link', { name: /Paid orders to pack/ });
    expect(toPack).toHaveTextContent('5');
    expect(toPack).toHaveAttribute('href', '/admin/orders?status=Paid');
    const payouts = within(todoList).getByRole('link', { name: /Payout requests/ });
    expect(payouts).toHaveTextContent('2');
    expect(payouts).toHaveAttribute('href', '/admin/affiliates');

    // Low stock: the card takes the keyboard to the list.
    await user.click(within(todoList).getByRole('button', { name: /Low stock/ }));
    const lowHeading = screen.getByRole('heading', { name: 'Low stock', level: 2 });
    expect(lowHeading).toHaveFocus();
    const lowTable = screen.getByRole('table', { name: /lowest first/ });
    const rows = within(lowTable).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Assam Golden Tips100 g05', 'Jasmine Pearls50 g45']);

    await user.click(receipts);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?status=Pending&payment=bank_transfer');
  });

  it('shows today, 7 days and 30 days figures and the revenue per day, as a chart or as a table', async () => {
    const user = userEvent.setup();
    mockApi({ '/admin/dashboard': () => ({ data: full }) });
    renderDashboard();
    const today = await screen.findByRole('article', { name: 'Today' });
    expect(within(today).getByText('Revenue').nextElementSibling).toHaveTextContent('$30.01');
    expect(within(today).getByText('Orders').nextElementSibling).toHaveTextContent('2');
    expect(within(today).getByText('Average order value').nextElementSibling).toHaveTextContent('$15.01');
    expect(within(screen.getByRole('article', { name: '7 days' })).getByText('$34.01')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: '30 days' })).getByText('$123.45')).toBeInTheDocument();
    expect(screen.getByText(/Asia\/Manila time/)).toBeInTheDocument();

    // The chart is loaded on demand; its text alternative (the same 30 days) is there for a screen reader.
    const chart = await screen.findByTestId('revenue-chart');
    expect(chart).toHaveTextContent('Revenue: 30 days, last 2026-11-24');
    const table = screen.getByRole('table', { name: 'Revenue per day, last 30 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows.at(-1)).toHaveTextContent('Nov 24, 2026$30.012');
    expect(rows.at(-2)).toHaveTextContent('Nov 23, 2026$4.001');
    expect(rows[0]).toHaveTextContent('Oct 26, 2026$0.000');

    // "Show as table" shows it to everyone instead of the chart, and back.
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.queryByTestId('revenue-chart')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Revenue per day, last 30 days' }).closest('.visually-hidden')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show as chart' }));
    expect(await screen.findByTestId('revenue-chart')).toBeInTheDocument();
  });

  it('shows a fulfilment member the to-do without payout requests, and no figures', async () => {
    mockApi({ '/admin/dashboard': () => ({ data: packer }) });
    renderDashboard();
    const region = await screen.findByRole('region', { name: 'What needs doing now' });
    expect(within(region).getByRole('link', { name: /Paid orders to pack/ })).toBeInTheDocument();
    expect(within(region).queryByRole('link', { name: /Payout requests/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Figures' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Revenue per day' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('revenue-chart')).not.toBeInTheDocument();
    expect(screen.queryByText('Revenue')).not.toBeInTheDocument();
  });

  it('says there were no orders instead of drawing an empty chart (docs/decisions/055)', async () => {
    const quiet = days().map((d) => ({ ...d, revenue_cents: 0, orders: 0 }));
    mockApi({
      '/admin/dashboard': () => ({ data: { ...full, figures: { ...full.figures, revenue_per_day: quiet } } }),
    });
    renderDashboard();
    const chart = await screen.findByRole('region', { name: 'Revenue per day' });
    expect(within(chart).getByText('No orders in the last 30 days yet.')).toBeInTheDocument();
    expect(within(chart).queryByText(/Revenue: 30 days/)).toBeNull();
    expect(within(chart).queryByRole('button', { name: 'Show as table' })).toBeNull();
  });

  it('says nothing runs low when nothing does, and how many are left out of a long list', async () => {
    mockApi({
      '/admin/dashboard': () => ({
        data: { todo: { ...packerTodo, low_stock: { count: 0, items: [] } } },
      }),
    });
    const view = renderDashboard();
    expect(await screen.findByText('Nothing is running low.')).toBeInTheDocument();
    view.unmount();

    mockApi({
      '/admin/dashboard': () => ({ data: { todo: { ...packerTodo, low_stock: { ...todo.low_stock, count: 25 } } } }),
    });
    renderDashboard();
    expect(await screen.findByText('The 2 lowest of 25 are shown.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Low stock/ })).toHaveTextContent('25');
  });

  it('speaks Chinese', async () => {
    mockApi({ '/admin/dashboard': () => ({ data: full }) });
    renderRoutes([{ path: '/admin', Component: DashboardPage }], '/admin', { lang: 'zh' });
    expect(await screen.findByRole('heading', { name: '仪表板', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /待核对收据/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '每日营业额' })).toBeInTheDocument();
  });

  it('offers a retry when the dashboard cannot be loaded', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockApi({
      '/admin/dashboard': () => (++calls === 1 ? { network: true } : { data: packer }),
    });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'What needs doing now' })).toBeInTheDocument();
  });

  it('lists the payments that need a person, each linking to its order, in English and Chinese', async () => {
    const attention: AdminDashboardOutput['todo']['payment_attention'] = {
      count: 2,
      items: [
        {
          order_no: 'LC-20261207-AAAAAA',
          attention: 'refund_failed',
          status: 'Cancelled',
          total_cents: 4450,
          flagged_at: '2026-12-07T10:00:00.000Z',
        },
        {
          order_no: 'LC-20261207-BBBBBB',
          attention: 'dispute',
          status: 'Completed',
          total_cents: 1200,
          flagged_at: '2026-12-07T09:00:00.000Z',
        },
      ],
    };
    mockApi({ '/admin/dashboard': () => ({ data: { todo: { ...todo, payment_attention: attention } } }) });
    const view = renderDashboard();
    const section = (await screen.findByRole('heading', { name: 'Payments that need a person (2)' })).closest(
      'section',
    )!;
    const link = within(section).getByRole('link', { name: 'LC-20261207-AAAAAA' });
    expect(link).toHaveAttribute('href', '/admin/orders/LC-20261207-AAAAAA');
    expect(section).toHaveTextContent('A refund to the card failed or was never confirmed');
    expect(section).toHaveTextContent('The customer disputed the card payment');
    expect(section).toHaveTextContent('$44.50');
    view.unmount();

    mockApi({
      '/admin/dashboard': () => ({ data: { todo: { ...todo, payment_attention: { count: 0, items: [] } } } }),
    });
    renderDashboard();
    await screen.findByRole('heading', { name: 'What needs doing now' });
    expect(screen.queryByRole('heading', { name: /Payments that need a person/ })).toBeNull();
  });

  it('says the reasons in Chinese too', async () => {
    const { zh } = await import('../../../../src/client/features/admin-dashboard/locales');
    expect(Object.keys(zh.attention.reasons).sort()).toEqual(
      ['amount_mismatch', 'dispute', 'paid_after_cancel', 'refund_failed'].sort(),
    );
    expect(zh.attention.reasons.dispute).toBe('顾客对银行卡付款提出了争议');
  });

  it('shows owners a failed scheduled backup as an alert, with the last good one', async () => {
    const backups = {
      scheduled: true,
      last_at: '2026-12-07T06:00:00.000Z',
      last_ok: false,
      last_error: 'Cannot write /var/backups/x: the disk is full.',
      last_good_at: '2026-12-06T06:00:00.000Z',
    };
    mockApi({ '/admin/dashboard': () => ({ data: { ...full, backups } }) });
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Backups' });
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'The last backup failed (2026-12-07 06:00 UTC): Cannot write /var/backups/x: the disk is full.',
    );
    expect(section).toHaveTextContent('Last good backup: 2026-12-06 06:00 UTC.');
  });

  it('says when backups are fine, off, and shows nothing to roles without settings', async () => {
    const ok = { scheduled: true, last_at: '2026-12-07T06:00:00.000Z', last_ok: true, last_error: null };
    mockApi({ '/admin/dashboard': () => ({ data: { ...full, backups: { ...ok, last_good_at: ok.last_at } } }) });
    const first = renderDashboard();
    expect(await screen.findByText('Last backup written 2026-12-07 06:00 UTC.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    first.unmount();
    const off = { scheduled: false, last_at: null, last_ok: null, last_error: null, last_good_at: null };
    mockApi({ '/admin/dashboard': () => ({ data: { ...full, backups: off } }) });
    const second = renderDashboard();
    expect(await screen.findByText(/Scheduled backups are off: set BACKUP_DIR or BACKUP_URL/)).toBeInTheDocument();
    second.unmount();
    mockApi({ '/admin/dashboard': () => ({ data: packer }) });
    renderDashboard();
    await screen.findByText('Low stock', { selector: 'h2' });
    expect(screen.queryByRole('region', { name: 'Backups' })).toBeNull();
  });
});
