import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ErrorPage } from './layout/ErrorPage';
import { PageFallback } from './layout/PageFallback';
import { BareLayout, RootLayout } from './layout/RootLayout';

/** Each screen loads on demand (spec §2): its module's default export is the page. */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      { index: true, ...page(() => import('../features/home/pages/HomePage')) },
      { path: 'about', ...page(() => import('../features/info/pages/AboutPage')) },
      { path: 'products', ...page(() => import('../features/catalog/pages/ProductListPage')) },
      { path: 'products/:categoryId', ...page(() => import('../features/catalog/pages/ProductListPage')) },
      { path: 'details/:productId', ...page(() => import('../features/catalog/pages/ProductDetailPage')) },
      { path: 'cart', ...page(() => import('../features/cart/pages/CartPage')) },
      { path: 'checkout', ...page(() => import('../features/checkout/pages/CheckoutPage')) },
      { path: 'order', ...page(() => import('../features/orders/pages/OrdersPage')) },
      { path: 'profile', ...page(() => import('../features/profile/pages/ProfilePage')) },
      { path: 'cashReward', ...page(() => import('../features/rewards/pages/CashRewardPage')) },
      { path: 'subscriptions', ...page(() => import('../features/subscriptions/pages/SubscriptionsPage')) },
      { path: 'affiliate', ...page(() => import('../features/affiliate/pages/AffiliatePage')) },
      { path: 'referral', ...page(() => import('../features/referral/pages/ReferralPage')) },
      { path: 'faq', ...page(() => import('../features/info/pages/FaqPage')) },
      { path: 'shipping-policy', ...page(() => import('../features/info/pages/ShippingPolicyPage')) },
      { path: 'terms-of-service', ...page(() => import('../features/info/pages/TermsPage')) },
      { path: 'privacy-policy', ...page(() => import('../features/info/pages/PrivacyPage')) },
      // `/{referral_code}`: home with a referral code; an unknown code shows the not-found page.
      { path: ':referralCode', ...page(() => import('../features/referral/pages/ReferralHomePage')) },
      { path: '*', element: <ErrorPage notFound /> },
    ],
  },
  {
    // /login has neither header nor footer (spec §2).
    element: <BareLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      { path: 'login', ...page(() => import('../features/auth/pages/LoginPage')) },
      { path: 'login/:referralCode', ...page(() => import('../features/auth/pages/LoginPage')) },
      { path: 'login_be/:telegramUserId/*', ...page(() => import('../features/auth/pages/LoginBePage')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
