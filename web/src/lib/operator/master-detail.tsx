import { useCallback, useLayoutEffect, useRef, type ReactElement } from 'react';
import { useSearchParams } from 'wouter';
import './master-detail.css';

/** The history state of an entry the list opened: leaving it by the back control is the browser's back. */
const OPENED_FROM_LIST = 'gomeumOpenedFromList';

const NONE: readonly string[] = [];

function openedFromList(state: unknown): boolean {
  return typeof state === 'object' && state !== null && OPENED_FROM_LIST in state;
}

/**
 * Which item of a list is open, kept in the address (`?…&user=id`), so back, forward, reload and a
 * shared link all show it. `open` adds an entry to the history (the list's entry stays behind it);
 * `close` returns to the list: the browser's back when the list opened this entry (the on-screen
 * back and the browser's are then the same step), otherwise (a link, a reload, a push) the list's
 * address replaces this one. `replace` closes without leaving an entry to come forward to (the
 * item is gone).
 */
export function useOpenItem(name: string, others: readonly string[] = NONE) {
  const [params, setParams] = useSearchParams();
  const selected = params.get(name);
  const open = useCallback(
    /**
     * Opens `id` (closing what `others` name: another kind of item in the same place). `replace`:
     * instead of the item open now (the queue going on to its next), no new history entry.
     */
    (id: string, { replace = false }: { replace?: boolean } = {}) => {
      if (id === selected) return;
      const fromList = !replace || openedFromList(window.history.state);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const other of others) next.delete(other);
          next.set(name, id);
          return next;
        },
        { replace, state: fromList ? { [OPENED_FROM_LIST]: true } : null },
      );
    },
    [name, others, selected, setParams],
  );
  const close = useCallback(
    ({ replace = false }: { replace?: boolean } = {}) => {
      if (!replace && openedFromList(window.history.state)) {
        window.history.back();
        return;
      }
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(name);
          return next;
        },
        { replace: true },
      );
    },
    [name, setParams],
  );
  return { selected, open, close };
}

function isShown(element: Element | null): element is HTMLElement {
  if (!(element instanceof HTMLElement) || element === document.body || !element.isConnected) return false;
  // (jsdom has no layout: there, every element counts as shown.)
  return typeof element.checkVisibility !== 'function' || element.checkVisibility();
}

/**
 * A list beside the item opened from it on a wide screen; on a narrow one (a phone), one view at a
 * time: the list, or the item with a back control above it. When the views swap, the item starts at
 * the top of the page with focus on its back control (its first control, there at once while the
 * item loads), and the list comes back where the operator left it, focus on the row they had opened.
 */
export function MasterDetail({
  open,
  children: [list, detail],
  backLabel,
  onBack,
  fill = false,
  className,
}: {
  /** An item is open (on a phone, the item's view shows instead of the list). */
  open: boolean;
  /** The list, then the item's view (or what shows while none is open). */
  children: [ReactElement, ReactElement];
  backLabel: string;
  onBack: () => void;
  /** On a phone, the item's view is exactly the screen's height (a conversation: its reply box at the bottom). */
  fill?: boolean;
  className?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const left = useRef<{ scrollY: number; focus: Element | null } | null>(null);
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    if (wasOpen.current === open) return;
    wasOpen.current = open;
    const listShown = isShown(listRef.current);
    if (open) {
      // Beside the item, the list stays as it is; replaced by it, it is left where it was, to come back to.
      if (listShown) return;
      left.current = { scrollY: window.scrollY, focus: document.activeElement };
      window.scrollTo(0, 0);
      if (!isShown(document.activeElement)) backRef.current?.focus({ preventScroll: true });
      return;
    }
    const back = left.current;
    left.current = null;
    if (!back) return;
    if (!isShown(document.activeElement) && isShown(back.focus)) back.focus.focus({ preventScroll: true });
    window.scrollTo(0, back.scrollY);
  }, [open]);

  const classes = ['master-detail', fill ? 'master-detail--fill' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes} data-view={open ? 'detail' : 'list'}>
      <div ref={listRef} className="master-detail__list">
        {list}
      </div>
      <div className="master-detail__detail">
        {open ? (
          <button ref={backRef} type="button" className="button button--ghost master-detail__back" onClick={onBack}>
            <span aria-hidden="true">‹</span> {backLabel}
          </button>
        ) : null}
        {detail}
      </div>
    </div>
  );
}
