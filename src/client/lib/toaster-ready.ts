/**
 * Whether the app's Toaster listens yet (docs/decisions/021: sonner loads with the first toast). app/Toasts.tsx calls
 * toasterMounted once its Toaster is mounted; lib/toast.ts waits for `toasterReady` before each toast.
 */
let mounted: () => void;
export const toasterReady = new Promise<void>((resolve) => {
  mounted = resolve;
});
export function toasterMounted() {
  mounted();
}
