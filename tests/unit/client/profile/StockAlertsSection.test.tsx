import type { StockAlertListItem } from '@common/contract/stock-alerts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { StockAlertsSection } from '../../../../src/client/features/profile/components/StockAlertsSection';
import { notify } from '../../../../src/client/lib/toast';
import { mockApi, renderRoute } from '../toolkit';

afterEach(() => {
  vi.restoreAllMocks();
});

// The profile's list of back-in-stock alerts (docs/decisions/018): each product linked, waiting ones with
// "Cancel alert", told ones with the day; nothing at all while there are none.

const item = (overrides: Partial<StockAlertListItem>): StockAlertListItem => ({
  product_id: 5,
  name: 'Earl Grey Cream',
  image: '/images/products/earl-grey.svg',
  stock_state: 'out_of_stock',
  created_at: '2026-11-20T01:00:00.000Z',
  told_at: null,
  ...overrides,
});

function serve(initial: StockAlertListItem[]) {
  let alerts = initial;
  return mockApi({
    '/v2/get-stock-alerts': () => ({ data: { alerts } }),
    '/v2/cancel-stock-alert': (body) => {
      alerts = alerts.filter((a) => a.product_id !== Number(body.get('product_id')));
      return { data: { alert: null }, message: 'Alert cancelled' };
    },
  });
}

describe('StockAlertsSection', () => {
  it('lists waiting and told alerts; Cancel alert removes a waiting one', async () => {
    const api = serve([
      item({}),
      item({ product_id: 8, name: 'Jasmine Pearls', stock_state: 'in_stock', told_at: '2026-11-22T08:00:00.000Z' }),
    ]);
    renderRoute(<StockAlertsSection userId={7} />);
    const section = await screen.findByRole('region', { name: 'Back-in-stock alerts' });
    expect(within(section).getByRole('link', { name: 'Earl Grey Cream' })).toHaveAttribute('href', '/details/5');
    expect(within(section).getByText("We'll let you know when it's back.")).toBeInTheDocument();
    expect(within(section).getByText('Back in stock: told on Nov 22, 2026')).toBeInTheDocument();
    // Only the waiting one can be cancelled.
    expect(within(section).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel alert: Earl Grey Cream' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Earl Grey Cream' })).toBeNull());
    expect(api.callsTo('/v2/cancel-stock-alert')[0]!.body.get('product_id')).toBe('5');
    expect(screen.getByRole('link', { name: 'Jasmine Pearls' })).toBeInTheDocument();
  });

  it('after Cancel alert says so and puts the focus on the section’s title, not on the page’s body', async () => {
    const success = vi.spyOn(notify, 'success');
    serve([item({}), item({ product_id: 8, name: 'Jasmine Pearls', told_at: '2026-11-22T08:00:00.000Z' })]);
    renderRoute(<StockAlertsSection userId={7} />);
    const section = await screen.findByRole('region', { name: 'Back-in-stock alerts' });
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel alert: Earl Grey Cream' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Alert cancelled'));
    await waitFor(() => expect(within(section).getByRole('heading', { name: 'Back-in-stock alerts' })).toHaveFocus());
  });

  it('after cancelling the last alert keeps the section, saying there are none, with the focus on its title', async () => {
    serve([item({})]);
    renderRoute(<StockAlertsSection userId={7} />);
    const section = await screen.findByRole('region', { name: 'Back-in-stock alerts' });
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel alert: Earl Grey Cream' }));
    expect(await within(section).findByText('You have no back-in-stock alerts.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Earl Grey Cream' })).toBeNull();
    expect(section).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('heading', { name: 'Back-in-stock alerts' })).toHaveFocus());
    expect(document.body).not.toHaveFocus();
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true;
    mockApi({
      '/v2/get-stock-alerts': () => (fail ? { status: 500, message: 'boom' } : { data: { alerts: [item({})] } }),
    });
    renderRoute(<StockAlertsSection userId={7} />);
    const section = await screen.findByRole('region', { name: 'Back-in-stock alerts' }, { timeout: 5000 });
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'Could not load this. Check your connection and try again.',
    );
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('link', { name: 'Earl Grey Cream' })).toBeInTheDocument();
  });

  it('shows nothing while there are no alerts', async () => {
    const api = serve([]);
    renderRoute(<StockAlertsSection userId={7} />);
    await waitFor(() => expect(api.callsTo('/v2/get-stock-alerts')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Back-in-stock alerts' })).toBeNull();
    expect(screen.queryByText('Cancel alert')).toBeNull();
  });

  it('in Chinese', async () => {
    serve([item({ name: '奶香伯爵茶' })]);
    renderRoute(<StockAlertsSection userId={7} />, { lang: 'zh' });
    const section = await screen.findByRole('region', { name: '到货通知' });
    expect(within(section).getByText('到货后我们会通知您。')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: '取消通知：奶香伯爵茶' })).toHaveTextContent('取消通知');
  });
});
