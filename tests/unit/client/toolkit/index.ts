/**
 * The client test toolkit: one way to stub the API (typed by the contract's paths), one render helper (router, query
 * client, Telegram UI root, Toaster, i18n), the fixtures, the fake Telegram host and SDK.
 */
export { mockIntersectionObserver } from './browser';
export { cartLine, lineInput } from './fixtures/cart';
export { card, product, productDetails, review } from './fixtures/catalog';
export { address, bankTransfer, cardMethod, orderDetails, paymentLink, states, summary } from './fixtures/checkout';
export { CATEGORIES, TAGS } from './fixtures/shell';
export { logIn, makeUser } from './fixtures/users';
export { guarded } from './guarded';
export { type Answer, type Call, type Handler, type Handlers, mockApi } from './mock-api';
export { allowSlowScreens, type RenderOptions, renderRoute, renderRoutes, type TestRoute } from './render';
export { mockShellApi } from './shell';
export { resetStores } from './stores';
export {
  installFakeSdk,
  installTelegramHost,
  leaveTelegram,
  openInTelegram,
  removeSdk,
  sdkFunction,
  storeLaunchCopy,
  testInitData,
} from './telegram';
