import { Writable } from 'node:stream';
import { isLanguage, type Language } from '@gomeum/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { prepareFirstPage } from './app/first-page.ts';
import { App, preloadPage } from './app/router.tsx';
import ko from './i18n/ko.json';
import zh from './i18n/zh.json';
import { clearFirstReads, provideFirstReads } from './lib/api-client.ts';
import { APP_NAME, takeRenderedTitle } from './lib/document-title.ts';
import { ServerRender } from './lib/hydration.tsx';
import { setRenderLanguage } from './lib/i18n.ts';

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
  /** URL → body of the page's first reads (`routes.me` and the page's own), as the reader's session got them. */
  reads: Record<string, unknown>;
}

/** The page's HTML (the inside of `#root`) and its tab title (in the page's language, as the app will set it). */
export interface RenderResult {
  html: string;
  title: string;
  /**
   * The inline scripts React wrote for the page, taken out of its HTML: its form-replay runtime
   * when the page has a form with an action (see `formReplayRuntime`). The server puts each in the
   * page's head and allows it by its hash (the site's CSP allows no other inline script).
   */
  scripts: string[];
}

/**
 * The script React's server render writes after a page with a form whose action is a function: it
 * holds a submit made before the app has taken the form over (the browser would otherwise send the
 * fields to the page's own address, in its query), for React to replay once it has (see
 * lib/early-submit.ts). Read once from a render of such a form, so it is always this React's own.
 */
export const formReplayRuntime: string = (() => {
  const probe = renderToString(<form action={() => undefined} />);
  const script = /<script>([^<]+)<\/script>$/.exec(probe)?.[1];
  if (!script) throw new Error(`React's form-replay runtime was not found in ${probe}`);
  return script;
})();

/** The page's HTML without React's inline scripts, and those scripts (only the ones known here). */
function takeScripts(html: string): { html: string; scripts: string[] } {
  const tag = `<script>${formReplayRuntime}</script>`;
  if (!html.includes(tag)) return { html, scripts: [] };
  return { html: html.replace(tag, ''), scripts: [formReplayRuntime] };
}

/**
 * The HTML of `element`, drawn by React's streaming server renderer once everything in it is ready
 * (every page's code and data are in before it starts, so nothing waits long): one piece, with no
 * fallback to swap later, so the page needs no inline script to finish it (the site's CSP allows
 * none but React's form-replay runtime, by its hash).
 */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failure: unknown = null;
    const stream = renderToPipeableStream(element, {
      // Every part inline, in place: a large one is otherwise sent apart, to be moved in by a script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failure)
          reject(failure instanceof Error ? failure : new Error('The page could not be drawn', { cause: failure }));
        else stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failure ??= error;
      },
    });
  });
}

async function render({ url, language, reads }: RenderInput): Promise<RenderResult> {
  const lang: Language = isLanguage(language) ? language : 'en';
  // Nothing is read again or retried here: a read the server did not make shows as not loaded yet.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  provideFirstReads(reads);
  try {
    const { pathname, search } = new URL(url);
    // Who is signed in, what the page shows first, and its code, as the app reads them as it starts.
    await prepareFirstPage(queryClient, pathname, preloadPage);
    setRenderLanguage(lang, { zh, ko });
    takeRenderedTitle();
    const drawn = await renderToHtml(
      <ServerRender value>
        <QueryClientProvider client={queryClient}>
          <App ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')} />
        </QueryClientProvider>
      </ServerRender>,
    );
    return { ...takeScripts(drawn), title: takeRenderedTitle() ?? APP_NAME };
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
