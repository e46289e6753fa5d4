import { isLanguage, type Language } from '@gomeum/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'preact-render-to-string';
import { createMemoryRouter, RouterProvider, routerReady } from './lib/router/index.ts';
import { appRoutes } from './app/router.tsx';
import { meQuery } from './features/auth/index.ts';
import ko from './i18n/ko.json';
import zh from './i18n/zh.json';
import { clearFirstReads, provideFirstReads } from './lib/api-client.ts';
import { APP_NAME, takeRenderedTitle } from './lib/document-title.ts';
import { setRenderLanguage } from './lib/i18n.ts';
import { IdRoot } from './lib/use-id.tsx';

/**
 * The server's render of a page (built by `vite build --ssr` into `web/dist-ssr`, loaded by the
 * server's web routes): the same routes, pages and strings as the browser's app, drawn once into
 * HTML so the page paints with the HTML, before any script has arrived. The app then starts on it
 * (see main.tsx), taking the same embedded answers for its first reads.
 */

/** What the server asks for: a page, the reader's language, and the API answers it read for them. */
export interface RenderInput {
  /** The page's full URL (origin, path and query). */
  url: string;
  language: string;
  /** URL → body of the page's first reads (`/api/me` and the page's own), as the reader's session got them. */
  reads: Record<string, unknown>;
}

/** The page's HTML (the inside of `#root`) and its tab title (in the page's language, as the app will set it). */
export interface RenderResult {
  html: string;
  title: string;
}

async function render({ url, language, reads }: RenderInput): Promise<RenderResult> {
  const lang: Language = isLanguage(language) ? language : 'en';
  // Nothing is read again or retried here: a read the server did not make shows as not loaded yet.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  provideFirstReads(reads);
  try {
    const { pathname, search } = new URL(url);
    const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [`${pathname}${search}`] });
    // The page's code and its loaders' reads (the signed-in pages' read who is signed in, too).
    await routerReady(router);
    router.dispose();
    // Who is signed in, for the frame.
    await queryClient.query(meQuery).catch(() => undefined);
    setRenderLanguage(lang, { zh, ko });
    takeRenderedTitle();
    const html = renderToString(
      <IdRoot>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </IdRoot>,
    );
    return { html, title: takeRenderedTitle() ?? APP_NAME };
  } finally {
    clearFirstReads();
    queryClient.clear();
  }
}

/**
 * One render at a time: the embedded answers and the language are the process's (as they are the
 * tab's in the browser), and a render is mostly synchronous work, so queueing costs nothing.
 */
let queue: Promise<unknown> = Promise.resolve();

/** Renders a page (see `RenderInput`); renders queue one behind another. */
export function renderPage(input: RenderInput): Promise<RenderResult> {
  const result = queue.then(() => render(input));
  queue = result.catch(() => undefined);
  return result;
}
