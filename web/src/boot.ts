/**
 * The first script of a page the server has drawn. The server writes it into the page itself, at
 * the top of its `<body>` (server/src/features/web/page-preloads.ts, allowed by the hash of its
 * text), so it costs no request. It runs as a classic script: it imports nothing and exports
 * nothing, and the server wraps it in a function of its own.
 *
 * It starts the app (main.tsx, which hydrates the page) once the browser has painted the page: on
 * a phone's slow link the app's scripts would otherwise share the link with the page's HTML and
 * styles, and its evaluation the main thread with the first paint. Until then the page works as
 * HTML does (its links open, the register page's forms are posted by the browser itself); once the
 * app is there, a tap in a part not yet hydrated is React's to replay.
 */

/** Most a drawn page waits for its paint: a browser that reports none starts the app anyway. */
const PAINT_WAIT_MS = 1000;
/** How many of the app's files a task asks for at most (see `start`). */
const PRELOADS_PER_TASK = 6;

let started = false;
const start = () => {
  if (started) return;
  started = true;
  // The app's entry and its imports (and the page's), listed by the server in an inert template
  // in the head: fetched now, all at once, and the entry started. (By its address: this script
  // shares no code with the app, so the app's files are exactly those of a page the server has
  // not drawn.)
  const preloads = document.querySelector('template[data-entry]');
  const entry = preloads instanceof HTMLTemplateElement ? preloads.dataset.entry : undefined;
  if (!(preloads instanceof HTMLTemplateElement) || !entry) return;
  // A few at a time, each few in a task of its own: starting a request costs the main thread a
  // moment, two dozen at once a long task on a phone. The entry's come first, and the entry starts
  // with them.
  const links = Array.from(preloads.content.children);
  const appendSome = () => {
    document.head.append(...links.splice(0, PRELOADS_PER_TASK));
    if (links.length > 0) setTimeout(appendSome, 0);
  };
  appendSome();
  // Should the app not load (the link dropped), the page still works as HTML; a reload starts it again.
  import(/* @vite-ignore */ entry).catch((error: unknown) => console.warn('the app did not start', error));
};

/** Starts the app once the page is all there (main.tsx needs it) and has painted. */
const startWhenParsed = () => {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
};

const painted = () => performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint');
if (document.visibilityState === 'hidden' || painted() || typeof PerformanceObserver === 'undefined') {
  startWhenParsed();
} else {
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
    observer.disconnect();
    // After the paint's own task.
    setTimeout(startWhenParsed, 0);
  });
  observer.observe({ type: 'paint' });
  setTimeout(() => {
    observer.disconnect();
    startWhenParsed();
  }, PAINT_WAIT_MS);
}
