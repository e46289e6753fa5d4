import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Tests of build scripts and of the lint config run in Node (`@vitest-environment node`): no DOM.
const browser = typeof window !== 'undefined';

// Bounds, not waits: what a test waits for (findBy…, waitFor) may take more than Testing Library's
// default second on a loaded machine (a dialog's effect that opens it came later than that, with
// two other suites running), and a test more than Vitest's default five.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * What a test left behind: timers and animation frames the app's own code started and nobody
 * cancelled (a component cancels its own on unmount), and errors nobody handled. Each fails the
 * test that left it, by name, instead of failing the run later from a callback that runs once the
 * test's document is gone. (Timers a library starts, such as a query cache's clean-up, are the
 * library's business: only those started from our code count.)
 */
interface Followed {
  pending: Map<unknown, { kind: string; where: string; cancel: () => void }>;
  unhandled: unknown[];
  /** Globals and windows whose timers and error events are followed already. */
  hooked: WeakSet<object>;
  processHooked: boolean;
}
// Kept on the worker's global: files share a worker's modules (isolate: false, see
// scripts/vitest-isolation.mjs), and this file runs again for each of them, so each timer, window
// and process is hooked once, not once more per file.
const FOLLOWED = Symbol.for('gomeum.test-setup.followed');
const followed = ((globalThis as Record<symbol, unknown>)[FOLLOWED] ??= {
  pending: new Map(),
  unhandled: [],
  hooked: new WeakSet(),
  processHooked: false,
}) as Followed;
const { pending, unhandled } = followed;

/**
 * Timers of ours known to outlive their test, cancelled at its end without failing it: a
 * downloaded archive's blob URL is revoked a minute later, whoever is on screen (no component owns it).
 */
const KNOWN_LEFTOVERS = ['/src/features/account/api/account.ts:'];

/** The first stack frame outside this file, when it is our code (not a library's); else null. */
function ourCaller(): string | null {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const caller = frames.find((frame) => !frame.includes('/src/test/setup.ts'));
  if (!caller || caller.includes('/node_modules/') || !caller.includes('/src/')) return null;
  return caller.trim();
}

type Callback = (...args: unknown[]) => void;

/** Wraps `schedule` (and its `cancel`) on `target` so that what our code schedules is followed. */
function follow(
  target: Record<string, unknown>,
  kind: string,
  scheduleName: string,
  cancelName: string,
  repeats: boolean,
): void {
  const schedule = target[scheduleName] as ((callback: Callback, ...rest: unknown[]) => unknown) | undefined;
  const cancel = target[cancelName] as ((handle: unknown) => void) | undefined;
  if (typeof schedule !== 'function' || typeof cancel !== 'function') return;
  target[scheduleName] = function followed(callback: Callback, ...rest: unknown[]) {
    const where = ourCaller();
    if (!where || typeof callback !== 'function') return schedule.call(target, callback, ...rest);
    const handle: unknown = schedule.call(
      target,
      (...args: unknown[]) => {
        if (!repeats) pending.delete(handle);
        callback(...args);
      },
      ...rest,
    );
    pending.set(handle, { kind, where, cancel: () => cancel.call(target, handle) });
    return handle;
  };
  target[cancelName] = function followedCancel(handle: unknown) {
    pending.delete(handle);
    cancel.call(target, handle);
  };
}

if (browser) {
  const targets = new Set<Record<string, unknown>>([globalThis, window as unknown as Record<string, unknown>]);
  for (const target of targets) {
    if (followed.hooked.has(target)) continue;
    followed.hooked.add(target);
    follow(target, 'setTimeout', 'setTimeout', 'clearTimeout', false);
    follow(target, 'setInterval', 'setInterval', 'clearInterval', true);
    follow(target, 'requestAnimationFrame', 'requestAnimationFrame', 'cancelAnimationFrame', false);
  }
  if (!followed.hooked.has(window.document)) {
    followed.hooked.add(window.document);
    window.addEventListener('error', (event) => unhandled.push(event.error ?? event.message));
    window.addEventListener('unhandledrejection', (event) => unhandled.push(event.reason));
  }
}
if (!followed.processHooked) {
  followed.processHooked = true;
  process.on('unhandledRejection', (reason) => unhandled.push(reason));
}

