import type { ProductDetails } from '@common/contract/catalog';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { vi } from 'vitest';
import ProductDetailPage from '../../../../src/client/features/catalog/pages/ProductDetailPage';
import { useSession } from '../../../../src/client/stores/session-store';
import {
  installFakeSdk,
  leaveTelegram,
  logIn,
  makeUser,
  mockApi,
  openInTelegram,
  productDetails,
  removeSdk,
  renderRoutes,
} from '../toolkit';

/**
 * Share on the product page (docs/decisions/019): Telegram's share sheet inside Telegram; Web Share, else copy, in a
 * browser.
 */

const routes = [{ path: '/details/:productId', Component: ProductDetailPage }];
const MINI_APP = 'https://t.me/leafcup_bot/shop';

function serve(
  product: ProductDetails,
  miniAppLink?: string | null,
  prepared: { status?: number; message?: string } = {},
) {
  return mockApi({
    '/v2/get-product-details': () => ({
      data: { product, ...(miniAppLink === undefined ? {} : { mini_app_link: miniAppLink }) },
    }),
    '/v2/get-product-reviews': () => ({ data: { reviews: [], next_cursor: null } }),
    '/v2/prepare-telegram-share': () => ({
      ...prepared,
      data: { prepared_message_id: 'prep-77', expires_at: '2099-01-01T00:00:00.000Z' },
    }),
  });
}

async function openProduct(lang?: 'en' | 'zh') {
  const product = productDetails();
  renderRoutes(routes, `/details/${product.id}`, { staleTime: Infinity, lang });
  await screen.findByRole('heading', { level: 1, name: product.name });
  return product;
}

const shareButton = () => screen.getByRole('button', { name: /^Share / });
type ShareNavigator = Omit<Navigator, 'share'> & { share?: (data: ShareData) => Promise<void> };

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  useSession.getState().clear();
  // Also gives jsdom the clipboard that userEvent keeps.
  user = userEvent.setup();
});
afterEach(() => {
  // sonner keeps its toasts between renders: each test sees only its own.
  toast.dismiss();
  delete (navigator as ShareNavigator).share;
  removeSdk();
  leaveTelegram();
  vi.restoreAllMocks();
});

