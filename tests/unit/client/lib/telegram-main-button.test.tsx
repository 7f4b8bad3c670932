import { act, render } from '@testing-library/react';
import { resetMainButton, useTelegramMainButton } from '../../../../src/client/lib/telegram/main-button';
import { installFakeSdk, removeSdk } from '../toolkit';

function Button(props: {
  text: string;
  visible?: boolean;
  enabled?: boolean;
  loading?: boolean;
  priority?: number;
  onClick(): void;
}) {
  useTelegramMainButton(props);
  return null;
}

afterEach(() => {
  resetMainButton();
  removeSdk();
});

describe('useTelegramMainButton', () => {
  it('does nothing in a browser (no SDK)', () => {
    const onClick = vi.fn();
    expect(() => render(<Button text="Add to cart" onClick={onClick} />)).not.toThrow();
  });

  it('shows the text and runs onClick on main_button_pressed', () => {
    const sdk = installFakeSdk();
    const onClick = vi.fn();
    render(<Button text="Add to cart" onClick={onClick} />);
    expect(sdk.last()).toEqual({ text: 'Add to cart', isVisible: true, isEnabled: true, isLoaderVisible: false });
    sdk.press();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('ignores presses while disabled or loading, and shows the spinner while loading', () => {
    const sdk = installFakeSdk();
    const onClick = vi.fn();
    const view = render(<Button text="Place order · $12.34" enabled={false} onClick={onClick} />);
    expect(sdk.last()).toMatchObject({ isVisible: true, isEnabled: false });
    sdk.press();
    view.rerender(<Button text="Place order · $12.34" loading onClick={onClick} />);
    expect(sdk.last()).toEqual({
      text: 'Place order · $12.34',
      isVisible: true,
      isEnabled: false,
      isLoaderVisible: true,
    });
    sdk.press();
    expect(onClick).not.toHaveBeenCalled();
    view.rerender(<Button text="Place order · $12.34" onClick={onClick} />);
    sdk.press();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('calls the latest onClick without re-registering', () => {
    const sdk = installFakeSdk();
    const first = vi.fn();
    const second = vi.fn();
    const view = render(<Button text="Go" onClick={first} />);
    view.rerender(<Button text="Go" onClick={second} />);
    sdk.press();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(sdk.listeners.size).toBe(1);
  });

  it('hides the button when the screen hides it or goes away', () => {
    const sdk = installFakeSdk();
    const onClick = vi.fn();
    const view = render(<Button text="Checkout · $5.00" onClick={onClick} />);
    view.rerender(<Button text="Checkout · $5.00" visible={false} onClick={onClick} />);
    expect(sdk.last()).toEqual({ isVisible: false, isLoaderVisible: false });
    sdk.press();
    expect(onClick).not.toHaveBeenCalled();
    view.rerender(<Button text="Checkout · $5.00" onClick={onClick} />);
    expect(sdk.last()).toMatchObject({ isVisible: true });
    view.unmount();
    expect(sdk.last()).toEqual({ isVisible: false, isLoaderVisible: false });
  });

  it('gives the button to an overlay over the page, and back when it closes', () => {
    const sdk = installFakeSdk();
    const page = vi.fn();
    const panel = vi.fn();
    const view = render(
      <>
        <Button text="Checkout · $9.00" priority={1} visible={false} onClick={panel} />
        <Button text="Add to cart" onClick={page} />
      </>,
    );
    expect(sdk.last()).toMatchObject({ text: 'Add to cart' });
    view.rerender(
      <>
        <Button text="Checkout · $9.00" priority={1} onClick={panel} />
        <Button text="Add to cart" onClick={page} />
      </>,
    );
    expect(sdk.last()).toMatchObject({ text: 'Checkout · $9.00', isVisible: true });
    act(() => sdk.press());
    expect(panel).toHaveBeenCalledTimes(1);
    expect(page).not.toHaveBeenCalled();
    view.rerender(
      <>
        <Button text="Checkout · $9.00" priority={1} visible={false} onClick={panel} />
        <Button text="Add to cart" onClick={page} />
      </>,
    );
    expect(sdk.last()).toMatchObject({ text: 'Add to cart', isVisible: true });
    sdk.press();
    expect(page).toHaveBeenCalledTimes(1);
  });
});
