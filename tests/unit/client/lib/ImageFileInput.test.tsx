import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageFileInput } from '../../../../src/client/lib/ui/ImageFileInput';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'receipt.png', { type: 'image/png' });

/** The component as a caller uses it: its own label and hint, the file in state, optional refusal of a file. */
function Harness({
  onPick,
  refuse = false,
  invalid = false,
  showFileName,
}: {
  onPick?: (file: File | null) => void;
  refuse?: boolean;
  invalid?: boolean;
  showFileName?: boolean;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  return (
    <div>
      <label htmlFor="pic">收据图片</label>
      <ImageFileInput
        id="pic"
        accept="image/png"
        required
        invalid={invalid || Boolean(error)}
        describedBy="pic-hint"
        file={file}
        onChange={(f) => {
          onPick?.(f);
          if (refuse && f) {
            setFile(null);
            setError('refused');
            return;
          }
          setFile(f);
        }}
        chooseLabel="选择图片"
        changeLabel="更换图片"
        emptyLabel="未选择图片"
        showFileName={showFileName}
      />
      <p id="pic-hint">转账的照片或截图。</p>
      <button type="button" onClick={() => setFile(null)}>
        移除
      </button>
    </div>
  );
}

describe('ImageFileInput', () => {
  afterEach(() => cleanup());

  it('shows the caller’s labels over the labelled, described, focusable file input', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('收据图片');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/png');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('转账的照片或截图。');
    expect(input).not.toHaveAttribute('aria-invalid');
    const picker = input.parentElement as HTMLElement;
    expect(picker).toHaveTextContent('选择图片');
    expect(picker).toHaveTextContent('未选择图片');
    // The overlay words are for the eye only: the input carries the name and state.
    for (const span of picker.querySelectorAll('span')) expect(span).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText('选择图片')?.closest('[aria-hidden="true"]')).not.toBeNull();
    // Keyboard reaches the input itself.
    await user.tab();
    expect(input).toHaveFocus();
  });

  it('choosing a file calls onChange with it and switches to the change label; clearing starts over', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    const input = screen.getByLabelText<HTMLInputElement>('收据图片');
    const picker = input.parentElement as HTMLElement;
    const file = png();
    await user.upload(input, file);
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick).toHaveBeenCalledWith(file);
    expect(picker).toHaveTextContent('更换图片');
    expect(picker).not.toHaveTextContent('选择图片');
    expect(picker).not.toHaveTextContent('未选择图片');
    // Still the same labelled input after the change.
    expect(screen.getByLabelText('收据图片')).toBe(input);
    expect(input).toHaveAccessibleDescription('转账的照片或截图。');

    await user.click(screen.getByRole('button', { name: '移除' }));
    expect(picker).toHaveTextContent('选择图片');
    expect(picker).toHaveTextContent('未选择图片');
    expect(input.files).toHaveLength(0);
  });

  it('shows the chosen file’s name when asked to', async () => {
    const user = userEvent.setup();
    render(<Harness showFileName />);
    const input = screen.getByLabelText('收据图片');
    await user.upload(input, png());
    expect(input.parentElement).toHaveTextContent('更换图片receipt.png');
  });

  it('a file the caller refuses leaves the input empty and marked invalid', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Harness onPick={onPick} refuse />);
    const input = screen.getByLabelText<HTMLInputElement>('收据图片');
    await user.upload(input, png());
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(input.files).toHaveLength(0);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.parentElement).toHaveTextContent('选择图片');
    expect(input.parentElement).toHaveTextContent('未选择图片');
  });
});
