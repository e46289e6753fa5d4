import { useEffect, useSyncExternalStore } from 'react';

/** A list of toasts on screen, kept outside React so anything can show one (a live event, a mutation). */
export interface ToastStore<T extends { id: string | number }> {
  /** Shows a toast; beyond the most kept, the oldest gives way. */
  show: (toast: T) => void;
  /** Removes a toast. */
  dismiss: (id: T['id']) => void;
  /** The toasts on screen, in the order they are drawn (the same array until they change). */
  list: () => readonly T[];
  /** Calls `listener` on every change; returns how to stop. */
  subscribe: (listener: () => void) => () => void;
  /** Removes every toast. */
  clear: () => void;
}

/**
 * A toast store keeping at most `max` toasts, drawn oldest first (a new one joins at the end) or
 * newest first (at the start).
 */
export function createToastStore<T extends { id: string | number }>({
  max,
  newestFirst,
}: {
  max: number;
  newestFirst: boolean;
}): ToastStore<T> {
  let toasts: readonly T[] = [];
  const listeners = new Set<() => void>();
  const set = (next: readonly T[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };
  return {
    show: (toast) => set(newestFirst ? [toast, ...toasts].slice(0, max) : [...toasts, toast].slice(-max)),
    dismiss: (id) => set(toasts.filter((toast) => toast.id !== id)),
    list: () => toasts,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => set([]),
  };
}

/** The toasts of `store`, drawn again on every change. */
export function useToasts<T extends { id: string | number }>(store: ToastStore<T>): readonly T[] {
  return useSyncExternalStore(store.subscribe, store.list, store.list);
}

/** Takes a toast of `store` away `ms` after it is shown, or after it is let go (`held` false again). */
export function useDismissAfter<T extends { id: string | number }>(
  store: ToastStore<T>,
  id: T['id'],
  ms: number,
  held = false,
): void {
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(() => store.dismiss(id), ms);
    return () => window.clearTimeout(timer);
  }, [store, id, ms, held]);
}
