import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Whether `element` (a `<dialog>`, or an element with `popover`) is open. */
function isOpen(element: HTMLElement): boolean {
  if (element instanceof HTMLDialogElement) return element.open;
  try {
    return element.matches(':popover-open');
  } catch {
    // A browser that knows no popovers.
    return false;
  }
}

/** Whether this browser's buttons open and close dialogs by their `commandfor` (HTML's invoker commands). */
export function invokerCommands(): boolean {
  return typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype;
}

/** What `usePlatformToggle` gives: the element to follow, whether it is open, and the way to open or close it. */
export interface PlatformToggle<T extends HTMLElement> {
  ref: RefObject<T | null>;
  open: boolean;
  show: () => void;
  hide: () => void;
}

/**
 * The open state of a dialog or popover that the platform opens and closes: its button names it
 * (`commandfor` and `command`, or `popovertarget`), so a press works before the app's script has
 * arrived. React follows it: the state the page was left in when the app hydrates, then every
 * `toggle` (and a dialog's `close`). `show` and `hide` open and close it through the element, as
 * its button would.
 */
export function usePlatformToggle<T extends HTMLElement>(): PlatformToggle<T> {
  const ref = useRef<T>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const follow = () => setOpen(isOpen(element));
    // Opened before hydration: it hydrates open.
    follow();
    element.addEventListener('toggle', follow);
    element.addEventListener('close', follow);
    return () => {
      element.removeEventListener('toggle', follow);
      element.removeEventListener('close', follow);
    };
  }, []);
  const show = useCallback(() => {
    const element = ref.current;
    if (!element || isOpen(element)) return;
    if (element instanceof HTMLDialogElement) element.showModal();
    else element.showPopover();
    setOpen(true);
  }, []);
  const hide = useCallback(() => {
    const element = ref.current;
    if (!element || !isOpen(element)) return;
    if (element instanceof HTMLDialogElement) element.close();
    else element.hidePopover();
    setOpen(false);
  }, []);
  return { ref, open, show, hide };
}
