import { beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
const haptics = vi.hoisted(() => ({ haptic: vi.fn() }));
vi.mock('sonner', () => ({ toast: sonner }));
vi.mock('../../../../src/client/lib/telegram/haptics', () => haptics);

const { notify } = await import('../../../../src/client/lib/toast');

describe('notify (lib/toast)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('shows success and info toasts without haptics', () => {
    notify.success('Profile updated successfully');
    notify.info('Please wait...');
    expect(sonner.success).toHaveBeenCalledWith('Profile updated successfully');
    expect(sonner.info).toHaveBeenCalledWith('Please wait...');
    expect(haptics.haptic).not.toHaveBeenCalled();
  });

  it('shows error toasts with an error haptic', () => {
    notify.error('Not Enough Stock');
    expect(sonner.error).toHaveBeenCalledWith('Not Enough Stock');
    expect(haptics.haptic).toHaveBeenCalledWith('error');
  });
});
