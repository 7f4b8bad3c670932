import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataExportCard } from '../../../../src/client/features/admin-customers/components/DataExportCard';
import { mockApi, renderRoute } from '../toolkit';
import { staffMe } from './staff-session';

// The owner's copy of a customer's data (docs/decisions/051): owners only; Make a copy, Preparing…, Download.

const ready = {
  id: 6,
  status: 'ready',
  requested_at: '2026-12-08T09:00:00.000Z',
  expires_at: '2026-12-09T09:00:00.000Z',
  download_url: null,
  size: 900,
};

describe('back office: a customer’s copy of their data', () => {
  it('lets an owner make a copy: Preparing…, then Download', async () => {
    let state: unknown = null;
    const { callsTo } = mockApi({
      '/admin/me': () => ({ data: staffMe('owner') }),
      '/admin/customers/data-export': () => ({ data: { export: state } }),
      '/admin/customers/data-export/request': () => {
        state = { ...ready, status: 'preparing', expires_at: null, size: null };
        return { data: { export: state } };
      },
    });
    renderRoute(<DataExportCard customerId={9} />);
    const card = await screen.findByRole('region', { name: 'Copy of their data' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Make a copy' }));
    expect(callsTo('/admin/customers/data-export/request')[0]!.body.get('id')).toBe('9');
    expect(await within(card).findByRole('status')).toHaveTextContent('Preparing…');
    state = ready;
    expect(await within(card).findByRole('button', { name: /^Download, until / }, { timeout: 8000 })).toBeEnabled();
  }, 15_000);

  it('shows nothing to a manager, and never asks the server', async () => {
    const { callsTo } = mockApi({ '/admin/me': () => ({ data: staffMe('manager') }) });
    renderRoute(<DataExportCard customerId={9} />);
    await waitFor(() => expect(callsTo('/admin/me')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Copy of their data' })).toBeNull();
    expect(callsTo('/admin/customers/data-export')).toHaveLength(0);
  });
});
