import { act, render, screen } from '@testing-library/react';
import { App } from '../../../../src/client/app/App';
import { notify, toast } from '../../../../src/client/lib/toast';
import { useUi } from '../../../../src/client/stores/ui-store';
import { mockApi } from '../toolkit';

// docs/decisions/021: sonner is not in the first load. The app mounts its Toaster on the first toast, and a toast
// asked for before the Toaster listens still shows (none lost), as do the ones after it.
describe('lazy toasts', () => {
  it('mounts the Toaster on the first toast and shows every toast, the first one included', async () => {
    mockApi({});
    window.history.pushState({}, '', '/about');
    render(<App />);
    expect(useUi.getState().toasterWanted).toBe(false);
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    act(() => notify.error('First, before any Toaster'));
    act(() => toast.success('Second, right after'));
    expect(useUi.getState().toasterWanted).toBe(true);
    expect(await screen.findByText('First, before any Toaster')).toBeInTheDocument();
    expect(await screen.findByText('Second, right after')).toBeInTheDocument();
    expect(document.querySelector('[data-sonner-toaster]')).not.toBeNull();

    act(() => notify.info('Third, once it is there'));
    expect(await screen.findByText('Third, once it is there')).toBeInTheDocument();
  });
});
