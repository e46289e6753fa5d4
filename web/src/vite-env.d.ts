/// <reference types="vite/client" />

import 'react';

declare global {
  /**
   * Whether the art's drawings carry the code that draws their insides: true where the sprite files
   * are made and checked (web/scripts, tests); the app's builds define it false (vite.config.ts).
   */
  const ART_DRAWINGS: boolean;
}

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
