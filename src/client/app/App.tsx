import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { ApiError } from '@/lib/api/client';
import { appearance } from '@/lib/telegram/init';
import { telegramPlatform } from '@/lib/telegram/launch';
import { useUi } from '@/stores/ui-store';
import { AppRouter } from './router';
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
  const theme = appearance();
  const { t } = useTranslation();
  // The open cart panel's footer (subtotal, Continue Shopping, Secure Checkout) fills the bottom of the panel:
  // toasts then sit above it instead of covering its buttons.
  const cartOpen = useUi((s) => s.cartOpen);
  const bottom = `calc(${cartOpen ? 142 : 30}px + var(--safe-bottom, 0px))`;
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoot appearance={theme} platform={platform === 'ios' || platform === 'macos' ? 'ios' : 'base'}>
        <AppRouter />
        <Toaster
          position="bottom-center"
          duration={3000}
          visibleToasts={3}
          gap={10}
          offset={{ top: 30, right: 30, bottom, left: 30 }}
          mobileOffset={{ top: 16, right: 16, bottom, left: 16 }}
          closeButton={false}
          theme={theme}
          containerAriaLabel={t('common.notifications')}
        />
      </AppRoot>
    </QueryClientProvider>
  );
}
