import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { ApiError } from '@/lib/api/client';
import { appearance } from '@/lib/telegram/init';
import { telegramPlatform } from '@/lib/telegram/launch';
import { useUi } from '@/stores/ui-store';
import { AppRouter } from './router';

// sonner loads with the first toast (lib/toast.ts), not with the first screen (issue 15).
const Toasts = lazy(() => import('./Toasts'));

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // Refusals (4xx) are answers, not network trouble: do not retry them.
      retry: (count, err) => !(err instanceof ApiError && err.code >= 400 && err.code < 500) && count < 2,
    },
  },
});

/** Providers: data cache, the app's root (theme and platform: styles.css `.app-root`), router, toasts once one is asked for (app/Toasts.tsx). */
export function App() {
  const platform = telegramPlatform();
  const theme = appearance();
  const toasterWanted = useUi((s) => s.toasterWanted);
  return (
    <QueryClientProvider client={queryClient}>
      <div
        className="app-root"
        data-appearance={theme}
        data-platform={platform === 'ios' || platform === 'macos' ? 'ios' : 'base'}
      >
        <AppRouter />
        {toasterWanted && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </div>
    </QueryClientProvider>
  );
}
