import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from './lib/router/index.ts';
import { refetchOnMount, renderedPageReady, takeRenderedPage } from './app/first-page.ts';
// The contracts and the API client above; the app's frame and pages below, in a task of their own.
import './lib/task-break.ts';
import { createAppRouter } from './app/router.tsx';
import { checkVersion } from './app/version-check.ts';
import { registerServiceWorker } from './features/push/index.ts';
import './lib/autofocus.ts';
import {
  allTurnsTaken,
  announcePartTaken,
  EffectsProbe,
  effectsRun,
  takeOver,
  TAKEN_OVER_EVENT,
} from './lib/hydrate-later.tsx';
import { currentLanguage, initI18n } from './lib/i18n.ts';
import { IdRoot } from './lib/use-id.tsx';
import { nextTask, whenIdle } from './lib/when-idle.ts';
import './styles/global.css';

const i18nReady = initI18n();
// A stale tab reloads once onto the new build. (The dev server rebuilds on its own, so it skips the check.)
const versionChecked = import.meta.env.DEV ? Promise.resolve('current') : checkVersion();

/** Resolves once the app shows the page (on a page the server drew, once it has taken all of it over). */
let appShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => {
  appShown = resolve;
});
const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});
// The service worker registers after the version check, once the page has loaded and is the app's,
// in an idle moment: installing, it downloads the whole build for offline use (a few dozen files),
// which would otherwise compete with the page's own files and its taking over for a phone's link and
// cores. (A prompt to turn on notifications waits for it: `navigator.serviceWorker.ready`.)
void Promise.all([versionChecked, loaded, shown]).then(([result]) => {
  if (result !== 'reloaded') whenIdle(() => void registerServiceWorker());
});

const queryClient = new QueryClient({
  defaultOptions: {
    // Offline, reads still go out once: the service worker answers them with the last-read data.
    // Writes go out too (never held back), so they fail at once with the "you're offline" message.
    // The first page's data, read by its loaders just before it renders, is not read again as it mounts.
    queries: { retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst', refetchOnMount },
    mutations: { networkMode: 'always' },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The chosen language's strings come first, so a zh or ko reader never sees English flash by.
// On a page the server has drawn, the app starts once the page's code and data are in, and takes
// the server's page over in place (hydration: the same DOM nodes, nothing flashes or moves). A
// page drawn in another language than the reader's (their choice is newer than the server knew)
// is drawn afresh instead.
void i18nReady.then(async () => {
  const rendered = takeRenderedPage(root);
  // The page is on screen already: its code was just evaluated, the router starts in a task of its own.
  if (rendered) await nextTask();
  const router = createAppRouter(queryClient);
  if (rendered) await renderedPageReady(router, queryClient);
  const app = (
    <StrictMode>
      <IdRoot>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
        <EffectsProbe />
      </IdRoot>
    </StrictMode>
  );
  if (rendered && root.dataset.rendered === currentLanguage()) {
    // And the taking over in one of its own (a tap meanwhile is answered in between).
    await nextTask();
    takeOver(() => hydrateRoot(root, app));
    // The frame is the app's now (its later parts are announced as each is taken over).
    announcePartTaken();
  } else createRoot(root).render(app);
  // Taps and typing that came before are handed over once all of the page is the app's (boot.ts).
  // (And once their effects have run: a held tap made before a component listens would lose its answer.)
  if (rendered) {
    void allTurnsTaken()
      .then(effectsRun)
      .then(() => {
        document.dispatchEvent(new Event(TAKEN_OVER_EVENT));
        appShown();
      });
  } else appShown();
});
