import type { UserInfo } from '@common/contract/accounts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router-dom';
import { addToCart, usePendingCartLine } from '../../../../src/client/entities/cart/add-to-cart';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import LoginPage from '../../../../src/client/features/auth/pages/LoginPage';
import { safeRedirect } from '../../../../src/client/features/auth/safe-redirect';
import { useUserInfoSync } from '../../../../src/client/features/auth/use-user-info-sync';
import { useSession } from '../../../../src/client/stores/session-store';
import { useUi } from '../../../../src/client/stores/ui-store';
import { lineInput, makeUser, mockApi, renderRoutes } from '../toolkit';

// The customer these screens show (the account summary reads referral code and balance).
const user = (o: Partial<UserInfo> = {}): UserInfo =>
  makeUser({ id: 1, phone: '+639171234567', referral_code: 'MEI23456', cash_balance_cents: 1234, ...o });

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

/** A layout running the hooks the app's layouts run. */
function Layout() {
  useUserInfoSync();
  usePendingCartLine();
  return <Outlet />;
}

function renderApp(url: string) {
  return renderRoutes(
    [
      {
        element: <Layout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/login/:referralCode', element: <LoginPage /> },
          { path: '/details/:id', element: <p>Product screen</p> },
          { path: '/', element: <p>Home screen</p> },
          { path: '/about', element: <p>About screen</p> },
        ],
      },
    ],
    url,
  ).router;
}

beforeEach(() => {
  act(() => {
    useSession.getState().clear();
    useCart.getState().clear();
    useUi.getState().closeCart();
  });
  vi.clearAllMocks();
});

describe('safeRedirect', () => {
  it.each([
    ['/details/5', '/details/5'],
    ['/products?sort=oldest#top', '/products?sort=oldest#top'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/x', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/login', '/'],
    ['/login/ABC', '/'],
  ])('%s → %s', (raw, expected) => {
    expect(safeRedirect(raw, 'http://localhost')).toBe(expected);
  });
});

describe('/login', () => {
  it('logs in, stores the session and goes to ?redirect=', async () => {
    const me = user();
    mockApi({
      '/v1/user-login': () => ({ data: { user_info: me, token: 'tok-9' } }),
      '/v1/get-user-info': () => ({ bare: { success: true, code: 200, message: 'OK', user_info: me, token: 'tok-9' } }),
    });
    const router = renderApp('/login?redirect=/details/5');
    await userEvent.type(await screen.findByLabelText('Email / Phone Number'), 'mei@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Product screen');
    expect(router.state.location.pathname).toBe('/details/5');
    expect(useSession.getState()).toMatchObject({ user: me, token: 'tok-9' });
    expect(localStorage.getItem('token')).toBe('tok-9');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(me);
  });

  it('never follows a redirect to another site', async () => {
    mockApi({ '/v1/user-login': () => ({ data: { user_info: user(), token: 't' } }) });
    const router = renderApp('/login?redirect=//evil.example/steal');
    await userEvent.type(await screen.findByLabelText('Email / Phone Number'), 'mei@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Home screen');
    expect(router.state.location.pathname).toBe('/');
  });

  it('/login/{code}: opens Register with the code prefilled and records the visit', async () => {
    const api = mockApi({ '/v2/record-visit': () => ({ data: { recorded: true, code: 'ABCD2345' } }) });
    renderApp('/login/ABCD2345');
    expect(await screen.findByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Referral code (optional)')).toHaveValue('ABCD2345');
    await waitFor(() => expect(api.callsTo('/v2/record-visit')).toHaveLength(1));
    expect(api.callsTo('/v2/record-visit')[0]!.body.get('link')).toBe('/login/ABCD2345');
  });
});

describe('user-info sync (docs/product.md §2, Sessions)', () => {
  it('asks for the user on each route change when a token exists and stores the answer', async () => {
    const fresh = user({ nickname: 'Mei Lin', telegram_user_id: '777' });
    const api = mockApi({
      '/v1/get-user-info': () => ({
        bare: { success: true, code: 200, message: 'OK', user_info: fresh, token: 'tok' },
      }),
    });
    act(() => useSession.getState().setSession(user(), 'tok'));
    const router = renderApp('/');
    await waitFor(() => expect(useSession.getState().user?.nickname).toBe('Mei Lin'));
    expect(useSession.getState().telegramUserId).toBe('777');
    expect(api.callsTo('/v1/get-user-info')[0]!.headers.get('authorization')).toBe('Bearer tok');
    await act(() => router.navigate('/about'));
    await waitFor(() => expect(api.callsTo('/v1/get-user-info')).toHaveLength(2));
  });

  it('a refusal drops the token and telegram_user_id', async () => {
    mockApi({
      '/v1/get-user-info': () => ({ status: 500, message: 'Something went wrong on our side, please try again' }),
    });
    act(() => useSession.getState().setSession(user({ telegram_user_id: '777' }), 'tok'));
    renderApp('/');
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(useSession.getState().telegramUserId).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('telegram_user_id')).toBeNull();
  });

  it('asks nothing without a token', async () => {
    const api = mockApi({});
    renderApp('/');
    await screen.findByText('Home screen');
    expect(api.calls).toHaveLength(0);
  });
});

describe('guest "Add to cart" (docs/decisions/012)', () => {
  it('sends a guest to the login screen, then adds the line after the login and opens the panel', async () => {
    const me = user();
    mockApi({
      '/v1/user-login': () => ({ data: { user_info: me, token: 'tok' } }),
      '/v1/get-user-info': () => ({ bare: { success: true, code: 200, message: 'OK', user_info: me, token: 'tok' } }),
    });
    const router = renderApp('/details/7');
    await screen.findByText('Product screen');
    act(() => {
      expect(addToCart(lineInput({ quantity: 2 }), router.navigate)).toBe('login');
    });
    await screen.findByLabelText('Email / Phone Number');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=/details/7');
    expect(useCart.getState().lines).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Email / Phone Number'), 'mei@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Product screen');
    expect(useCart.getState().lines.map((l) => [l.product_id, l.quantity])).toEqual([[7, 2]]);
    expect(useUi.getState().cartOpen).toBe(true);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Added to cart'));
    expect(sessionStorage.getItem('pendingCartLine')).toBeNull();
  });

  it('a logged-in customer adds at once; past the stock it says "Not Enough Stock"', async () => {
    mockApi({});
    act(() => useSession.getState().setSession(user(), 'tok'));
    const navigate = vi.fn();
    act(() => {
      expect(addToCart(lineInput({ quantity: 5 }), navigate)).toBe('added');
    });
    expect(useUi.getState().cartOpen).toBe(true);
    act(() => {
      expect(addToCart(lineInput({ quantity: 1 }), navigate)).toBe('notEnoughStock');
    });
    expect(notify.error).toHaveBeenCalledWith('Not Enough Stock');
    expect(navigate).not.toHaveBeenCalled();
  });
});
