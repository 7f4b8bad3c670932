import { beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
const haptics = vi.hoisted(() => ({ haptic: vi.fn() }));
vi.mock('sonner', () => ({ toast: sonner }));
vi.mock('../../../../src/client/lib/telegram/haptics', () => haptics);

const { notify } = await import('../../../../src/client/lib/toast');
const { toasterMounted } = await import('../../../../src/client/lib/toaster-ready');
// The app's Toaster is mounted (lib/toast waits for it: docs/decisions/021; tests/unit/client/lib/toast.test.tsx
// covers the wait).
toasterMounted();

describe('notify (lib/toast)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('shows success and info toasts without haptics', async () => {
    notify.success('Profile updated successfully');
    notify.info('Please wait...');
    await vi.waitFor(() => expect(sonner.success).toHaveBeenCalledWith('Profile updated successfully', undefined));
    await vi.waitFor(() => expect(sonner.info).toHaveBeenCalledWith('Please wait...', undefined));
    expect(haptics.haptic).not.toHaveBeenCalled();
  });

  it('shows error toasts with an error haptic', async () => {
    notify.error('Not Enough Stock', { id: 'stock' });
    await vi.waitFor(() => expect(sonner.error).toHaveBeenCalledWith('Not Enough Stock', { id: 'stock' }));
    expect(haptics.haptic).toHaveBeenCalledWith('error');
  });
});
