import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../../../src/client/app/layout/Header';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import { useSession } from '../../../../src/client/stores/session-store';
import { useUi } from '../../../../src/client/stores/ui-store';
import { logIn, makeUser, mockShellApi, renderRoute } from '../toolkit';

const realLocation = Object.getOwnPropertyDescriptor(window, 'location');

beforeEach(() => {
  mockShellApi();
});

afterEach(() => {
  cleanup();
  useSession.getState().clear();
  useCart.getState().clear();
  useUi.getState().closeCart();
  if (realLocation) Object.defineProperty(window, 'location', realLocation);
});

describe('Header', () => {
  it('shows Login (and no account menu or cart) when logged out', async () => {
    await renderRoute(<Header />).settled();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Acct' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leaf & Cup' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Open our Telegram channel' })).toHaveAttribute(
      'href',
      'https://t.me/leafandcup',
    );
  });

  it('shows the Acct menu with Referral for a normal user', async () => {
    const user = userEvent.setup();
    logIn(makeUser({ is_agent: 0 }));
    await renderRoute(<Header />).settled();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    const acct = screen.getByRole('button', { name: 'Acct' });
    expect(acct).toHaveAttribute('aria-expanded', 'false');
    // The entries are rendered only while open (their own chunk).
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    await user.click(acct);
    expect(acct).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Referral' })).toHaveAttribute('href', '/referral');
    expect(screen.queryByRole('link', { name: 'Affiliate' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'My Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Order History' })).toHaveAttribute('href', '/order');
    expect(screen.getByRole('link', { name: 'Cash Reward' })).toHaveAttribute('href', '/cashReward');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(acct).toHaveAttribute('aria-expanded', 'false');
    expect(acct).toHaveFocus();
  });

  it('shows Affiliate instead of Referral for an agent (is_agent 1)', async () => {
    const user = userEvent.setup();
    logIn(makeUser({ is_agent: 1 }));
    await renderRoute(<Header />).settled();
    await user.click(screen.getByRole('button', { name: 'Acct' }));
    expect(await screen.findByRole('link', { name: 'Affiliate' })).toHaveAttribute('href', '/affiliate');
    expect(screen.queryByRole('link', { name: 'Referral' })).not.toBeInTheDocument();
  });

  it('logs out: revokes the token on the server, clears all browser storage and the user, and goes home', async () => {
    const user = userEvent.setup();
    const { calls } = mockShellApi();
    logIn();
    useCart.getState().add({
      product_id: 1,
      variant_id: 1,
      frequency_weeks: 0,
      quantity: 1,
      stock_balance: 5,
      unit_price: 900,
      has_discount: false,
      discount_price: null,
      image: '',
      name: 'Sencha',
      translations: [{ name: 'Sencha' }, { name: '煎茶' }],
      variant_name: '50 g',
      variant_translations: [{ name: '50 g' }, { name: '50 克' }],
    });
    expect(localStorage.getItem('cart')).not.toBeNull();
    localStorage.setItem('hasVisited', 'true');
    await renderRoute(<Header />, { path: '/order' }).settled();
    expect(localStorage.getItem('token')).toBe('tok-123');
    await user.click(screen.getByRole('button', { name: 'Acct' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    const logout = calls.find((c) => c.path === '/v1/user-logout');
    expect(logout?.authorization).toBe('Bearer tok-123');
    expect(logout?.body.get('token')).toBe('tok-123');
    expect(localStorage.length).toBe(0);
    expect(useSession.getState().user).toBeNull();
    expect(useCart.getState().lines).toEqual([]);
    expect(useSession.getState().token).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows the cart with its number of lines and opens the cart panel', async () => {
    const user = userEvent.setup();
    logIn();
    const line = (product_id: number, quantity: number) => ({
      product_id,
      variant_id: product_id * 10,
      frequency_weeks: 0,
      quantity,
      stock_balance: 10,
      unit_price: 1250,
      has_discount: false,
      discount_price: null,
      image: '/images/products/x.jpg',
      name: `Tea ${product_id}`,
      translations: [{ name: `Tea ${product_id}` }, { name: `茶 ${product_id}` }],
      variant_name: '50 g',
      variant_translations: [{ name: '50 g' }, { name: '50 克' }],
    });
    // Two lines, five units: the bubble counts lines.
    expect(useCart.getState().add(line(1, 2)).ok).toBe(true);
    expect(useCart.getState().add(line(2, 3)).ok).toBe(true);
    await renderRoute(<Header />).settled();
    const cart = screen.getByRole('button', { name: 'Cart, 2 items' });
    expect(cart).toHaveTextContent('2');
    expect(useUi.getState().cartOpen).toBe(false);
    await user.click(cart);
    expect(useUi.getState().cartOpen).toBe(true);
    // Adding one more line updates the bubble and the name.
    act(() => {
      useCart.getState().add(line(3, 1));
    });
    expect(screen.getByRole('button', { name: 'Cart, 3 items' })).toHaveTextContent('3');
  });

  it('changing the language stores language=2 and i18nextLng=zh, then reloads', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
    await renderRoute(<Header />).settled();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    await user.selectOptions(select, '中文');
    expect(localStorage.getItem('language')).toBe('2');
    expect(localStorage.getItem('i18nextLng')).toBe('zh');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('opens the Shop mega-menu with categories, types, benefits and tags, each linking to its product list', async () => {
    const user = userEvent.setup();
    const { calls } = mockShellApi();
    await renderRoute(<Header />).settled();
    const shop = screen.getByRole('button', { name: 'Shop' });
    expect(shop).toHaveAttribute('aria-expanded', 'false');
    // Closed, the menu is an empty panel: its content is its own chunk, and its lists are not fetched on a first visit.
    expect(document.getElementById(shop.getAttribute('aria-controls') ?? '')).toBeEmptyDOMElement();
    expect(calls.map((c) => c.path)).not.toContain('/v2/get-category');
    expect(calls.map((c) => c.path)).not.toContain('/v2/get-tags');
    await user.click(shop);
    expect(shop).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(shop.getAttribute('aria-controls') ?? '')!;
    expect(panel).toBeVisible();

    const categories = await within(panel).findByRole('region', { name: 'Shop by category' });
    const links = within(categories).getAllByRole('link');
    expect(links.slice(0, 7).map((a) => a.textContent)).toEqual([
      'BEST SELLERS',
      'ALL TEAS',
      'ACCESSORIES',
      'MATCHA',
      'BUNDLE & SAVE',
      'THE GIFT SHOP',
      'VARIETY PACKS',
    ]);
    expect(within(categories).getByRole('link', { name: 'BUNDLE & SAVE' })).toHaveAttribute(
      'href',
      '/products/bundle-save',
    );
    const types = within(panel).getByRole('region', { name: 'Types' });
    expect(within(types).getByRole('link', { name: 'Black' })).toHaveAttribute('href', '/products?type=black');
    const benefits = within(panel).getByRole('region', { name: 'Benefits' });
    expect(within(benefits).getByRole('link', { name: 'Sleep' })).toHaveAttribute('href', '/products?benefit=sleep');
    expect(within(benefits).queryByRole('link', { name: 'Black' })).not.toBeInTheDocument();
    const tags = within(panel).getByRole('region', { name: 'Tags' });
    expect(within(tags).getByRole('link', { name: 'Minty' })).toHaveAttribute('href', '/products?tag=minty');
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/v2/get-category', '/v2/get-tags']));
    expect(calls[0]?.body.get('lang')).toBe('en');

    // Escape closes it and gives focus back to the Shop button.
    await user.click(within(types).getByRole('link', { name: 'Green' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/products?type=green');
    expect(shop).toHaveAttribute('aria-expanded', 'false');
    await user.click(shop);
    await user.keyboard('{Escape}');
    expect(shop).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    expect(shop).toHaveFocus();
  });

  it('opens the mega-menu from the keyboard (ArrowDown moves into it)', async () => {
    const user = userEvent.setup();
    await renderRoute(<Header />).settled();
    const shop = screen.getByRole('button', { name: 'Shop' });
    shop.focus();
    await user.keyboard('{ArrowDown}');
    expect(shop).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('link', { name: 'BEST SELLERS' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(shop).toHaveFocus();
    expect(shop).toHaveAttribute('aria-expanded', 'false');
  });
});
