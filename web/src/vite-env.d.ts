/// <reference types="vite/client" />

import 'react';

declare module 'react' {
  /**
   * HTML's invoker commands (`commandfor`, `command`), which React passes to the DOM as written but
   * its types do not know yet: a button that opens or closes a dialog (or popover) with no script.
   */
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    commandfor?: string | undefined;
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover' | undefined;
  }
  /** `closedby="any"`: a click outside the dialog (its backdrop) closes it, as Escape does. */
  interface DialogHTMLAttributes<T> extends HTMLAttributes<T> {
    closedby?: 'any' | 'closerequest' | 'none' | undefined;
  }
}
