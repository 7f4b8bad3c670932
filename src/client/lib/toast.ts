import type { ExternalToast } from 'sonner';
import { useUi } from '@/stores/ui-store';
import { haptic } from './telegram/haptics';
import { toasterReady } from './toaster-ready';

type Kind = 'success' | 'error' | 'info';
type Options = Pick<ExternalToast, 'id'>;

/**
 * sonner stays out of the first load (docs/decisions/021): the first toast asks the app to mount its Toaster (lazy),
 * then each toast waits for it, so none is lost (a toast sent before a Toaster listens would not show).
 */
let sonner: Promise<typeof import('sonner')> | undefined;
function show(kind: Kind, message: string, options?: Options) {
  useUi.getState().wantToaster();
  sonner ??= import('sonner');
  void Promise.all([sonner, toasterReady]).then(([{ toast }]) => toast[kind](message, options));
}

/**
 * The app's toasts (sonner; the Toaster of app/Toasts.tsx shows them 3 s, bottom-centre, at most 3:
 * docs/product.md §2). `id` replaces a toast with the same id instead of adding one. For screens that buzz on their own.
 */
export const toast = {
  success(message: string, options?: Options) {
    show('success', message, options);
  },
  error(message: string, options?: Options) {
    show('error', message, options);
  },
  info(message: string, options?: Options) {
    show('info', message, options);
  },
};

/** The toasts, and errors also buzz inside Telegram (docs/decisions/008). */
export const notify = {
  success: toast.success,
  error(message: string, options?: Options) {
    haptic('error');
    toast.error(message, options);
  },
  info: toast.info,
};
