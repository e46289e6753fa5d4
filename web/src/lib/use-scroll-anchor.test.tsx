import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useScrollAnchor } from './use-scroll-anchor.ts';

/** Each message is 100 px tall (jsdom lays nothing out: the list's height is its count). */
const ROW = 100;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.children.length * ROW;
    },
  });
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
});

function Messages({
  ids,
  active = true,
  onNearTop,
}: {
  ids: readonly number[];
  active?: boolean;
  onNearTop?: () => void;
}) {
  const { listRef, onListScroll, keepPlace } = useScrollAnchor<HTMLOListElement>({
    firstId: ids[0],
    content: [ids],
    active,
    onNearTop,
  });
  return (
    <>
      <button type="button" onClick={keepPlace}>
        Older
      </button>
      <ol ref={listRef} aria-label="Messages" onScroll={onListScroll}>
        {ids.map((id) => (
          <li key={id}>{id}</li>
        ))}
      </ol>
    </>
  );
}

const list = () => screen.getByRole('list', { name: 'Messages' });
const scrollTo = (top: number) => {
  list().scrollTop = top;
  fireEvent.scroll(list());
};

describe('useScrollAnchor', () => {
  it('keeps the newest message in view as messages arrive', () => {
    const ids = [5, 6, 7];
    const { rerender } = render(<Messages ids={ids} />);
    expect(list().scrollTop).toBe(300);
    rerender(<Messages ids={[...ids, 8]} />);
    expect(list().scrollTop).toBe(400);
  });

  it('asks for older messages near the top, and keeps in view what was when they join above', () => {
    const onNearTop = vi.fn();
    const { rerender } = render(<Messages ids={[5, 6, 7, 8]} onNearTop={onNearTop} />);
    scrollTo(200);
    expect(onNearTop).not.toHaveBeenCalled();
    scrollTo(30);
    expect(onNearTop).toHaveBeenCalledTimes(1);
    // Three older messages join at the top: the message at the top of the view stays there.
    rerender(<Messages ids={[2, 3, 4, 5, 6, 7, 8]} onNearTop={onNearTop} />);
    expect(list().scrollTop).toBe(330);
  });

  it('keeps the place a button asked older messages from', () => {
    const { rerender } = render(<Messages ids={[5, 6, 7, 8]} />);
    list().scrollTop = 120;
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    rerender(<Messages ids={[3, 4, 5, 6, 7, 8]} />);
    expect(list().scrollTop).toBe(320);
  });

  it('leaves the reader where they are while nothing changes, and waits while hidden', () => {
    const ids = [5, 6, 7];
    const { rerender } = render(<Messages ids={ids} active={false} />);
    expect(list().scrollTop).toBe(0);
    rerender(<Messages ids={[...ids, 8]} active={false} />);
    expect(list().scrollTop).toBe(0);
    // Shown: at the newest; then a render with nothing new leaves the reader's scroll alone.
    const shown = [...ids, 8];
    rerender(<Messages ids={shown} />);
    expect(list().scrollTop).toBe(400);
    scrollTo(150);
    rerender(<Messages ids={shown} />);
    expect(list().scrollTop).toBe(150);
  });
});
