import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * A form on a page the server rendered, submitted before the page is hydrated.
 *
 * The form's own `onSubmit` handles every submit once the app has the form. Before that, nothing
 * of the app listens, and the browser would send the fields itself, to the page's own address (in
 * its query: a user's words in the address bar, the history and the server's log, and the page
 * loaded again empty). React does the holding: a form whose `action` is a function is rendered on
 * the server with a placeholder action and React's form-replay script (inline, with the response's
 * nonce), which holds such a submit; React replays it into the action once it has hydrated the form.
 *
 * React then resets the form, as after any action. The action given here keeps the fields, and
 * once that reset is done (a layout effect of the same commit), puts them back and submits the
 * form again: now through its own `onSubmit`, the way every later submit goes. So the hook needs
 * no change to a form's handler; its fields need a `name` to be kept. (A controlled field keeps
 * its state's value, which React gives back on a reset.)
 *
 * Use: `const [formRef, earlyAction] = useEarlySubmit();` then `<form ref={formRef}
 * action={earlyAction} onSubmit={onSubmit}>`, where `onSubmit` calls `event.preventDefault()` (then React calls the
 * action only for a replayed submit).
 */
export function useEarlySubmit(): [ref: RefObject<HTMLFormElement | null>, action: (fields: FormData) => void] {
  const ref = useRef<HTMLFormElement>(null);
  const held = useRef<FormData | null>(null);
  const [replays, setReplays] = useState(0);
  useLayoutEffect(() => {
    const form = ref.current;
    const fields = held.current;
    held.current = null;
    if (replays === 0 || !form || !fields) return;
    putBack(form, fields);
    form.requestSubmit();
  }, [replays]);
  const action = useCallback((fields: FormData) => {
    held.current = fields;
    setReplays((count) => count + 1);
  }, []);
  return [ref, action];
}

/** Sets the form's named fields (not file pickers, which cannot be set) to the values in `fields`. */
function putBack(form: HTMLFormElement, fields: FormData): void {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (!element.name || element.type === 'file') continue;
      const values = fields.getAll(element.name);
      if (element.type === 'checkbox' || element.type === 'radio') element.checked = values.includes(element.value);
      else if (typeof values[0] === 'string') element.value = values[0];
    } else if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
      const value = element.name ? fields.get(element.name) : null;
      if (typeof value === 'string') element.value = value;
    }
  }
}
