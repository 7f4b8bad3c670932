import type { ProductDetails } from '@common/contract/catalog';
import type { StockAlert } from '@common/contract/stock-alerts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductDetailPage from '../../../../src/client/features/catalog/pages/ProductDetailPage';
import { resetMainButton } from '../../../../src/client/lib/telegram/main-button';
import { useSession } from '../../../../src/client/stores/session-store';
import { installFakeSdk, logIn, mockApi, productDetails, removeSdk, renderRoutes } from '../toolkit';

// "Notify me when available" on the product page (docs/decisions/018): where Add to cart would be for a product out
// of stock or coming soon; the customer's alert is its own call (the product's details stay public); a guest logs in
// and comes back to a set alert; inside Telegram the MainButton is "Notify me when available" until the alert is set.

const routes = [{ path: '/details/:productId', Component: ProductDetailPage }];

const soldOut = (overrides: Partial<ProductDetails> = {}) =>
  productDetails({
    stock_state: 'out_of_stock',
    stock_balance: 0,
    variants: productDetails().variants.map((v) => ({ ...v, stock: 0 })),
    ...overrides,
  });

/** The API with the product and a server-side alert store (`alert`: the one set when the page opens). */
function serve(
  product: ProductDetails,
  opts: { alert?: StockAlert | null; refuse?: string; readFails?: { now: boolean }; offline?: boolean } = {},
) {
  let alert = opts.alert ?? null;
  const api = mockApi({
    '/v2/get-product-details': () => ({ data: { product } }),
    '/v2/get-product-reviews': () => ({ data: { reviews: [], next_cursor: null } }),
    '/v2/get-stock-alert': () =>
      opts.readFails?.now ? { status: 500, message: 'Something went wrong' } : { data: { alert } },
    '/v2/set-stock-alert': (body) => {
      if (opts.offline) return { network: true };
      if (opts.refuse) return { status: 409, message: opts.refuse };
      alert = { product_id: Number(body.get('product_id')), created_at: '2026-11-25T01:00:00.000Z', told_at: null };
      return { data: { alert }, message: "We'll let you know when it's back." };
    },
    '/v2/cancel-stock-alert': () => {
      alert = null;
      return { data: { alert: null }, message: 'Alert cancelled' };
    },
  });
  return api;
}

const notifyButton = () => screen.findByRole('button', { name: 'Notify me when available' });
/** The page's line once the alert is set (read, not announced: the toast announces it). */
const alertLine = (text = "We'll let you know when it's back.") =>
  screen.findByText(text, { selector: 'p.stock-alert__set' });
const noAlertLine = () => expect(document.querySelector('p.stock-alert__set')).toBeNull();
/** The live regions (status, alert, aria-live) holding `text`: each is one announcement. */
const announcing = (text: string) =>
  [...document.querySelectorAll('[role="status"], [role="alert"], [aria-live]:not([aria-live="off"])')].filter((r) =>
    r.textContent?.includes(text),
  );

beforeEach(() => {
  useSession.getState().clear();
});
afterEach(() => {
  resetMainButton();
  removeSdk();
});

