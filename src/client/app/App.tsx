import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { ApiError } from '@/lib/api/client';
import { markLive } from '@/lib/ssr/boot';
import { useAppLooks } from '@/lib/telegram/init';
import { useUi } from '@/stores/ui-store';
import { AppRouter, type RouterFrame } from './router';

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

/** Providers: data cache, the app's root (theme and platform: styles.css `.app-root`), router, toasts once one is asked for (app/Toasts.tsx). The
 * server render (entry-server.tsx) passes its own data cache and a StaticRouter frame. */
export function App({ client = queryClient, frame }: { client?: QueryClient; frame?: RouterFrame } = {}) {
  const root = useAppLooks();
  const toasterWanted = useUi((s) => s.toasterWanted);
  // The app is live (rendered, or a server-rendered page hydrated: docs/decisions/022): tests wait for this.
  useEffect(() => {
    markLive();
  }, []);
  return (
    <QueryClientProvider client={client}>
      <div className="app-root" data-appearance={root.appearance} data-platform={root.platform}>
        <AppRouter frame={frame} />
        {toasterWanted && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </div>
    </QueryClientProvider>
  );
}
