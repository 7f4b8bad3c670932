import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorPage } from '../../../../src/client/app/layout/ErrorPage';
import { RootLayout } from '../../../../src/client/app/layout/RootLayout';
import { useDialogFocus } from '../../../../src/client/lib/hooks/use-dialog-focus';
import { mockShellApi, renderRoute, renderRoutes } from '../toolkit';

beforeEach(() => {
  localStorage.setItem('hasVisited', 'true');
  document.title = 'Leaf & Cup';
});
afterEach(() => cleanup());

function Dialog({ onClose }: { onClose(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, true, { onEscape: onClose });
  return (
    <div ref={ref} role="dialog" aria-modal="true" aria-label="Order">
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

/** A screen whose dialog is open from the start (as the order screen right after checkout). */
function Screen({ openAtStart }: { openAtStart: boolean }) {
  const [open, setOpen] = useState(openAtStart);
  return (
    <main>
      <h1>Order History</h1>
      <button type="button" onClick={() => setOpen(true)}>
        View
      </button>
      {open && <Dialog onClose={() => setOpen(false)} />}
    </main>
  );
}

describe('dialog focus on close', () => {
  it('returns to the control that opened the dialog', async () => {
    const user = userEvent.setup();
    render(<Screen openAtStart={false} />);
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'View' })).toHaveFocus();
  });

  it("goes to the screen's title when nothing had focus before (not lost on the body)", async () => {
    const user = userEvent.setup();
    render(<Screen openAtStart />);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Order History' })).toHaveFocus();
    expect(document.body).not.toHaveFocus();
  });
});

describe('document title', () => {
  function Titled() {
    useEffect(() => {
      document.title = 'Your Cart · Leaf & Cup';
    }, []);
    return (
      <main>
        <h1>Your Cart</h1>
        <Link to="/untitled">Next</Link>
      </main>
    );
  }
  function Untitled() {
    return (
      <main>
        <h1>Checkout</h1>
      </main>
    );
  }

  it("does not keep the last screen's title on a screen that sets none", async () => {
    mockShellApi();
    const user = userEvent.setup();
    const { client } = renderRoutes(
      [
        {
          element: <RootLayout />,
          children: [
            { path: '/titled', Component: Titled },
            { path: '/untitled', Component: Untitled },
          ],
        },
      ],
      '/titled',
    );
    await screen.findByRole('heading', { level: 1, name: 'Your Cart' });
    expect(document.title).toBe('Your Cart · Leaf & Cup');
    await user.click(screen.getByRole('link', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    expect(document.title).toBe('Leaf & Cup');
    await waitFor(() => expect(client.isFetching()).toBe(0));
    await act(async () => {});
  });

  it('names the not-found page', () => {
    renderRoute(<ErrorPage notFound />, { path: '/x/y' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Leaf & Cup');
  });
});