describe('Notify me when available', () => {
  it('stands where Add to cart would be on a sold-out product; set, it says so, and Cancel alert takes it back', async () => {
    logIn();
    const api = serve(soldOut());
    renderRoutes(routes, '/details/5');
    await userEvent.click(await notifyButton());
    expect(screen.queryByRole('button', { name: /^Add to cart/ })).toBeNull();
    expect(screen.getByText('This product is out of stock.')).toBeInTheDocument();

    await alertLine();
    expect(api.callsTo('/v2/set-stock-alert')).toHaveLength(1);
    expect(api.callsTo('/v2/set-stock-alert')[0]!.body.get('product_id')).toBe('5');
    // The server's message as a toast too, announced once (the toast; the page's line is not a live region).
    expect(await screen.findAllByText("We'll let you know when it's back.")).toHaveLength(2);
    expect(announcing("We'll let you know when it's back.")).toHaveLength(1);

    const cancel = screen.getByRole('button', { name: 'Cancel alert' });
    expect(cancel).toHaveAccessibleDescription("We'll let you know when it's back.");
    await userEvent.click(cancel);
    const notify = await notifyButton();
    await waitFor(() => expect(notify).toBeEnabled());
    expect(api.callsTo('/v2/cancel-stock-alert')).toHaveLength(1);
    // The product's details were asked once, without the customer's alert in them.
    expect(api.callsTo('/v2/get-product-details')).toHaveLength(1);
  });

  it('keeps the keyboard focus: on Cancel alert once set, back on Notify me once cancelled', async () => {
    logIn();
    serve(soldOut());
    renderRoutes(routes, '/details/5');
    const first = await notifyButton();
    await waitFor(() => expect(first).toBeEnabled());
    await userEvent.click(first);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel alert' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel alert' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notify me when available' })).toHaveFocus());
  });

  it('shows an alert already waiting, and offers it on a coming-soon product too', async () => {
    logIn();
    serve(productDetails({ stock_state: 'coming_soon' }), {
      alert: { product_id: 5, created_at: '2026-11-25T01:00:00.000Z', told_at: null },
    });
    renderRoutes(routes, '/details/5');
    await alertLine();
    expect(screen.getByRole('button', { name: 'Cancel alert' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Add to cart/ })).toBeNull();
  });

  it('an alert that was already told offers Notify me again', async () => {
    logIn();
    serve(soldOut(), {
      alert: { product_id: 5, created_at: '2026-11-20T01:00:00.000Z', told_at: '2026-11-21T01:00:00.000Z' },
    });
    renderRoutes(routes, '/details/5');
    const again = await notifyButton();
    await waitFor(() => expect(again).toBeEnabled());
    noAlertLine();
  });

  it('is not offered on a product in stock (and nothing is asked about alerts)', async () => {
    logIn();
    const api = serve(productDetails());
    renderRoutes(routes, '/details/5');
    expect(await screen.findByRole('button', { name: /^Add to cart/ })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Notify me when available' })).toBeNull();
    expect(api.callsTo('/v2/get-stock-alert')).toHaveLength(0);
  });

  it("says the server's refusal", async () => {
    logIn();
    serve(soldOut(), { refuse: 'This product is in stock: add it to your cart instead of asking to be notified' });
    renderRoutes(routes, '/details/5');
    await userEvent.click(await notifyButton());
    expect(
      await screen.findByText('This product is in stock: add it to your cart instead of asking to be notified'),
    ).toBeInTheDocument();
    noAlertLine();
  });

  it('sends a guest to log in and back, then sets the alert they asked for', async () => {
    const api = serve(soldOut());
    const { router } = renderRoutes(routes, '/details/5');
    await userEvent.click(await notifyButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=/details/5');
    expect(api.callsTo('/v2/set-stock-alert')).toHaveLength(0);

    // Logged in, back on the product: the alert is set once.
    act(() => logIn());
    await act(() => router.navigate('/details/5'));
    await alertLine();
    expect(api.callsTo('/v2/set-stock-alert')).toHaveLength(1);
    expect(sessionStorage.getItem('leafcup.pending_stock_alert')).toBeNull();
  });

  it('a guest back from logging in gets the alert set even when reading their alerts failed', async () => {
    const readFails = { now: false };
    const api = serve(soldOut(), { readFails });
    const { router } = renderRoutes(routes, '/details/5');
    await userEvent.click(await notifyButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    readFails.now = true;
    act(() => logIn());
    await act(() => router.navigate('/details/5'));
    await alertLine();
    expect(api.callsTo('/v2/set-stock-alert')).toHaveLength(1);
    expect(sessionStorage.getItem('leafcup.pending_stock_alert')).toBeNull();
  });

  it('in Chinese', async () => {
    logIn();
    serve(soldOut());
    renderRoutes(routes, '/details/5', { lang: 'zh' });
    await userEvent.click(await screen.findByRole('button', { name: '到货通知我' }));
    await alertLine('到货后我们会通知您。');
    expect(screen.getByRole('button', { name: '取消通知' })).toBeInTheDocument();
  });

  it('with no answer (network down) says so in the customer’s language, not the browser’s English', async () => {
    logIn();
    serve(soldOut(), { offline: true });
    renderRoutes(routes, '/details/5', { lang: 'zh' });
    const button = await screen.findByRole('button', { name: '到货通知我' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('无法更改到货通知，请重试。')).toBeInTheDocument();
    expect(screen.queryByText(/Network error|Failed to fetch/)).toBeNull();
    noAlertLine();
  });

  it('inside Telegram the MainButton is "Notify me when available" until the alert is set, then it hides', async () => {
    const sdk = installFakeSdk();
    logIn();
    const api = serve(soldOut());
    renderRoutes(routes, '/details/5');
    await notifyButton();
    await waitFor(() =>
      expect(sdk.last()).toEqual({
        text: 'Notify me when available',
        isVisible: true,
        isEnabled: true,
        isLoaderVisible: false,
      }),
    );
    act(() => sdk.press());
    await alertLine();
    expect(api.callsTo('/v2/set-stock-alert')).toHaveLength(1);
    await waitFor(() => expect(sdk.last()).toEqual({ isVisible: false, isLoaderVisible: false }));
  });

  it('inside Telegram a product in stock keeps Add to cart on the MainButton', async () => {
    const sdk = installFakeSdk();
    serve(productDetails());
    renderRoutes(routes, '/details/5');
    await screen.findByRole('button', { name: /^Add to cart/ });
    await waitFor(() => expect(sdk.last()).toMatchObject({ text: 'Add to cart', isVisible: true }));
  });
});
