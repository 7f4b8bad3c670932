import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RequireUser, USER_PAGES } from './guards/RequireUser';
import { ErrorPage } from './layout/ErrorPage';
import { PageFallback } from './layout/PageFallback';
import { BareLayout, RootLayout } from './layout/RootLayout';
import { RouteErrorBoundary } from './layout/RouteErrorBoundary';

/**
 * The router in declarative mode (docs/decisions/021: the data router's code weighed 16 KB gzip more, and the shop
 * uses none of its loaders, actions or fetchers). Each screen loads on demand (docs/product.md §3): one React.lazy
 * per page module, its default export is the page; the layouts' Suspense shows PageFallback meanwhile, and their
 * RouteErrorBoundary shows ErrorPage for a render error or a chunk that failed to load.
 */
type Module = { default: ComponentType };
type Load = () => Promise<Module>;
/**
 * A page's lazy element and its loader. Once the module is loaded (`preload`), React.lazy gets it synchronously, so
 * a server-rendered screen hydrates in one pass: the server and the first client render both show the page, not
 * the Suspense fallback (docs/decisions/022).
 */
/** A thenable already resolved with `m`: React.lazy calls `then` synchronously, so it renders the page at once. */
const settled = (m: Module) =>
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (React.lazy's synchronous path)
  ({ then: (done: (value: Module) => void) => done(m) }) as unknown as Promise<Module>;

const lazyPage = (load: Load) => {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const preload = () => {
    loading ??= load().then((m) => {
      loaded = m;
      return m;
    });
    return loading;
  };
  const Page = lazy(() => (loaded ? settled(loaded) : preload()));
  return { element: <Page />, preload };
};
const page = (load: Load) => lazyPage(load).element;

/**
 * The screens the server renders (src/client/entry-server.tsx, docs/decisions/022): their URL patterns and page
 * loader, by name, and the page's source module (the build manifest's key: the server preloads its chunk and
 * inlines its CSS). The client loads the screen's page before it hydrates (main.tsx).
 */
export const SERVER_SCREENS = {
  home: {
    paths: ['/'],
    module: 'src/client/features/home/pages/HomePage.tsx',
    ...lazyPage(() => import('@/features/home/pages/HomePage')),
  },
  products: {
    paths: ['/products', '/products/:categoryId'],
    module: 'src/client/features/catalog/pages/ProductListPage.tsx',
    ...lazyPage(() => import('@/features/catalog/pages/ProductListPage')),
  },
  details: {
    paths: ['/details/:productId'],
    module: 'src/client/features/catalog/pages/ProductDetailPage.tsx',
    ...lazyPage(() => import('@/features/catalog/pages/ProductDetailPage')),
  },
  about: {
    paths: ['/about'],
    module: 'src/client/features/info/pages/AboutPage.tsx',
    ...lazyPage(() => import('@/features/info/pages/AboutPage')),
  },
  faq: {
    paths: ['/faq'],
    module: 'src/client/features/info/pages/FaqPage.tsx',
    ...lazyPage(() => import('@/features/info/pages/FaqPage')),
  },
  shipping: {
    paths: ['/shipping-policy'],
    module: 'src/client/features/info/pages/ShippingPolicyPage.tsx',
    ...lazyPage(() => import('@/features/info/pages/ShippingPolicyPage')),
  },
  terms: {
    paths: ['/terms-of-service'],
    module: 'src/client/features/info/pages/TermsPage.tsx',
    ...lazyPage(() => import('@/features/info/pages/TermsPage')),
  },
  privacy: {
    paths: ['/privacy-policy'],
    module: 'src/client/features/info/pages/PrivacyPage.tsx',
    ...lazyPage(() => import('@/features/info/pages/PrivacyPage')),
  },
};
export type ServerScreen = keyof typeof SERVER_SCREENS;

const Home = SERVER_SCREENS.home.element;
const About = SERVER_SCREENS.about.element;
const ProductList = SERVER_SCREENS.products.element;
const ProductDetail = SERVER_SCREENS.details.element;
const Cart = page(() => import('@/features/cart/pages/CartPage'));
const Faq = SERVER_SCREENS.faq.element;
const ShippingPolicy = SERVER_SCREENS.shipping.element;
const Terms = SERVER_SCREENS.terms.element;
const Privacy = SERVER_SCREENS.privacy.element;
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
      {/* /login has neither header nor footer (docs/product.md §3). */}
      <Route element={<BareLayout />}>
        <Route path="login" element={Login} />
        <Route path="login/:referralCode" element={Login} />
        <Route path="login_be/:telegramUserId/*" element={LoginBe} />
        {/* E-mail for the account (docs/decisions/016): lazy, like every screen. */}
        <Route path="forgot-password" element={ForgotPassword} />
        <Route path="reset-password/:token" element={ResetPassword} />
        <Route path="confirm-email/:token" element={ConfirmEmail} />
      </Route>
    </Routes>
  );
}

/** Where the routes live: the browser's history, or (server render) a StaticRouter at the request's URL. */
export type RouterFrame = (routes: ReactElement) => ReactElement;
const browserFrame: RouterFrame = (routes) => <BrowserRouter>{routes}</BrowserRouter>;

export function AppRouter({ frame = browserFrame }: { frame?: RouterFrame }) {
  // A layout that throws shows the error page alone; a screen that throws keeps its layout (see the layouts).
  return frame(
    <RouteErrorBoundary>
      <AppRoutes />
    </RouteErrorBoundary>,
  );
}
