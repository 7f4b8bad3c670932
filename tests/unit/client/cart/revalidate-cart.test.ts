/** @vitest-environment jsdom */
import '../toolkit/i18n';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import { revalidateCart } from '../../../../src/client/features/cart/revalidate-cart';
import { lineInput } from '../toolkit/fixtures/cart';
import { product } from '../toolkit/fixtures/catalog';
import { mockApi } from '../toolkit/mock-api';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

beforeEach(() => {
  localStorage.clear();
  useCart.getState().clear();
  vi.clearAllMocks();
});

describe('revalidateCart (stock re-check with the server)', () => {
  it('asks once per product and keeps lines that are still fine, with fresh stock and prices', async () => {
    const api = mockApi({
      '/v2/get-product-details': (b) => {
        const id = Number(b.get('product_id'));
        return {
          data: {
            product: product(id, [
              { id: 71, stock: 9 },
              { id: 72, stock: 9 },
            ]),
          },
        };
      },
    });
    useCart.getState().add(lineInput({ quantity: 2, unit_price: 999 }));
    useCart.getState().add(lineInput({ variant_id: 72 }));
    expect(await revalidateCart()).toEqual([]);
    expect(api.callsTo('/v2/get-product-details').map((c) => c.body.get('product_id'))).toEqual(['7']);
    expect(useCart.getState().lines.map((l) => [l.variant_id, l.quantity, l.stock_balance, l.unit_price])).toEqual([
      [71, 2, 9, 1250],
      [72, 1, 9, 1250],
    ]);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('lowers a line above the new stock and says so', async () => {
    mockApi({ '/v2/get-product-details': () => ({ data: { product: product(7, [{ id: 71, stock: 2 }]) } }) });
    useCart.getState().add(lineInput({ quantity: 5 }));
    expect(await revalidateCart()).toEqual([{ kind: 'lowered', name: 'Tea 7', stock: 2 }]);
    expect(useCart.getState().lines[0]).toMatchObject({ quantity: 2, stock_balance: 2, totalPrice: '25.00' });
    expect(notify.error).toHaveBeenCalledWith('Only 2 of Tea 7 left: the quantity was lowered to 2');
  });

  it('removes lines whose product is gone (404), whose packaging is gone, or that sold out, with messages', async () => {
    mockApi({
      '/v2/get-product-details': (b) => {
        const id = Number(b.get('product_id'));
        if (id === 7) return { status: 404, message: 'This product does not exist' };
        if (id === 8) return { data: { product: product(8, [{ id: 999, stock: 5 }]) } };
        return { data: { product: product(id, [{ id: id * 10 + 1, stock: 0 }]) } };
      },
    });
    useCart.getState().add(lineInput());
    useCart.getState().add(lineInput({ product_id: 8 }));
    useCart.getState().add(lineInput({ product_id: 9 }));
    const notices = await revalidateCart();
    expect(notices).toEqual([
      { kind: 'gone', name: 'Tea 7' },
      { kind: 'gone', name: 'Tea 8' },
      { kind: 'outOfStock', name: 'Tea 9' },
    ]);
    expect(useCart.getState().lines).toEqual([]);
    expect(localStorage.getItem('cart')).toBe('[]');
    expect(notify.error).toHaveBeenCalledWith('Tea 7 is no longer available and was removed from your cart');
    expect(notify.error).toHaveBeenCalledWith('Tea 9 is out of stock and was removed from your cart');
  });

  it('removes a subscription line of a product that is no longer subscribable', async () => {
    mockApi({
      '/v2/get-product-details': () => ({
        data: { product: product(7, [{ id: 71, stock: 5 }], { subscribable: false }) },
      }),
    });
    useCart.getState().add(lineInput({ frequency_weeks: 4, has_discount: true, discount_price: 1062 }));
    useCart.getState().add(lineInput());
    await revalidateCart({ quiet: true });
    expect(useCart.getState().lines.map((l) => l.frequency_weeks)).toEqual([0]);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('keeps the cart as it is when the server cannot be reached', async () => {
    mockApi({ '/v2/get-product-details': () => ({ network: true }) });
    useCart.getState().add(lineInput({ quantity: 5 }));
    expect(await revalidateCart()).toEqual([]);
    expect(useCart.getState().lines[0]?.quantity).toBe(5);
  });

  it('applies the answer to the cart as it is when the answer arrives', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await gate;
        return new Response(
          JSON.stringify({
            success: true,
            code: 200,
            message: 'OK',
            data: { product: product(7, [{ id: 71, stock: 3 }]) },
          }),
          { status: 200 },
        );
      }),
    );
    useCart.getState().add(lineInput({ quantity: 1 }));
    const pending = revalidateCart();
    // Meanwhile the customer adds another product and one more of the first.
    useCart.getState().add(lineInput({ product_id: 8 }));
    useCart.getState().increase('7:71:0');
    release();
    await pending;
    expect(useCart.getState().lines.map((l) => [l.product_id, l.quantity])).toEqual([
      [7, 2],
      [8, 1],
    ]);
  });
});
