import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { ApiError } from '../lib/api/client';
import { appearance } from '../lib/telegram/init';
import { telegramPlatform } from '../lib/telegram/launch';
import { router } from './router';
import '@telegram-apps/telegram-ui/dist/styles.css';

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

/** Providers: data cache, Telegram UI root (theme and platform), router, toasts (spec §9: 3 s, bottom-centre, at most 3). */
export function App() {
  const platform = telegramPlatform();
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoot appearance={appearance()} platform={platform === 'ios' || platform === 'macos' ? 'ios' : 'base'}>
        <RouterProvider router={router} />
        <Toaster position="bottom-center" duration={3000} visibleToasts={3} gap={10} offset={30} closeButton={false} />
      </AppRoot>
    </QueryClientProvider>
  );
}
