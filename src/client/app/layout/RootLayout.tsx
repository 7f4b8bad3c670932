import { lazy, Suspense, useCallback, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { usePendingCartLine } from '@/entities/cart/add-to-cart';
import { useCartSync } from '@/entities/cart/use-cart-sync';
import { useTelegramAutoLogin } from '@/features/auth/use-telegram-auto-login';
import { useUserInfoSync } from '@/features/auth/use-user-info-sync';
import { CartPanelHost } from '@/features/cart/components/CartPanelHost';
import { ReferralParamWatcher } from '@/features/referral/ReferralParamWatcher';
import { setUnauthorizedHandler } from '@/lib/api/client';
import { storage } from '@/lib/storage/storage';
import { useTelegramBackButton } from '@/lib/telegram/back-button';
import { useIsInTelegram } from '@/lib/telegram/launch';
import { SHOP_TITLE } from '@/lib/use-page-title';
import { useSession } from '@/stores/session-store';
import { AgeGate } from './AgeGate';
import { FirstScreenReady } from './FirstScreenReady';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageFallback } from './PageFallback';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** Needed only inside Telegram (a shared product's start parameter): loaded there, never in a browser's first load. */
const TelegramStartWatcher = lazy(() =>
  import('@/features/referral/TelegramStartWatcher').then((m) => ({ default: m.TelegramStartWatcher })),
);

// A layout effect in the browser; nothing on the server, which renders the first screens (docs/decisions/022).
const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Route-level chores shared by the layouts and the back office's: scroll to top, the title,
 * 401 handling, the user's info. Telegram's BackButton is `TelegramBackButton`, rendered next to it.
 */
export function useShellEffects() {
  const location = useLocation();
  const navigate = useNavigate();

  // The page scrolls to the top on each route change (docs/product.md §2).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // A new screen starts from the shop's name, so a screen that sets no title of its own does not keep the
  // last one's. (A layout effect runs before the screens' own effects, which then set theirs.)
  useBeforePaint(() => {
    document.title = SHOP_TITLE;
  }, [location.pathname]);

  // docs/decisions/002: HTTP 401 and body code 401 both clear storage and the user, and go home.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      storage.clear();
      useSession.getState().clear();
      navigate('/', { replace: true });
    });
  }, [navigate]);

  // User info on each route change (docs/product.md §2, Sessions); a guest's pending "Add to cart" once logged in.
  useUserInfoSync();
  usePendingCartLine();
  // The cart follows the customer's saved cart (docs/decisions/052).
  useCartSync();
  // docs/decisions/001: inside Telegram, a linked Telegram user is logged in with no password.
  useTelegramAutoLogin();
}

/**
 * docs/decisions/008: Telegram's BackButton on every route but `home`; back, or home when there is no history. A
 * component of its own, so the SDK's arrival (useSdk) draws it alone, not the layout around the screen.
 */
export function TelegramBackButton({ home = '/' }: { home?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const goBack = useCallback(() => {
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(home, { replace: true });
  }, [navigate, home]);
  useTelegramBackButton(location.pathname !== home, goBack);
  return null;
}

export function RootLayout() {
  useShellEffects();
  return (
    <div className="shell">
      <TelegramBackButton />
      <Header />
      <div className="shell__content">
        <RouteErrorBoundary>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
            <FirstScreenReady />
          </Suspense>
        </RouteErrorBoundary>
      </div>
      <Footer />
      <CartPanelHost />
      <ReferralParamWatcher />
      <TelegramStartWatcherInTelegram />
      <AgeGate />
    </div>
  );
}

/** /login and its variants: no header, no footer (docs/product.md §3). */
export function BareLayout() {
  useShellEffects();
  return (
    <div className="shell shell--bare">
      <TelegramBackButton />
      <RouteErrorBoundary>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
          <FirstScreenReady />
        </Suspense>
      </RouteErrorBoundary>
      <AgeGate />
    </div>
  );
}

/** Inside Telegram only; the host check's answer draws this alone, not the layout. */
function TelegramStartWatcherInTelegram() {
  const inTelegram = useIsInTelegram();
  return inTelegram ? (
    <Suspense fallback={null}>
      <TelegramStartWatcher />
    </Suspense>
  ) : null;
}
