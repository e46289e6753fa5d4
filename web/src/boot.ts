/**
 * The first script of a page the server has drawn. The server writes it into the page itself, at
 * the top of its `<body>` (server/src/features/web/page-preloads.ts, allowed by the hash of its
 * text), so it runs before any of the drawn page can be tapped, and costs no request. It runs as
 * a classic script: it imports nothing and exports nothing, and the server wraps it in a function
 * of its own.
 *
 * It starts the app (main.tsx) once the browser has painted the page: on a phone's slow link the
 * app's scripts would otherwise share the link with the page's HTML and styles, and its
 * evaluation the main thread with the first paint. Until the app has taken the page over, it holds
 * what the reader does: taps on buttons and submits of forms wait, and are made then; what is
 * typed is handed to the app as the app takes each part of the page over.
 */

/** Most a drawn page waits for its paint: a browser that reports none starts the app anyway. */
const PAINT_WAIT_MS = 1000;
/** How many of the app's files a task asks for at most (see `start`). */
const PRELOADS_PER_TASK = 6;
/** Sent by the app once the whole page is its own (main.tsx, `TAKEN_OVER_EVENT`). */
const TAKEN_OVER = 'gomeum:taken-over';
/** Sent by the app each time it has taken a part of the page over (lib/hydrate-later.tsx, `PART_TAKEN_EVENT`). */
const PART_TAKEN = 'gomeum:part-taken';

type Field = HTMLInputElement | HTMLTextAreaElement;

/** A held tap: the button, and how to find it again should the app have drawn it anew. */
interface HeldTap {
  target: HTMLElement;
  /** Its place under #root: the index of each element on the way down. */
  place: number[];
  text: string;
}

const held: HeldTap[] = [];
/** What was typed in each field before the app had it (the last value of each). */
const typed = new Map<Field, string>();

const placeOf = (element: Element): number[] => {
  const place: number[] = [];
  let node = element;
  let parent = node.parentElement;
  while (node.id !== 'root' && parent) {
    place.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
    parent = node.parentElement;
  }
  return place;
};

const atPlace = (place: number[]): Element | null => {
  let node: Element | null | undefined = document.getElementById('root');
  for (const index of place) node = node?.children[index];
  return node ?? null;
};

const hold = (event: MouseEvent) => {
  const target = event.target instanceof Element ? event.target.closest('button, [role="button"]') : null;
  if (!(target instanceof HTMLElement)) return;
  event.preventDefault();
  event.stopPropagation();
  // A second tap on the same button while waiting is the same wish, not a second one.
  if (held.some((tap) => tap.target === target)) return;
  held.push({ target, place: placeOf(target), text: target.textContent });
};

// A form sent without a button's tap (Enter in a lone field) is not sent by the browser: no field
// of a drawn page ever leaves in an address. (A tap on its button is held above.)
const holdSubmit = (event: Event) => event.preventDefault();

const remember = (event: Event) => {
  const field = event.target;
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    typed.set(field, field.value);
  }
};

/**
 * Hands what was typed to the app: each field typed in gets its text back should a render have
 * cleared it, and an `input` event, as if typed now (a part the app has not taken over yet
 * ignores it; one it has takes the text into its state, so no later render clears it).
 */
const handOver = () => {
  for (const [field, value] of typed) {
    if (!field.isConnected) continue;
    if (field.value !== value) field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
};

const release = () => {
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', holdSubmit, true);
  document.removeEventListener('input', remember, true);
  document.removeEventListener(PART_TAKEN, handOver);
  handOver();
  typed.clear();
  // The taps after the app has taken in what was typed (it renders once in between).
  setTimeout(() => {
    for (const tap of held.splice(0)) {
      let target: Element | null = tap.target;
      // Drawn anew by the app: the button now at its place, if it is the same button.
      if (!target.isConnected) {
        target = atPlace(tap.place);
        if (!(target instanceof HTMLElement) || target.textContent !== tap.text) target = null;
      }
      if (target instanceof HTMLElement) target.click();
    }
  }, 0);
};

document.addEventListener('click', hold, true);
document.addEventListener('submit', holdSubmit, true);
document.addEventListener('input', remember, true);
document.addEventListener(PART_TAKEN, handOver);
document.addEventListener(TAKEN_OVER, release, { once: true });

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
  if (!(preloads instanceof HTMLTemplateElement) || !entry) {
    release();
    return;
  }
  // A few at a time, each few in a task of its own: starting a request costs the main thread a
  // moment, two dozen at once a long task on a phone. The entry's come first, and the entry starts
  // with them.
  const links = Array.from(preloads.content.children);
  const appendSome = () => {
    document.head.append(...links.splice(0, PRELOADS_PER_TASK));
    if (links.length > 0) setTimeout(appendSome, 0);
  };
  appendSome();
  // Should the app not load (the link dropped), the page's links still work and its buttons no
  // longer wait for it; a reload then starts it again.
  import(/* @vite-ignore */ entry).catch(release);
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
