import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RequireUser, USER_PAGES } from './guards/RequireUser';
import { ErrorPage } from './layout/ErrorPage';
import { PageFallback } from './layout/PageFallback';
import { BareLayout, RootLayout } from './layout/RootLayout';
import { RouteErrorBoundary } from './layout/RouteErrorBoundary';

/**
 * The router in declarative mode (issue 15: the data router's code weighed 16 KB gzip more, and the shop uses none
 * of its loaders, actions or fetchers). Each screen loads on demand (spec §2): one React.lazy per page module, its
 * default export is the page; the layouts' Suspense shows PageFallback meanwhile, and their RouteErrorBoundary
 * shows ErrorPage for a render error or a chunk that failed to load.
 */
type Load = () => Promise<{ default: ComponentType }>;
const page = (load: Load) => {
  const Page = lazy(load);
  return <Page />;
};

const Home = page(() => import('@/features/home/pages/HomePage'));
const About = page(() => import('@/features/info/pages/AboutPage'));
const ProductList = page(() => import('@/features/catalog/pages/ProductListPage'));
const ProductDetail = page(() => import('@/features/catalog/pages/ProductDetailPage'));
const Cart = page(() => import('@/features/cart/pages/CartPage'));
const Faq = page(() => import('@/features/info/pages/FaqPage'));
const ShippingPolicy = page(() => import('@/features/info/pages/ShippingPolicyPage'));
const Terms = page(() => import('@/features/info/pages/TermsPage'));
const Privacy = page(() => import('@/features/info/pages/PrivacyPage'));
const ReferralHome = page(() => import('./pages/ReferralHomePage'));
const Login = page(() => import('@/features/auth/pages/LoginPage'));
const LoginBe = page(() => import('@/features/auth/pages/LoginBePage'));
const ForgotPassword = page(() => import('@/features/auth/pages/ForgotPasswordPage'));
const ResetPassword = page(() => import('@/features/auth/pages/ResetPasswordPage'));
const ConfirmEmail = page(() => import('@/features/auth/pages/ConfirmEmailPage'));
// The back office (docs/decisions/013): its own frame and routes, loaded only when opened.
const Admin = page(() => import('./admin/AdminApp'));

/** Pages that need a user, each behind its guard (app/guards/RequireUser.tsx), then loaded. */
const USER_ROUTES: Record<keyof typeof USER_PAGES, ReactElement> = {
  checkout: page(() => import('@/features/checkout/pages/CheckoutPage')),
  order: page(() => import('@/features/orders/pages/OrdersPage')),
  profile: page(() => import('@/features/profile/pages/ProfilePage')),
  cashReward: page(() => import('@/features/cash-reward/pages/CashRewardPage')),
  subscriptions: page(() => import('@/features/subscriptions/pages/SubscriptionsPage')),
  affiliate: page(() => import('@/features/affiliate/pages/AffiliatePage')),
  referral: page(() => import('@/features/referral/pages/ReferralPage')),
};

/** The shop's routes (the app wraps them in a BrowserRouter; tests may use a MemoryRouter). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={Home} />
        <Route path="about" element={About} />
        <Route path="products" element={ProductList} />
        <Route path="products/:categoryId" element={ProductList} />
        <Route path="details/:productId" element={ProductDetail} />
        <Route path="cart" element={Cart} />
        {Object.entries(USER_ROUTES).map(([path, element]) => (
          <Route key={path} element={<RequireUser {...USER_PAGES[path as keyof typeof USER_PAGES]} />}>
            <Route path={path} element={element} />
          </Route>
        ))}
        <Route path="faq" element={Faq} />
        <Route path="shipping-policy" element={ShippingPolicy} />
        <Route path="terms-of-service" element={Terms} />
        <Route path="privacy-policy" element={Privacy} />
        {/* `/{referral_code}`: home with a referral code; an unknown code shows the not-found page. */}
        <Route path=":referralCode" element={ReferralHome} />
        <Route path="*" element={<ErrorPage notFound />} />
      </Route>
      <Route
        path="admin/*"
        element={
          <RouteErrorBoundary>
            <Suspense fallback={<PageFallback />}>{Admin}</Suspense>
          </RouteErrorBoundary>
        }
      />
      {/* /login has neither header nor footer (spec §2). */}
      <Route element={<BareLayout />}>
        <Route path="login" element={Login} />
        <Route path="login/:referralCode" element={Login} />
        <Route path="login_be/:telegramUserId/*" element={LoginBe} />
        {/* E-mail for the account (issue 14): lazy, like every screen. */}
        <Route path="forgot-password" element={ForgotPassword} />
        <Route path="reset-password/:token" element={ResetPassword} />
        <Route path="confirm-email/:token" element={ConfirmEmail} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      {/* A layout that throws shows the error page alone; a screen that throws keeps its layout (see the layouts). */}
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
