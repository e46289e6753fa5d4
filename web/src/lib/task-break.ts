/**
 * A break in the app's start: the modules imported before this one are evaluated in one task, those
 * after it in the next (a module that awaits at its top level holds back the evaluation of what is
 * imported after it). On a phone, evaluating all of the app's code at once keeps the page from
 * answering a tap for longer than a tenth of a second; in two halves, neither blocks it as long.
 */
await new Promise<void>((resolve) => setTimeout(resolve, 0));

export {};
