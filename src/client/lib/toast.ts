import { toast } from 'sonner';
import { haptic } from './telegram/haptics';

/**
 * The app's toasts (sonner; the Toaster in App.tsx shows them 3 s, bottom-centre, at most 3: spec §9).
 * Errors also buzz inside Telegram (docs/decisions/008).
 */
export const notify = {
  success(message: string) {
    return toast.success(message);
  },
  error(message: string) {
    haptic('error');
    return toast.error(message);
  },
  info(message: string) {
    return toast.info(message);
  },
};
