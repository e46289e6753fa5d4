import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createToastStore, useDismissAfter, useToasts, type ToastStore } from './toasts.ts';

interface Note {
  id: number;
  text: string;
}
const note = (id: number): Note => ({ id, text: `note ${id}` });
const ids = (store: ToastStore<Note>) => store.list().map((toast) => toast.id);

describe('a toast store', () => {
  it('keeps the newest few, drawn oldest first or newest first', () => {
    const oldestFirst = createToastStore<Note>({ max: 3, newestFirst: false });
    const newestFirst = createToastStore<Note>({ max: 3, newestFirst: true });
    for (const id of [1, 2, 3, 4]) {
      oldestFirst.show(note(id));
      newestFirst.show(note(id));
    }
    expect(ids(oldestFirst)).toEqual([2, 3, 4]);
    expect(ids(newestFirst)).toEqual([4, 3, 2]);
    oldestFirst.dismiss(3);
    expect(ids(oldestFirst)).toEqual([2, 4]);
    newestFirst.clear();
    expect(ids(newestFirst)).toEqual([]);
  });

  it('tells its listeners of each change, and hands out the same list until one', () => {
    const store = createToastStore<Note>({ max: 3, newestFirst: false });
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.show(note(1));
    const shown = store.list();
    expect(store.list()).toBe(shown);
    store.dismiss(1);
    expect(store.list()).not.toBe(shown);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    store.show(note(2));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

function Toasts({ store, ms }: { store: ToastStore<Note>; ms: number }) {
  return (
    <ul>
      {useToasts(store).map((toast) => (
        <Toast key={toast.id} store={store} toast={toast} ms={ms} />
      ))}
    </ul>
  );
}

function Toast({ store, toast, ms }: { store: ToastStore<Note>; toast: Note; ms: number }) {
  const [held, setHeld] = useState(false);
  useDismissAfter(store, toast.id, ms, held);
  return (
    <li>
      <button type="button" onClick={() => setHeld(!held)}>
        {toast.text}
      </button>
    </li>
  );
}

describe('toasts on screen', () => {
  it('are drawn as they come and go, each leaving by itself unless held', () => {
    vi.useFakeTimers();
    try {
      const store = createToastStore<Note>({ max: 3, newestFirst: false });
      render(<Toasts store={store} ms={1000} />);
      act(() => store.show(note(1)));
      act(() => vi.advanceTimersByTime(500));
      act(() => store.show(note(2)));
      expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['note 1', 'note 2']);
      // The second is held: only the first leaves when its time is up.
      act(() => screen.getByRole('button', { name: 'note 2' }).click());
      act(() => vi.advanceTimersByTime(5000));
      expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['note 2']);
      // Let go, it has its whole time again.
      act(() => screen.getByRole('button', { name: 'note 2' }).click());
      act(() => vi.advanceTimersByTime(900));
      expect(screen.getByRole('button', { name: 'note 2' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.queryByRole('button')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
