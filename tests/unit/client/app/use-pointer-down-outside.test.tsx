import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { usePointerDownOutside } from '../../../../src/client/app/layout/use-pointer-down-outside';

function Menu({ active, onOutside }: { active: boolean; onOutside: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  usePointerDownOutside(ref, active, onOutside);
  return (
    <div>
      <div ref={ref}>
        <button type="button">inside</button>
      </div>
      <button type="button">outside</button>
    </div>
  );
}

describe('usePointerDownOutside', () => {
  it('calls back for a pointer pressed outside the element, not inside, and only while active', () => {
    const onOutside = vi.fn();
    const { getByText, rerender, unmount } = render(<Menu active onOutside={onOutside} />);
    fireEvent.pointerDown(getByText('inside'));
    expect(onOutside).not.toHaveBeenCalled();
    fireEvent.pointerDown(getByText('outside'));
    expect(onOutside).toHaveBeenCalledTimes(1);

    rerender(<Menu active={false} onOutside={onOutside} />);
    fireEvent.pointerDown(getByText('outside'));
    expect(onOutside).toHaveBeenCalledTimes(1);

    rerender(<Menu active onOutside={onOutside} />);
    unmount();
    fireEvent.pointerDown(document.body);
    expect(onOutside).toHaveBeenCalledTimes(1);
  });
});
