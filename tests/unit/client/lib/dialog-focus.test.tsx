import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusables, useDialogFocus } from '../../../../src/client/lib/hooks/use-dialog-focus';

// The modal focus trap (docs/decisions/049): its first and last stops are the browser's own, so Tab never leaves the
// dialog; a dialog that opened with the page gives focus to the page's start when it closes.

afterEach(() => cleanup());

function Dialog({ children, onClose, returnTo }: { children: ReactNode; onClose(): void; returnTo?: 'start' }) {
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref, true, { onEscape: onClose, returnTo });
  return (
    <div ref={ref} role="dialog" aria-modal="true" aria-label="Ask" tabIndex={-1}>
      {children}
    </div>
  );
}

function Page({
  children,
  openAtStart = false,
  returnTo,
}: {
  children: ReactNode;
  openAtStart?: boolean;
  returnTo?: 'start';
}) {
  const [open, setOpen] = useState(openAtStart);
  return (
    <>
      <header>
        <a href="/">Home</a>
      </header>
      <main>
        <h1>Title</h1>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        {open && (
          <Dialog onClose={() => setOpen(false)} returnTo={returnTo}>
            {children}
          </Dialog>
        )}
        <button type="button">After</button>
      </main>
    </>
  );
}

describe('the dialog focus trap', () => {
  it('wraps Tab from a radio group whose checked button is the last stop (not its last button)', async () => {
    const user = userEvent.setup();
    render(
      <Page>
        <button type="button">First</button>
        <label>
          <input type="radio" name="pay" defaultChecked /> Card
        </label>
        <label>
          <input type="radio" name="pay" /> Transfer
        </label>
      </Page>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Card' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('radio', { name: 'Card' })).toHaveFocus();
  });

  it('does not count a hidden input as the last stop', async () => {
    const user = userEvent.setup();
    render(
      <Page>
        <button type="button">Save</button>
        <button type="button">Cancel</button>
        <input type="hidden" name="id" value="7" />
      </Page>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('lists the stops Tab makes: one radio button per group, the checked one, else the first', () => {
    render(
      <div data-testid="root">
        <input type="radio" name="a" aria-label="a1" />
        <input type="radio" name="a" aria-label="a2" />
        <input type="radio" name="b" aria-label="b1" />
        <input type="radio" name="b" aria-label="b2" defaultChecked />
        <button type="button" disabled>
          Off
        </button>
        <button type="button" tabIndex={-1}>
          Skipped
        </button>
        <span hidden>
          <button type="button">Hidden</button>
        </span>
      </div>,
    );
    const names = focusables(screen.getByTestId('root')).map((el) => el.getAttribute('aria-label') ?? el.textContent);
    expect(names).toEqual(['a1', 'b2']);
  });

  it('gives focus back to the opener on Escape', async () => {
    const user = userEvent.setup();
    render(
      <Page>
        <button type="button">Inside</button>
      </Page>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it("a dialog that opened with the page gives focus to the page's first control (returnTo: 'start')", async () => {
    const user = userEvent.setup();
    render(
      <Page openAtStart returnTo="start">
        <button type="button">Inside</button>
      </Page>,
    );
    expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
  });

  it("without returnTo, the screen's title (the opener was the page itself)", async () => {
    const user = userEvent.setup();
    render(
      <Page openAtStart>
        <button type="button">Inside</button>
      </Page>,
    );
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toHaveFocus();
  });
});
