import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireUser, USER_PAGES } from './guards/RequireUser';
import { ErrorPage } from './layout/ErrorPage';
import { PageFallback } from './layout/PageFallback';
import { BareLayout, RootLayout } from './layout/RootLayout';

/** Each screen loads on demand (spec §2): its module's default export is the page. */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** A page that needs a user: its guard (app/guards/RequireUser.tsx) wraps it, then the page loads. */
const userPage = (path: keyof typeof USER_PAGES, load: () => Promise<{ default: ComponentType }>): RouteObject => ({
  element: <RequireUser {...USER_PAGES[path]} />,
  children: [{ path, ...page(load) }],
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      { index: true, ...page(() => import('@/features/home/pages/HomePage')) },
      { path: 'about', ...page(() => import('@/features/info/pages/AboutPage')) },
      { path: 'products', ...page(() => import('@/features/catalog/pages/ProductListPage')) },
      { path: 'products/:categoryId', ...page(() => import('@/features/catalog/pages/ProductListPage')) },
      { path: 'details/:productId', ...page(() => import('@/features/catalog/pages/ProductDetailPage')) },
      { path: 'cart', ...page(() => import('@/features/cart/pages/CartPage')) },
      userPage('checkout', () => import('@/features/checkout/pages/CheckoutPage')),
      userPage('order', () => import('@/features/orders/pages/OrdersPage')),
      userPage('profile', () => import('@/features/profile/pages/ProfilePage')),
      userPage('cashReward', () => import('@/features/cash-reward/pages/CashRewardPage')),
      userPage('subscriptions', () => import('@/features/subscriptions/pages/SubscriptionsPage')),
      userPage('affiliate', () => import('@/features/affiliate/pages/AffiliatePage')),
      userPage('referral', () => import('@/features/referral/pages/ReferralPage')),
      { path: 'faq', ...page(() => import('@/features/info/pages/FaqPage')) },
      { path: 'shipping-policy', ...page(() => import('@/features/info/pages/ShippingPolicyPage')) },
      { path: 'terms-of-service', ...page(() => import('@/features/info/pages/TermsPage')) },
      { path: 'privacy-policy', ...page(() => import('@/features/info/pages/PrivacyPage')) },
      // `/{referral_code}`: home with a referral code; an unknown code shows the not-found page.
      { path: ':referralCode', ...page(() => import('./pages/ReferralHomePage')) },
      { path: '*', element: <ErrorPage notFound /> },
    ],
  },
  {
    // The back office (docs/decisions/013): its own frame and routes, loaded only when opened.
    path: 'admin/*',
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageFallback />,
    ...page(() => import('./admin/AdminApp')),
  },
  {
    // /login has neither header nor footer (spec §2).
    element: <BareLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      { path: 'login', ...page(() => import('@/features/auth/pages/LoginPage')) },
      { path: 'login/:referralCode', ...page(() => import('@/features/auth/pages/LoginPage')) },
      { path: 'login_be/:telegramUserId/*', ...page(() => import('@/features/auth/pages/LoginBePage')) },
      // E-mail for the account (issue 14): lazy, like every screen.
      { path: 'forgot-password', ...page(() => import('@/features/auth/pages/ForgotPasswordPage')) },
      { path: 'reset-password/:token', ...page(() => import('@/features/auth/pages/ResetPasswordPage')) },
      { path: 'confirm-email/:token', ...page(() => import('@/features/auth/pages/ConfirmEmailPage')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
