import type { AdminShippingState, AdminShippingView } from '@common/contract/admin/shipping';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowSlowScreens } from '../toolkit';
import { asStaff, logOutAfterEach, renderAdmin, staffMe } from './staff-session';

allowSlowScreens();
logOutAfterEach();

const state = (over: Partial<AdminShippingState> & Pick<AdminShippingState, 'id' | 'code' | 'name_en'>) => ({
  name_zh: `${over.name_en}（中）`,
  country: 'PH',
  standard_fee_cents: 650,
  expedited_fee_cents: 1200,
  standard_offered: true,
  expedited_offered: true,
  retired_at: null,
  ...over,
});

const view = (): AdminShippingView => ({
  free_shipping_threshold_cents: 7500,
  countries: [
    {
      country: 'PH',
      states: [
        state({ id: 1, code: 'PH-MM', name_en: 'Metro Manila', name_zh: '马尼拉大都会', standard_fee_cents: 450 }),
        state({ id: 2, code: 'PH-CEB', name_en: 'Cebu', name_zh: '宿务' }),
        state({
          id: 3,
          code: 'PH-BTN',
          name_en: 'Batanes',
          expedited_offered: false,
          retired_at: '2026-12-01T00:00:00Z',
        }),
      ],
    },
    { country: 'CN', states: [state({ id: 7, code: 'CN-BJ', name_en: 'Beijing', name_zh: '北京', country: 'CN' })] },
  ],
});

const sent = (body: URLSearchParams) =>
  Object.fromEntries([...body.entries()].filter(([k]) => !['lang', 'is_frontend', 'token'].includes(k)));

/** A staff member on /admin/shipping with a server that answers the screen as it is (`refuse` an add with it). */
function onShipping(role: 'owner' | 'manager' = 'manager', refuse?: { field: string; message: string }) {
  const current = view();
  const ok = (message: string) => ({ data: current, message });
  return asStaff(staffMe(role), {
    '/admin/shipping': () => ({ data: current }),
    '/admin/shipping/states/add': (body) => {
      if (refuse) return { status: 409, message: refuse.message, errors: [refuse] };
      const ph = current.countries[0]!;
      ph.states.push(state({ id: 99, code: body.get('code')!, name_en: body.get('name_en')! }));
      return ok(`${body.get('name_en')} added: new addresses can choose it now`);
    },
    '/admin/shipping/states/update': () => ok('Cebu saved: the next quote and order use it'),
    '/admin/shipping/states/retire': () =>
      ok('Cebu retired: new addresses can no longer choose it; saved ones keep working'),
    '/admin/shipping/states/restore': () => ok('Batanes restored: new addresses can choose it again'),
    '/admin/shipping/states/reorder': () => ok('New order saved'),
    '/admin/shipping/free-threshold': () => ok('Free-delivery threshold saved: the next quote and order use it'),
  });
}

const list = () => screen.findByRole('list', { name: 'Philippines’s states' });

