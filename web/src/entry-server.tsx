import { AsyncLocalStorage } from 'node:async_hooks';
import type { Writable } from 'node:stream';
import {
  AUTH_ROUTES,
  isLanguage,
  matchWebRoute,
  type Language,
  type PageRender,
  type RenderPage,
  type RenderRequest,
} from '@gomeum/contracts';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { prefetchFirstPage, type EmbeddedState } from './app/first-page.ts';
import { App, preloadPage } from './app/router.tsx';
import { meQuery } from './features/auth/index.ts';
import ko from './i18n/ko.json';
import zh from './i18n/zh.json';
import { answerServerReads, type ServerReads } from './lib/api-client.ts';
import { APP_NAME, RenderedTitle } from './lib/document-title.ts';
import { HydrationMarksProvider, renderedMarks } from './lib/hydration.tsx';
import { renderingI18n } from './lib/i18n.ts';
import { queryKeyHash } from './lib/query-key-hash.ts';
import { SpriteSheet } from './lib/illustrations/sprite-sheet.ts';
import { symbolsUsed } from './app/sprite-sheet-server.ts';

/**
 * The server's render of a page (built by `vite build --ssr` into `web/dist-ssr`, loaded by the
 * server's web routes): the same routes, pages and strings as the browser's app, rendered with
 * React's `renderToPipeableStream` into the page's `#root`, so the page paints with its HTML,
 * before any script has arrived. The app then hydrates it (see main.tsx) from the same state.
 *
 * Each render has its own `QueryClient` (prefetched, then dehydrated into the page), its own
 * i18next instance and its own reads (an `AsyncLocalStorage`): renders run side by side.
 */

/** The reads of one render, with the address each answer came from. */
interface RenderReads extends ServerReads {
  urls: Map<unknown, string>;
}

const renderReads = new AsyncLocalStorage<RenderReads>();
answerServerReads(() => renderReads.getStore());

/**
 * Renders a page (see `RenderRequest`): resolves once its shell is rendered (React's `onShellReady`;
 * the page's data and code are in before it starts, so it is the whole page), or null when the
 * page is not rendered here: a visitor asking for a signed-in user's page (the app sends them to
 * sign in), or a read that failed (the app reads and reports it as it starts).
 */
export const renderPage: RenderPage<Writable> = (request) => {
  const reads: RenderReads = {
    urls: new Map(),
    read: (url) => request.read(url),
    answered(url, data) {
      this.urls.set(data, url);
    },
  };
  return renderReads.run(reads, () => render(request, reads));
};

async function render(request: RenderRequest, reads: RenderReads): Promise<PageRender<Writable> | null> {
  const language: Language = isLanguage(request.language) ? request.language : 'en';
  const { pathname, search } = new URL(request.url, 'http://localhost');
  // Nothing is read again or retried here: a read the render did not prefetch shows as not loaded yet.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, queryKeyHashFn: queryKeyHash } },
  });
  await prefetchFirstPage(queryClient, pathname, preloadPage);
  const queries = queryClient.getQueryCache().getAll();
  if (queries.some((query) => query.state.status !== 'success')) return null;
  const page = matchWebRoute(pathname);
  if (page && AUTH_ROUTES.includes(page.name) && !queryClient.getQueryData(meQuery.queryKey)) return null;
  const i18n = renderingI18n(language, { zh, ko });
  const marks = renderedMarks();
  const symbols = symbolsUsed();
  let title = APP_NAME;
  const takeTitle = (rendered: string) => {
    title = rendered;
  };
  const state = (): EmbeddedState => {
    const urls: Record<string, string> = {};
    const dehydrated = dehydrate(queryClient);
    for (const query of dehydrated.queries) {
      const url = reads.urls.get(query.state.data);
      if (url) urls[query.queryHash] = url;
    }
    return { queries: dehydrated, urls, marks: marks.count() };
  };
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <RenderedTitle value={takeTitle}>
        <HydrationMarksProvider marks={marks}>
          <I18nextProvider i18n={i18n}>
            <QueryClientProvider client={queryClient}>
              <SpriteSheet value={symbols.use}>
                <App ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')} />
              </SpriteSheet>
            </QueryClientProvider>
          </I18nextProvider>
        </HydrationMarksProvider>
      </RenderedTitle>,
      {
        nonce: request.nonce,
        // A boundary already complete stays in place, however large: sent apart, React would show
        // its fallback first and reveal it by script, throttled to 300 ms after the first paint
        // (a flash of the loading screen, and a later largest paint). One still waiting for data
        // is streamed when it is ready, as React does.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady: () =>
          resolve({
            title,
            state,
            sprites: symbols.sheet,
            pipe: (destination) => stream.pipe(destination),
            abort: stream.abort,
          }),
        onShellError: reject,
        onError: (error) => request.onError?.(error),
      },
    );
  });
}
