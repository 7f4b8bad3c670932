import type { SavedCard } from '@common/contract/subscriptions';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { SavedCardsSection } from '../../../../src/client/features/profile/components/SavedCardsSection';
import { i18n } from '../../../../src/client/lib/i18n/i18n';
import { notify } from '../../../../src/client/lib/toast';
import { mockApi, renderRoute } from '../toolkit';

afterEach(async () => {
  vi.restoreAllMocks();
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

// The profile's card saved for Subscribe & save renewals (docs/decisions/040): brand •••• last4 with Remove, which
// stops automatic charges at once; nothing at all while there is none.

const card: SavedCard = { id: 3, brand: 'visa', last4: '4242', created_at: '2026-12-07T10:00:00.000Z' };

function serve(initial: SavedCard[]) {
  let cards = initial;
  return mockApi({
    '/v2/get-saved-cards': () => ({ data: { saved_cards: cards } }),
    '/v2/remove-saved-card': (body) => {
      cards = cards.filter((c) => c.id !== Number(body.get('saved_card_id')));
      return { data: { saved_cards: cards }, message: 'Card removed; renewals now wait for you to pay them' };
    },
  });
}

describe('SavedCardsSection', () => {
  it('lists the saved card; Remove removes it, says so, and leaves the section saying there is none', async () => {
    const success = vi.spyOn(notify, 'success');
    const api = serve([card]);
    renderRoute(<SavedCardsSection />);
    const section = await screen.findByRole('region', { name: 'Saved card for renewals' });
    expect(within(section).getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(within(section).getByText(/stops automatic charges at once/)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Remove card Visa •••• 4242' }));
    await waitFor(() => expect(screen.queryByText('Visa •••• 4242')).toBeNull());
    expect(api.callsTo('/v2/remove-saved-card')[0]!.body.get('saved_card_id')).toBe('3');
    expect(success).toHaveBeenCalledWith('Card removed; renewals now wait for you to pay them');
    expect(screen.getByText('You have no saved card: each renewal waits for you to pay it.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Saved card for renewals' })).toHaveFocus();
  });

  it('shows nothing while there is no saved card', async () => {
    const api = serve([]);
    renderRoute(<SavedCardsSection />);
    await waitFor(() => expect(api.callsTo('/v2/get-saved-cards')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Saved card for renewals' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove card/ })).toBeNull();
  });

  it('speaks Chinese', async () => {
    await act(async () => {
      await i18n.changeLanguage('zh');
    });
    serve([card]);
    renderRoute(<SavedCardsSection />);
    const section = await screen.findByRole('region', { name: '用于续订的已保存卡片' });
    expect(within(section).getByRole('button', { name: '移除卡片 Visa •••• 4242' })).toBeInTheDocument();
  });
});
