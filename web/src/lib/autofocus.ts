import { options, type VNode } from 'preact';

/**
 * React's `autoFocus`: the element takes the focus once, when it is first put on the page (Preact
 * only writes the `autofocus` attribute, which a browser honours on page load and when a dialog
 * opens, not when a confirmation step replaces a form). Imported once by the app and by the tests.
 */
const done = new WeakSet<Element>();
let pending: HTMLElement[] = [];
// eslint-disable-next-line @typescript-eslint/unbound-method -- Preact's hook, a plain function to chain
const previous = options.diffed;

options.diffed = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: unknown } | null;
  if (props?.autoFocus && typeof vnode.type === 'string') {
    // Preact's (stable, mangled) name for the vnode's DOM element.
    const element = (vnode as VNode & { __e?: HTMLElement | null }).__e;
    if (element && !done.has(element)) {
      done.add(element);
      if (pending.length === 0) queueMicrotask(flush);
      pending.push(element);
    }
  }
  previous?.(vnode);
};

/** After the render has put the elements in the document (which a focus needs). */
function flush() {
  const elements = pending;
  pending = [];
  for (const element of elements) if (element.isConnected) element.focus();
}