describe('back office: Shipping (/admin/shipping)', () => {
  it('shows each country’s states in order with fees, methods and retired ones, and the threshold in dollars', async () => {
    onShipping();
    renderAdmin('/admin/shipping');
    const ph = await list();
    const items = within(ph).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('code')?.textContent)).toEqual(['PH-MM', 'PH-CEB', 'PH-BTN']);
    expect(items[0]).toHaveTextContent('Standard $4.50');
    expect(items[2]).toHaveTextContent('Expedited not offered');
    expect(items[2]).toHaveTextContent('Retired');
    expect(within(items[2]!).getByRole('button', { name: 'Restore Batanes' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Free delivery from ($)' })).toHaveValue('75.00');
    // The manager has it in the navigation.
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Shipping' })).toHaveAttribute('href', '/admin/shipping');

    await userEvent.click(screen.getByRole('tab', { name: 'China' }));
    expect(await screen.findByRole('list', { name: 'China’s states' })).toHaveTextContent('Beijing');
  });

  it('adds a state: checks the fields first at each input, then sends cents and the code in capitals', async () => {
    const api = onShipping();
    renderAdmin('/admin/shipping');
    await list();
    const form = screen.getByRole('form', { name: 'Add a state to Philippines' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add state' }));
    const code = within(form).getByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(
      'Its ISO 3166-2 code where there is one, e.g. PH-ABC. It cannot be changed later. Use PH- and 1 to 6 letters or digits, e.g. PH-ABC',
    );
    const fee = within(form).getByRole('textbox', { name: 'Standard fee ($)' });
    expect(fee).toHaveAccessibleDescription('Enter an amount from $0.00 to $1000.00, like 4.50');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Standard offered' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Expedited offered' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add state' }));
    await waitFor(() =>
      expect(within(form).getByRole('checkbox', { name: 'Standard offered' })).toHaveAccessibleDescription(
        'Offer at least one method, or retire the state instead',
      ),
    );
    expect(api.callsTo('/admin/shipping/states/add')).toHaveLength(0);

    await userEvent.click(within(form).getByRole('checkbox', { name: 'Standard offered' }));
    await userEvent.type(code, ' ph-aur ');
    await userEvent.type(within(form).getByRole('textbox', { name: 'English name' }), 'Aurora');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Chinese name' }), '奥罗拉');
    await userEvent.type(fee, '6.5');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Expedited fee ($)' }), '$12');
    await userEvent.click(within(form).getByRole('button', { name: 'Add state' }));
    await waitFor(() => expect(api.callsTo('/admin/shipping/states/add')).toHaveLength(1));
    expect(sent(api.callsTo('/admin/shipping/states/add')[0]!.body)).toEqual({
      country: 'PH',
      code: 'PH-AUR',
      name_en: 'Aurora',
      name_zh: '奥罗拉',
      standard_fee_cents: '650',
      expedited_fee_cents: '1200',
      standard_offered: 'true',
      expedited_offered: 'false',
    });
    expect(await screen.findByText('Aurora added: new addresses can choose it now')).toBeInTheDocument();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(4);
    expect(code).toHaveValue('');
  });

  it('shows the server’s refusal at the field it names', async () => {
    onShipping('owner', { field: 'code', message: 'Another state already has the code PH-CEB' });
    renderAdmin('/admin/shipping');
    await list();
    const form = screen.getByRole('form', { name: 'Add a state to Philippines' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Code' }), 'PH-CEB');
    await userEvent.type(within(form).getByRole('textbox', { name: 'English name' }), 'Cebu');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Chinese name' }), '宿务');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Standard fee ($)' }), '6');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Expedited fee ($)' }), '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Add state' }));
    const code = within(form).getByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Another state already has the code PH-CEB'));
  });

  it('renames and changes fees in the row, sending only what changed', async () => {
    const api = onShipping();
    renderAdmin('/admin/shipping');
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Cebu' }));
    const form = screen.getByRole('form', { name: 'Editing Cebu' });
    const name = within(form).getByRole('textbox', { name: 'English name' });
    expect(name).toHaveValue('Cebu');
    expect(within(form).getByRole('textbox', { name: 'Standard fee ($)' })).toHaveValue('6.50');
    await userEvent.clear(name);
    await userEvent.type(name, 'Cebu Province');
    const expedited = within(form).getByRole('textbox', { name: 'Expedited fee ($)' });
    await userEvent.clear(expedited);
    await userEvent.type(expedited, '13.25');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Standard offered' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('/admin/shipping/states/update')).toHaveLength(1));
    expect(sent(api.callsTo('/admin/shipping/states/update')[0]!.body)).toEqual({
      state_id: '2',
      name_en: 'Cebu Province',
      expedited_fee_cents: '1325',
      standard_offered: 'false',
    });
    expect(await screen.findByText('Cebu saved: the next quote and order use it')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Editing Cebu' })).toBeNull();
  });

  it('moves a state with the keyboard: Down sends the new order and keeps the focus on the moved row', async () => {
    const api = onShipping();
    renderAdmin('/admin/shipping');
    await list();
    const down = screen.getByRole('button', { name: 'Move “Metro Manila” down' });
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('/admin/shipping/states/reorder')).toHaveLength(1));
    expect(sent(api.callsTo('/admin/shipping/states/reorder')[0]!.body)).toEqual({ country: 'PH', ids: '[2,1,3]' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move “Metro Manila” down' })).toHaveFocus());
    expect(screen.getByText('“Metro Manila” is now 2 of 3')).toBeInTheDocument();
  });

  it('retires and restores, and saves the threshold in cents', async () => {
    const api = onShipping();
    renderAdmin('/admin/shipping');
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Retire Cebu' }));
    await waitFor(() => expect(api.callsTo('/admin/shipping/states/retire')).toHaveLength(1));
    expect(sent(api.callsTo('/admin/shipping/states/retire')[0]!.body)).toEqual({ state_id: '2' });
    await userEvent.click(screen.getByRole('button', { name: 'Restore Batanes' }));
    await waitFor(() => expect(api.callsTo('/admin/shipping/states/restore')).toHaveLength(1));

    const free = screen.getByRole('textbox', { name: 'Free delivery from ($)' });
    await userEvent.clear(free);
    await userEvent.type(free, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    await waitFor(() => expect(free).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.clear(free);
    await userEvent.type(free, '$1,000');
    await userEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    await waitFor(() => expect(api.callsTo('/admin/shipping/free-threshold')).toHaveLength(1));
    expect(sent(api.callsTo('/admin/shipping/free-threshold')[0]!.body)).toEqual({
      free_shipping_threshold_cents: '100000',
    });
  });

  it('is not fulfilment’s: no Shipping in the navigation and the page cannot be opened', async () => {
    asStaff(staffMe('fulfilment'));
    renderAdmin('/admin/shipping');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such page in the back office.');
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Shipping' })).toBeNull();
  });

  it('speaks Chinese', async () => {
    onShipping();
    renderAdmin('/admin/shipping', { lang: 'zh' });
    expect(await screen.findByRole('heading', { level: 1, name: '配送' })).toBeInTheDocument();
    const ph = await screen.findByRole('list', { name: '菲律宾的州/省' });
    expect(within(ph).getAllByRole('listitem')[0]).toHaveTextContent('马尼拉大都会');
    expect(screen.getByRole('button', { name: '停用宿务' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: '为菲律宾添加州/省' })).toBeInTheDocument();
  });
});
