import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  acceptedLanguageTags,
  DEHYDRATED_STATE_ELEMENT_ID,
  isLanguage,
  LANGUAGE_COOKIE,
  preferredLanguage,
  type Language,
  type PageRender,
  type RenderPage,
  type ServerReply,
  type WebRoute,
} from '@gomeum/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../lib/zod-provider.ts';
import { builtFile } from './built-file.ts';
import { escapeHtml, HTML_LANG } from './share-tags.ts';

/** What the web build's render of a page (`web/src/entry-server.tsx`, built to `web/dist-ssr`) exports. */
export interface RenderModule {
  renderPage: RenderPage<Writable>;
}

/**
 * Where the render of a web build lives: `web/dist` → `web/dist-ssr` (next to it, never in the
 * served folder).
 */
export function renderDirOf(webDist: string): string {
  return `${webDist.replace(/[\\/]+$/, '')}-ssr`;
}

/**
 * The build's render module, loaded again when its file changes on disk (a web build deployed
 * next to a running server, like `index.html`); null when the build has none.
 */
export function renderModuleReader(renderDir: string): () => Promise<RenderModule | null> {
  return builtFile<RenderModule | null>(
    path.join(renderDir, 'entry-server.js'),
    // A new file is a new module: its address names its modification time.
    async (file, mtimeMs) => (await import(`${pathToFileURL(file).href}?v=${mtimeMs}`)) as RenderModule,
    null,
  );
}

/**
 * The language the reader's app shows: the one it last told the server (its cookie), else, on a
 * first visit, the first of ours among the browser's languages (`Accept-Language`), else English.
 * The app starts in the language the page was rendered in when it has no choice stored (i18n.ts).
 */
export function renderLanguage(cookies: Record<string, string | undefined>, acceptLanguage?: string): Language {
  const value = cookies[LANGUAGE_COOKIE];
  return isLanguage(value) ? value : preferredLanguage(acceptedLanguageTags(acceptLanguage));
}

/**
 * The pages the server renders: the ones a visitor opens first, signed out, and a signed-in user's
 * galaxy, planets, moon and task pages. Their paint then comes with the HTML (the first
 * contentful paint is the largest one, docs/BENCHMARKS.md), and the app hydrates them.
 */
export const RENDERED_PAGES: readonly WebRoute[] = ['home', 'register', 'galaxy', 'moon', 'planet', 'task'];

/** A fresh CSP nonce for one response (128 random bits). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * How the render reads the API for the asking reader, with the same checks and reply as the app's
 * own read of it would get: a read registered with its route (`addRead`) is answered in the
 * process, for the reader the page's request resolved (`app.serverReads`); any other, and anything
 * but a success, through the server's own routes (`app.inject` with the reader's cookie and address).
 */
export function readerFor(app: App, request: FastifyRequest): (url: string) => Promise<ServerReply> {
  return async (url) => {
    const answer = await app.serverReads.answer(url, request);
    if (answer) return answer;
    const response = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: { cookie: request.headers.cookie ?? '', accept: 'application/json', 'user-agent': 'gomeum-render' },
    });
    let body: unknown = null;
    try {
      body = response.json<unknown>();
    } catch {
      // Not JSON: the status says what happened.
    }
    return { status: response.statusCode, body };
  };
}

/**
 * JSON that cannot end its `<script>` element or break out of it: `<`, `>`, `&` and the two line
 * separators JavaScript once refused are written as escapes.
 */
export function embeddedJson(value: unknown): string {
  return JSON.stringify(value).replace(
    UNSAFE_IN_SCRIPT,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** What `embeddedJson` writes as an escape, in one pass over the text. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

const ROOT = '<div id="root"></div>';

/**
 * The shell around a rendered page, in two parts: before `#root`'s content (the page's language in
 * `<html lang>`, its tab title, and a render-blocking `<link rel="expect">` naming the embedded
 * state, so nothing is painted before the whole page is parsed: a planet page painted while half
 * parsed moved as the rest arrived) and after it (the state the page was rendered from, embedded
 * as JSON for the app to hydrate, then the rest of the shell). The sheet of the art's symbols goes between
 * the two, so they too are parsed before the first paint.
 */
export function pageAround(
  html: string,
  { title, language }: { title: string; language: Language },
): { head: string; tail: (state: unknown, sprites?: string) => string } {
  const at = html.indexOf(ROOT);
  if (at < 0) throw new Error(`The shell has no ${ROOT}`);
  const expect = `<link rel="expect" href="#${DEHYDRATED_STATE_ELEMENT_ID}" blocking="render" />`;
  const head = html
    .slice(0, at)
    .replace(/<html lang="[^"]*"/, () => `<html lang="${HTML_LANG[language]}"`)
    .replace('</head>', () => `  ${expect}\n  </head>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  const rest = html.slice(at + ROOT.length);
  return {
    head: `${head}<div id="root" data-rendered="${language}">`,
    tail: (state, sprites = '') =>
      `</div>${sprites}\n    <script type="application/json" id="${DEHYDRATED_STATE_ELEMENT_ID}">${embeddedJson(state)}</script>${rest}`,
  };
}

/**
 * The page as one stream: `head`, React's stream of the page, then `tail` with the state the page
 * was rendered from and the art it used (read once React has written all of it). Honours the stream's backpressure.
 */
export function streamPage(
  render: PageRender<Writable>,
  head: string,
  tail: (state: unknown, sprites: string) => string,
): PassThrough {
  const page = new PassThrough();
  page.write(head);
  const content = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (page.write(chunk)) done();
      else page.once('drain', () => done());
    },
    final(done) {
      page.end(tail(render.state(), render.sprites()));
      done();
    },
  });
  render.pipe(content);
  return page;
}