describe('Share in a browser', () => {
  it('opens the Web Share sheet with the shop link, carrying the referral code of a logged-in customer', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    (navigator as ShareNavigator).share = share;
    const copy = vi.spyOn(navigator.clipboard, 'writeText');
    logIn();
    serve(productDetails());
    const product = await openProduct();
    expect(shareButton()).toHaveAccessibleName(`Share ${product.name}`);
    await user.click(shareButton());
    expect(share).toHaveBeenCalledWith({
      title: product.name,
      text: `${product.name} at Leaf & Cup`,
      url: `${window.location.origin}/details/${product.id}?ref=MEI7`,
    });
    expect(copy).not.toHaveBeenCalled();
  });

  it('does nothing more when the customer closes the sheet, and copies the link when sharing fails', async () => {
    const share = vi.fn(async (_data: ShareData) => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    (navigator as ShareNavigator).share = share;
    const copy = vi.spyOn(navigator.clipboard, 'writeText');
    serve(productDetails());
    const product = await openProduct();
    await user.click(shareButton());
    expect(share).toHaveBeenCalledTimes(1);
    expect(copy).not.toHaveBeenCalled();

    share.mockRejectedValueOnce(new DOMException('Not allowed', 'NotAllowedError'));
    await user.click(shareButton());
    expect(copy).toHaveBeenCalledWith(`${window.location.origin}/details/${product.id}`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('copies the link with a "Link copied" toast where there is no Web Share API (a guest: no code)', async () => {
    expect((navigator as ShareNavigator).share).toBeUndefined();
    const copy = vi.spyOn(navigator.clipboard, 'writeText');
    serve(productDetails(), MINI_APP);
    const product = await openProduct();
    await user.click(shareButton());
    // In a browser the Mini App link is not used: the shop's own page is shared.
    expect(copy).toHaveBeenCalledWith(`${window.location.origin}/details/${product.id}`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('says so when the link cannot be copied either', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    Object.defineProperty(document, 'execCommand', { value: vi.fn(() => false), configurable: true });
    serve(productDetails());
    await openProduct();
    await user.click(shareButton());
    expect(await screen.findByText('Could not copy the link.')).toBeInTheDocument();
  });

  it('is labelled in Chinese', async () => {
    serve(productDetails());
    const product = await openProduct('zh');
    expect(screen.getByRole('button', { name: `分享${product.name}` })).toHaveTextContent('分享');
  });
});

describe('Share inside Telegram', () => {
  it("opens Telegram's share sheet with the Mini App link to the product and the customer's referral code", async () => {
    await openInTelegram('4242');
    const { shareURL } = installFakeSdk();
    const share = vi.fn(async (_data: ShareData) => {});
    (navigator as ShareNavigator).share = share;
    logIn();
    serve(productDetails(), MINI_APP);
    const product = await openProduct();
    await user.click(shareButton());
    // lib/telegram/share.ts is loaded on the press (docs/decisions/053).
    await waitFor(() =>
      expect(shareURL).toHaveBeenCalledWith(
        `${MINI_APP}?startapp=p${product.id}_MEI7`,
        `${product.name} at Leaf & Cup`,
      ),
    );
    expect(share).not.toHaveBeenCalled();
  });

  it('shares the shop link through Telegram when the server names no Mini App', async () => {
    await openInTelegram('4242');
    const { shareURL } = installFakeSdk();
    serve(productDetails());
    const product = await openProduct();
    await user.click(shareButton());
    await waitFor(() =>
      expect(shareURL).toHaveBeenCalledWith(
        `${window.location.origin}/details/${product.id}`,
        `${product.name} at Leaf & Cup`,
      ),
    );
  });

  it('copies the link when this Telegram cannot open the share sheet', async () => {
    await openInTelegram('4242');
    const { shareURL } = installFakeSdk({ shareAvailable: false });
    const copy = vi.spyOn(navigator.clipboard, 'writeText');
    serve(productDetails(), MINI_APP);
    const product = await openProduct();
    await user.click(shareButton());
    await waitFor(() => expect(copy).toHaveBeenCalledWith(`${window.location.origin}/details/${product.id}`));
    expect(shareURL).not.toHaveBeenCalled();
  });
});

describe('Share inside Telegram 8.0+, logged in with the linked Telegram account (docs/decisions/053)', () => {
  const linked = () => logIn(makeUser({ telegram_user_id: '4242' }));

  it('has the server prepare a message of the product and shares it through Telegram, not the link', async () => {
    await openInTelegram('4242');
    const { shareURL, shareMessage } = installFakeSdk();
    linked();
    const api = serve(productDetails(), MINI_APP);
    const product = await openProduct();
    await user.click(shareButton());
    await waitFor(() => expect(shareMessage).toHaveBeenCalledWith('prep-77'));
    const prepare = api.calls.filter((c) => c.path === '/v2/prepare-telegram-share');
    expect(prepare).toHaveLength(1);
    expect(prepare[0]?.body.get('product_id')).toBe(String(product.id));
    // The initData rides along: the server reads the Telegram user from it, never from a field.
    expect(prepare[0]?.body.get('init_data')).toContain('4242');
    expect(shareURL).not.toHaveBeenCalled();
  });

  it('does nothing more when the customer closes the chat picker', async () => {
    await openInTelegram('4242');
    const { shareURL, shareMessage } = installFakeSdk({ shareMessageAnswer: 'USER_DECLINED' });
    linked();
    serve(productDetails(), MINI_APP);
    await openProduct();
    await user.click(shareButton());
    await waitFor(() => expect(shareMessage).toHaveBeenCalledTimes(1));
    expect(shareURL).not.toHaveBeenCalled();
  });

  it('shares the link when the server refuses or Telegram fails to send', async () => {
    await openInTelegram('4242');
    const { shareURL, shareMessage } = installFakeSdk({ shareMessageAnswer: 'MESSAGE_SEND_FAILED' });
    linked();
    serve(productDetails(), MINI_APP);
    const product = await openProduct();
    await user.click(shareButton());
    await waitFor(() => expect(shareURL).toHaveBeenCalledTimes(1));
    expect(shareMessage).toHaveBeenCalledTimes(1);

    removeSdk();
    const again = installFakeSdk();
    serve(productDetails(), MINI_APP, { status: 403, message: 'Link this account' });
    await user.click(shareButton());
    await waitFor(() =>
      expect(again.shareURL).toHaveBeenCalledWith(
        `${MINI_APP}?startapp=p${product.id}_MEI7`,
        `${product.name} at Leaf & Cup`,
      ),
    );
    expect(again.shareMessage).not.toHaveBeenCalled();
  });

  it('on an older Telegram, or for an account linked to another Telegram user, shares the link without asking the server', async () => {
    await openInTelegram('4242');
    const { shareURL, shareMessage } = installFakeSdk({ shareMessageAvailable: false });
    linked();
    const api = serve(productDetails(), MINI_APP);
    await openProduct();
    await user.click(shareButton());
    await waitFor(() => expect(shareURL).toHaveBeenCalledTimes(1));
    expect(shareMessage).not.toHaveBeenCalled();

    logIn(makeUser({ telegram_user_id: '5555' }));
    removeSdk();
    const other = installFakeSdk();
    await user.click(shareButton());
    await waitFor(() => expect(other.shareURL).toHaveBeenCalledTimes(1));
    expect(api.calls.filter((c) => c.path === '/v2/prepare-telegram-share')).toHaveLength(0);
  });
});
