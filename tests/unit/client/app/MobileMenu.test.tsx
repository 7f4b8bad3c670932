import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Header } from '../../../../src/client/app/layout/Header';
import { useSession } from '../../../../src/client/stores/session-store';
import { logIn, makeUser, mockShellApi, renderRoute } from '../toolkit';

beforeEach(() => {
  mockShellApi();
});

afterEach(() => {
  cleanup();
  useSession.getState().clear();
});

const panel = (id: string) => document.querySelector<HTMLElement>(`[data-panel="${id}"]`)!;
const activePanel = () => document.querySelector<HTMLElement>('.side-menu__panel[aria-hidden="false"]')?.dataset.panel;

async function openMenu() {
  const user = userEvent.setup();
  const shell = renderRoute(<Header />);
  await shell.settled();
  const burger = screen.getByRole('button', { name: 'Open menu' });
  // Not in the DOM (nor its code in the first load) until opened: the side menu is its own chunk.
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await user.click(burger);
  const dialog = await screen.findByRole('dialog', { name: 'Menu' });
  return { user, burger, dialog };
}

describe('MobileMenu', () => {
  it('opens as a modal dialog from the hamburger, locks the page scroll, and focuses inside', async () => {
    const { burger, dialog } = await openMenu();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    // The lock and the focus are effects: they follow the dialog's first paint (on a loaded machine, not at once).
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close menu' })).toHaveFocus());
    expect(activePanel()).toBe('main');
    expect(within(dialog).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(dialog).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    // Logged out: a Log in entry, no Account.
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(dialog).queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
    // Social icons.
    expect(within(dialog).getByRole('link', { name: 'Open our Telegram channel' })).toHaveAttribute(
      'href',
      'https://t.me/leafandcup',
    );
    expect(within(dialog).getByRole('link', { name: 'Chat with us on WhatsApp' })).toBeInTheDocument();
  });

  it('slides into Shop, then Types / Benefits / Tags, and back', async () => {
    const { user, dialog } = await openMenu();
    await user.click(within(dialog).getByRole('button', { name: 'Shop' }));
    expect(activePanel()).toBe('shop');
    expect(panel('main')).toHaveAttribute('aria-hidden', 'true');
    expect(panel('main')).toHaveClass('side-menu__panel--before');
    expect(panel('type')).toHaveClass('side-menu__panel--after');
    // Hidden panels are out of reach: only the active panel's entries are exposed.
    expect(within(dialog).queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'MATCHA' })).toHaveAttribute('href', '/products/matcha');
    expect(within(dialog).getByRole('button', { name: 'Back' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Benefits' }));
    expect(activePanel()).toBe('benefit');
    expect(within(dialog).getByRole('heading', { name: 'Benefits' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Relaxation' })).toHaveAttribute(
      'href',
      '/products?benefit=relaxation',
    );
    expect(within(dialog).queryByRole('link', { name: 'Black' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(activePanel()).toBe('shop');
    // Focus returns to the entry that opened the submenu.
    expect(within(dialog).getByRole('button', { name: 'Benefits' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Tags' }));
    expect(within(dialog).getByRole('link', { name: 'Minty' })).toHaveAttribute('href', '/products?tag=minty');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Types' }));
    await user.click(within(dialog).getByRole('link', { name: 'Green' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/products?type=green');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('navigates to a category and closes', async () => {
    const { user, dialog } = await openMenu();
    await user.click(within(dialog).getByRole('button', { name: 'Shop' }));
    await user.click(within(dialog).getByRole('link', { name: 'THE GIFT SHOP' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/products/gift-shop');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('Escape closes it, unlocks the page and returns focus to the hamburger', async () => {
    const { user, burger, dialog } = await openMenu();
    await user.click(within(dialog).getByRole('button', { name: 'Shop' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(burger).toHaveFocus();
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click on the backdrop closes it', async () => {
    const { user } = await openMenu();
    await user.click(document.querySelector<HTMLElement>('.side-menu__backdrop')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user, dialog } = await openMenu();
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(close).not.toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });

  it('logged in: Account links to /profile, with the account entries and Log out', async () => {
    logIn(makeUser({ is_agent: 1 }));
    const { user, dialog } = await openMenu();
    expect(within(dialog).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/profile');
    expect(within(dialog).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Affiliate' })).toHaveAttribute('href', '/affiliate');
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(useSession.getState().user).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the WeChat icon shows a QR code tooltip that closes on scroll', async () => {
    const { user, dialog } = await openMenu();
    const wechat = within(dialog).getByRole('button', { name: 'WeChat' });
    await user.click(wechat);
    expect(wechat).toHaveAttribute('aria-expanded', 'true');
    const tooltip = within(dialog).getByRole('tooltip');
    expect(tooltip).toBeVisible();
    await waitFor(() => expect(tooltip.querySelector('svg')).not.toBeNull());
    expect(tooltip).toHaveTextContent('Scan the QR code to add us on WeChat');
    fireEvent.scroll(panel('main'));
    expect(wechat).toHaveAttribute('aria-expanded', 'false');
    expect(tooltip).not.toBeVisible();
    // Escape closes the tooltip first, not the menu.
    await user.click(wechat);
    await user.keyboard('{Escape}');
    expect(wechat).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
