import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { ApiError } from '@/lib/api/client';
import { markLive } from '@/lib/ssr/boot';
import { useAppLooks } from '@/lib/telegram/init';
import { useUi } from '@/stores/ui-store';
import { AppRouter, type RouterFrame } from './router';

// sonner loads with the first toast (lib/toast.ts), not with the first screen (docs/decisions/021).
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
  // The app is live (rendered, or a server-rendered page hydrated: docs/decisions/022): tests wait for this.
  useEffect(() => {
    markLive();
  }, []);
  return (
    <QueryClientProvider client={client}>
      <AppRoot>
        <AppRouter frame={frame} />
        <ToastsWhenWanted />
      </AppRoot>
    </QueryClientProvider>
  );
}

/**
 * The app's root element in Telegram's theme and platform (styles.css `.app-root`). When they change (right after a
 * hydration inside Telegram, docs/decisions/027) this element alone draws again: its children are the same elements.
 */
function AppRoot({ children }: { children: ReactNode }) {
  const looks = useAppLooks();
  return (
    <div className="app-root" data-appearance={looks.appearance} data-platform={looks.platform}>
      {children}
    </div>
  );
}

/** The toasts, once one is asked for (lib/toast.ts); asking draws this alone, not the app. */
function ToastsWhenWanted() {
  const wanted = useUi((s) => s.toasterWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
