import type { MarketingConsent } from '@common/contract/marketing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { MarketingSection } from '../../../../src/client/features/profile/components/MarketingSection';
import { notify } from '../../../../src/client/lib/toast';
import { mockApi, renderRoute } from '../toolkit';

afterEach(() => {
  vi.restoreAllMocks();
});

// The profile's "Marketing messages" switch (docs/decisions/056): off until the customer turns it on, saved as soon
// as it is flipped, with when it last changed, and a line about consent where the law of the shipping country asks.

const consent = (overrides: Partial<MarketingConsent> = {}): MarketingConsent => ({
  on: false,
  changed_at: null,
  source: null,
  country: 'PH',
  ...overrides,
});

function serve(initial: MarketingConsent, opts: { fail?: boolean } = {}) {
  let state = initial;
  return mockApi({
    '/v2/get-marketing-consent': () => ({ data: { marketing: state } }),
    '/v2/set-marketing-consent': (body) => {
      if (opts.fail) return { status: 500, message: 'boom' };
      const on = body.get('on') === 'true';
      state = { ...state, on, changed_at: '2026-12-08T09:00:00.000Z', source: 'profile' };
      return {
        data: { marketing: state },
        message: on ? 'Marketing messages turned on' : 'Marketing messages turned off',
      };
    },
  });
}

describe('MarketingSection', () => {
  it('is off by default; turning it on saves at once, says so, and shows since when', async () => {
    const success = vi.spyOn(notify, 'success');
    const api = serve(consent());
    renderRoute(<MarketingSection userId={7} />);
    const section = await screen.findByRole('region', { name: 'Marketing messages' });
    const toggle = await within(section).findByRole('switch', { name: 'Reminders and offers' });
    expect(toggle).not.toBeChecked();
    expect(within(section).getByText('Off')).toBeInTheDocument();
    // The Philippines asks for consent first: the section says so.
    expect(toggle).toHaveAccessibleDescription(
      /Every message has a link to stop them\. Where your orders are delivered, we may send them only after you turn this on\./,
    );

    await userEvent.click(toggle);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Marketing messages turned on'));
    expect(api.callsTo('/v2/set-marketing-consent')[0]!.body.get('on')).toBe('true');
    expect(within(section).getByRole('switch', { name: 'Reminders and offers' })).toBeChecked();
    expect(within(section).getByText('On')).toBeInTheDocument();
    expect(within(section).getByText('On since Dec 8, 2026')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('switch', { name: 'Reminders and offers' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Marketing messages turned off'));
    expect(api.callsTo('/v2/set-marketing-consent')[1]!.body.get('on')).toBe('false');
    expect(within(section).getByRole('switch', { name: 'Reminders and offers' })).not.toBeChecked();
  });

  it('a save that fails says so and leaves the switch as it was', async () => {
    const error = vi.spyOn(notify, 'error');
    serve(consent(), { fail: true });
    renderRoute(<MarketingSection userId={7} />);
    const toggle = await screen.findByRole('switch', { name: 'Reminders and offers' });
    await userEvent.click(toggle);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getByRole('switch', { name: 'Reminders and offers' })).not.toBeChecked();
  });

  it('says nothing about the law where it allows soft opt-in, and works in Chinese', async () => {
    serve(consent({ on: true, changed_at: '2026-12-01T01:00:00.000Z', source: 'profile', country: 'US' }));
    renderRoute(<MarketingSection userId={7} />, { lang: 'zh' });
    const section = await screen.findByRole('region', { name: '营销消息' });
    const toggle = await within(section).findByRole('switch', { name: '提醒和优惠' });
    expect(toggle).toBeChecked();
    expect(within(section).getByText('开')).toBeInTheDocument();
    expect(toggle).not.toHaveAccessibleDescription(/根据您订单收货地的法律/);
  });

  it('says when the switch could not be loaded, and tries again', async () => {
    let fail = true;
    mockApi({
      '/v2/get-marketing-consent': () => (fail ? { status: 500, message: 'boom' } : { data: { marketing: consent() } }),
    });
    renderRoute(<MarketingSection userId={7} />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Could not load this. Check your connection and try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Reminders and offers' })).toBeInTheDocument();
  });
});
