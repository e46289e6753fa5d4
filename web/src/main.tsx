import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { firstPageFreshness, hydrateRenderedState, prefetchFirstPage } from './app/first-page.ts';
import { App, preloadPage } from './app/router.tsx';
import { checkVersion } from './app/version-check.ts';
import { registerServiceWorker } from './features/push/index.ts';
import { hydrationMarks, HydrationMarksProvider } from './lib/hydration.tsx';
import { currentLanguage, initI18n } from './lib/i18n.ts';
import { whenIdle } from './lib/when-idle.ts';
import './styles/global.css';

const i18nReady = initI18n();
// A stale tab reloads once onto the new build. (The dev server rebuilds on its own, so it skips the check.)
const versionChecked = import.meta.env.DEV ? Promise.resolve('current') : checkVersion();

/** Resolves once the app shows the page. */
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
// which would otherwise compete with the page's own files and its hydration for a phone's link and
// cores. (A prompt to turn on notifications waits for it: `navigator.serviceWorker.ready`.)
void Promise.all([versionChecked, loaded, shown]).then(([result]) => {
  if (result !== 'reloaded') whenIdle(() => void registerServiceWorker());
});

// What the first page is rendered from is not read again while it is shown (first-page.ts).
const freshness = firstPageFreshness();
const queryClient = new QueryClient({
  defaultOptions: {
    // Offline, reads still go out once: the service worker answers them with the last-read data.
    // Writes go out too (never held back), so they fail at once with the "you're offline" message.
    queries: { retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst', staleTime: freshness.staleTime },
    mutations: { networkMode: 'always' },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The chosen language's strings come first, so a zh or ko reader never sees English flash by. The
// first page's code and data come next (on a page the server rendered, its queries are hydrated
// from the page), so the page renders once, as the server rendered it. That page is hydrated in
// place (the same DOM nodes, nothing flashes or moves; taps meanwhile are React's to replay); one
// rendered in another language than the reader's (their choice is newer than the server knew) is
// rendered afresh instead.
void i18nReady.then(async () => {
  const rendered = hydrateRenderedState(root, queryClient);
  await prefetchFirstPage(queryClient, window.location.pathname, preloadPage);
  const readAt = freshness.firstPageRead(queryClient);
  const hydrating = rendered !== null && root.dataset.rendered === currentLanguage();
  // Hydration is done once every Suspense boundary the server rendered is (hydration.tsx).
  const marks = hydrating ? hydrationMarks(root, rendered.marks) : null;
  const app = (
    <StrictMode>
      <HydrationMarksProvider marks={marks}>
        <QueryClientProvider client={queryClient}>
          <App firstPageReadAt={readAt} />
        </QueryClientProvider>
      </HydrationMarksProvider>
    </StrictMode>
  );
  if (hydrating) {
    hydrateRoot(root, app, {
      // A part that came out differently than the server rendered it (its data changed in between,
      // a live event say) is rendered afresh by React, as it should be: worth a warning, not an error.
      onRecoverableError: (error) => console.warn('a hydration mismatch: rendered afresh', error),
    });
  } else createRoot(root).render(app);
  appShown();
});
