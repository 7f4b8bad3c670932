import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentSection } from '../../../../src/client/features/checkout/components/PaymentSection';
import '../../../../src/client/features/checkout/locales';
import { i18n } from '../../../../src/client/lib/i18n/i18n';
import { allowSlowScreens, bankTransfer, resetStores } from '../toolkit';

allowSlowScreens();

// The receipt picker speaks the shop's language: a native file input's own words ("Choose File",
// "No file chosen") follow the browser's language, so the input lies transparent over a picker of our own.
async function renderBank(lang: 'en' | 'zh') {
  await act(async () => {
    await i18n.changeLanguage(lang);
  });
  render(
    <PaymentSection
      methods={[bankTransfer]}
      loading={false}
      failed={false}
      onRetry={() => {}}
      selected={bankTransfer}
      needsReceipt
      renewalFrequencies={[]}
    />,
  );
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'receipt.png', { type: 'image/png' });

describe('PaymentSection receipt picker', () => {
  beforeEach(() => resetStores());
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('shows its button and state in Chinese, on the labelled file input', async () => {
    const user = userEvent.setup();
    await renderBank('zh');
    const input = screen.getByLabelText('收据图片');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('转账收据的照片或截图。');
    const picker = input.parentElement as HTMLElement;
    expect(picker).toHaveTextContent('选择图片');
    expect(picker).toHaveTextContent('未选择图片');

    await user.upload(input, png());
    expect(picker).toHaveTextContent('更换图片');
    expect(picker).not.toHaveTextContent('未选择图片');
    expect(screen.getByRole('img', { name: '收据预览' })).toBeInTheDocument();
  });

  it('in English: Choose image, then Change image once one is chosen; removing it starts over', async () => {
    const user = userEvent.setup();
    await renderBank('en');
    const input = screen.getByLabelText('Receipt image');
    const picker = input.parentElement as HTMLElement;
    expect(picker).toHaveTextContent('Choose image');
    expect(picker).toHaveTextContent('No image chosen');
    await user.upload(input, png());
    expect(picker).toHaveTextContent('Change image');
    await user.click(screen.getByRole('button', { name: 'Remove receipt' }));
    expect(picker).toHaveTextContent('Choose image');
    expect(picker).toHaveTextContent('No image chosen');
  });
});