/**
 * jsdom has no <dialog> modality, and knows no popovers and no invoker commands (a button's
 * `popovertarget`, `commandfor` and `command`): a stand-in for what the tests see of them, as
 * Chromium does it. A dialog or popover is open or not (`open`, `:popover-open`), each change sends
 * `toggle`, and a pressed button opens or closes what it names once the page's own handlers have
 * run (unless one prevented it).
 */
if (browser) {
  const OPEN = 'data-test-popover-open';
  const toggled = (element: Element, newState: 'open' | 'closed') =>
    element.dispatchEvent(
      Object.assign(new Event('toggle'), { newState, oldState: newState === 'open' ? 'closed' : 'open' }),
    );
  const showPopover = function showPopover(this: HTMLElement) {
    if (this.hasAttribute(OPEN)) return;
    // An automatic popover closes the others, as the platform does.
    if (this.getAttribute('popover') !== 'manual') {
      for (const other of document.querySelectorAll<HTMLElement>(`[popover]:not([popover="manual"])[${OPEN}]`))
        other.hidePopover();
    }
    this.setAttribute(OPEN, '');
    toggled(this, 'open');
  };
  const hidePopover = function hidePopover(this: HTMLElement) {
    if (!this.hasAttribute(OPEN)) return;
    this.removeAttribute(OPEN);
    toggled(this, 'closed');
  };
  Object.assign(HTMLElement.prototype, {
    showPopover,
    hidePopover,
    togglePopover(this: HTMLElement) {
      if (this.hasAttribute(OPEN)) this.hidePopover();
      else this.showPopover();
    },
  });
  if (!('command' in HTMLButtonElement.prototype)) {
    const matches = Object.getOwnPropertyDescriptor(Element.prototype, 'matches')?.value as (
      this: Element,
      selectors: string,
    ) => boolean;
    Element.prototype.matches = function popoverMatches(this: Element, selectors: string) {
      return matches.call(this, selectors.replaceAll(':popover-open', `[${OPEN}]`));
    };
    Object.defineProperty(HTMLButtonElement.prototype, 'command', {
      get(this: HTMLButtonElement) {
        return this.getAttribute('command') ?? '';
      },
    });
  }
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute('open', '');
    toggled(this, 'open');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    toggled(this, 'closed');
    this.dispatchEvent(new Event('close'));
  };
  if (!followed.hooked.has(document.documentElement)) {
    followed.hooked.add(document.documentElement);
    const style = document.createElement('style');
    style.id = 'test-popover-style';
    // (jsdom's own style sheet hides every popover.)
    style.textContent = `[popover]:not([${OPEN}]) { display: none; } [popover][${OPEN}] { display: block !important; }`;
    document.head.append(style);
    document.addEventListener('click', pressed);
  }
  function pressed(event: MouseEvent) {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || event.defaultPrevented || button.disabled) return;
    const popover = document.getElementById(button.getAttribute('popovertarget') ?? '');
    if (popover) {
      const action = button.getAttribute('popovertargetaction') ?? 'toggle';
      if (action === 'show') popover.showPopover();
      else if (action === 'hide') popover.hidePopover();
      else popover.togglePopover();
    }
    const target = document.getElementById(button.getAttribute('commandfor') ?? '');
    const command = button.getAttribute('command');
    if (target instanceof HTMLDialogElement && command === 'show-modal') target.showModal();
    if (target instanceof HTMLDialogElement && (command === 'close' || command === 'request-close')) target.close();
    if (target && command === 'show-popover') target.showPopover();
    if (target && command === 'hide-popover') target.hidePopover();
    if (target && command === 'toggle-popover') target.togglePopover();
  }
}

beforeEach(() => {
  pending.clear();
  unhandled.length = 0;
});

afterEach(() => {
  if (browser) {
    cleanup();
    localStorage.clear();
  }
  const everything = [...pending.values()];
  for (const { cancel } of everything) cancel();
  pending.clear();
  const left = everything.filter(({ where }) => !KNOWN_LEFTOVERS.some((known) => where.includes(known)));
  const errors = unhandled.splice(0);
  if (errors.length > 0) {
    throw new AggregateError(
      errors.map((error) => (error instanceof Error ? error : new Error(String(error)))),
      `the test left ${errors.length} unhandled error(s)`,
    );
  }
  if (left.length > 0) {
    throw new Error(
      `the test left ${left.length} timer(s) or frame(s) running after its components were unmounted:\n` +
        left.map(({ kind, where }) => `  ${kind} started ${where}`).join('\n'),
    );
  }
});
