import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ReferralHomePage from '../../../../src/client/app/pages/ReferralHomePage';
import {
  getStoredReferralCode,
  getVisitorKey,
  REFERRAL_CODE_SESSION_KEY,
} from '../../../../src/client/entities/user/referral-code';
import { ReferralParamWatcher } from '../../../../src/client/features/referral/ReferralParamWatcher';
import { mockApi, renderRoute } from '../toolkit';

vi.mock('../../../../src/client/features/home/pages/HomePage', () => ({ default: () => <p>Home screen</p> }));

afterEach(() => {
  vi.restoreAllMocks();
});

const visitApi = () =>
  mockApi({
    '/v2/record-visit': (body) =>
      body.get('code') === 'GOOD123'
        ? { data: { recorded: true, code: 'GOOD123' } }
        : { status: 404, message: 'This referral code does not exist' },
  });

describe('/{referral_code}', () => {
  it('records the visit, keeps the code for registration and shows home', async () => {
    const { callsTo } = visitApi();
    renderRoute(<ReferralHomePage />, { path: '/GOOD123', pattern: '/:referralCode' });
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    const calls = callsTo('/v2/record-visit');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body.get('code')).toBe('GOOD123');
    expect(calls[0]?.body.get('link')).toBe('/GOOD123');
    expect(calls[0]?.body.get('origin')).toBe('direct');
    expect(calls[0]?.body.get('visitor_key')).toBe(getVisitorKey());
    expect(getVisitorKey()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(getStoredReferralCode()).toBe('GOOD123');
    expect(sessionStorage.getItem(REFERRAL_CODE_SESSION_KEY)).toBe('GOOD123');
  });

  it('records a code once per session', async () => {
    const { callsTo } = visitApi();
    const first = renderRoute(<ReferralHomePage />, { path: '/GOOD123', pattern: '/:referralCode' });
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    first.unmount();
    renderRoute(<ReferralHomePage />, { path: '/GOOD123', pattern: '/:referralCode' });
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(callsTo('/v2/record-visit')).toHaveLength(1);
  });

  it('shows the not-found page for an unknown code and keeps no code', async () => {
    visitApi();
    renderRoute(<ReferralHomePage />, { path: '/NOPE999', pattern: '/:referralCode' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('Home screen')).not.toBeInTheDocument();
    expect(getStoredReferralCode()).toBeNull();
  });

  it('shows the not-found page without asking the server for something that cannot be a code', async () => {
    const { callsTo } = visitApi();
    renderRoute(<ReferralHomePage />, { path: '/bad%20code!', pattern: '/:referralCode' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(callsTo('/v2/record-visit')).toHaveLength(0);
  });

  it('still shows home when the visit cannot be recorded (network), keeping the code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderRoute(<ReferralHomePage />, { path: '/GOOD123', pattern: '/:referralCode' });
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    await waitFor(() => expect(getStoredReferralCode()).toBe('GOOD123'));
  });
});

describe('?ref={code} on any page', () => {
  it('records the visit with the page visited and keeps the code', async () => {
    const { callsTo } = visitApi();
    renderRoute(<ReferralParamWatcher />, { path: '/products?sort=oldest&ref=GOOD123' });
    await waitFor(() => expect(getStoredReferralCode()).toBe('GOOD123'));
    expect(callsTo('/v2/record-visit')[0]?.body.get('link')).toBe('/products?sort=oldest&ref=GOOD123');
  });

  it('does nothing without a ref', () => {
    const { callsTo } = visitApi();
    render(<p>none</p>);
    renderRoute(<ReferralParamWatcher />, { path: '/products' });
    expect(callsTo('/v2/record-visit')).toHaveLength(0);
  });
});
