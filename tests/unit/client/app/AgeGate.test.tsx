import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AgeGate } from '../../../../src/client/app/layout/AgeGate';
import { setupI18n } from '../../../../src/client/lib/i18n/i18n';
import { zh } from '../../../../src/client/lib/i18n/locales/common.zh';
import { EARLY_AGE_YES } from '../../../../src/common/server-render';

beforeAll(() => {
  setupI18n('en');
});

const REFUSAL = 'Sorry, you are not old enough to enter our website.';

describe('AgeGate', () => {
  it('opens on a first visit as a labelled modal dialog, with focus inside and the page locked', () => {
    render(<AgeGate />);
    const dialog = screen.getByRole('dialog', { name: 'Are you of legal age?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/intended for adults only.*legal smoking age and at least 18/);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('No shows the refusal and stays; nothing is stored', async () => {
    const user = userEvent.setup();
    render(<AgeGate />);
    expect(screen.queryByText(REFUSAL)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('alert')).toHaveTextContent(REFUSAL);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(localStorage.getItem('hasVisited')).toBeNull();
    // Escape does not dismiss it either: Yes is required.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Yes stores the visited flag and closes it, unlocking the page', async () => {
    const user = userEvent.setup();
    render(<AgeGate />);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(localStorage.getItem('hasVisited')).toBe('true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('offers the language inside the gate: choosing 中文 stores it and reloads, and the gate then speaks Chinese', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    const location = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...location, reload } });
    try {
      render(<AgeGate />);
      const dialog = screen.getByRole('dialog', { name: 'Are you of legal age?' });
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Language' }), '中文');
      expect(localStorage.getItem('language')).toBe('2');
      expect(localStorage.getItem('i18nextLng')).toBe('zh');
      expect(reload).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem('hasVisited')).toBeNull();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: location });
    }
    // After the reload: the gate again, in Chinese, with the choice shown.
    cleanup();
    await setupI18n('zh');
    try {
      render(<AgeGate />);
      const dialog = screen.getByRole('dialog');
      expect(dialog).toHaveAccessibleName(zh.ageGate.title);
      expect(within(dialog).getByRole('button', { name: zh.ageGate.yes })).toBeInTheDocument();
      expect(within(dialog).getByRole('combobox')).toHaveValue('zh');
    } finally {
      cleanup();
      await setupI18n('en');
    }
  });

  it('is not shown once the visited flag is stored', () => {
    localStorage.setItem('hasVisited', 'true');
    render(<AgeGate />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('is not shown when its Yes was answered on the server’s markup before the app started, storage or not (027)', () => {
    const storageGet = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new Error('storage disabled');
    };
    document.documentElement.dataset.ageOk = '';
    try {
      render(<AgeGate />);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(document.body.style.overflow).toBe('');
    } finally {
      Storage.prototype.getItem = storageGet;
      delete document.documentElement.dataset.ageOk;
    }
  });

  it('marks its Yes for the page’s start script (the attribute EARLY_AGE_YES names), and only its Yes', () => {
    render(<AgeGate />);
    const marked = document.querySelectorAll(`[${EARLY_AGE_YES.attribute}]`);
    expect([...marked]).toEqual([screen.getByRole('button', { name: 'Yes' })]);
    expect(EARLY_AGE_YES.storageKey).toBe('hasVisited');
  });

  it('keeps Tab within its two buttons and its language select', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">outside</button>
        <AgeGate />
      </>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveFocus();
  });

  it('speaks Chinese when the language is Chinese', async () => {
    await setupI18n('zh');
    try {
      render(<AgeGate />);
      expect(screen.getByRole('dialog', { name: '您是否已达法定年龄？' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '是' })).toBeInTheDocument();
    } finally {
      cleanup();
      await setupI18n('en');
    }
  });
});
