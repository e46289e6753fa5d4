import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  acceptedLanguageTags,
  AUTH_ROUTES,
  FIRST_READS_ELEMENT_ID,
  isLanguage,
  LANGUAGE_COOKIE,
  matchWebRoute,
  preferredLanguage,
  type Language,
  type WebRoute,
} from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../lib/zod-provider.ts';
import { pageReads } from './page-preloads.ts';
import { escapeHtml, HTML_LANG } from './share-tags.ts';

/** What the web build's server render (`web/src/entry-server.tsx`, built to `web/dist-ssr`) exports. */
interface RenderModule {
  renderPage(input: { url: string; language: string; reads: Record<string, unknown> }): Promise<RenderedPage | null>;
}

/** A page as the build's server render drew it: the inside of `#root`, and its tab title. */
export interface RenderedPage {
  html: string;
  /** Absent from a render built before titles were drawn. */
  title?: string | undefined;
  /**
   * Inline scripts React wrote for the page (its form-replay runtime, which holds a form submitted
   * before the app has the page for React to replay): put in the head, each allowed by its hash.
   * Absent from a render built before forms had actions.
   */
  scripts?: readonly string[] | undefined;
}

/**
 * Where the server render of a web build lives: `web/dist` → `web/dist-ssr` (next to it, never
 * in the served folder).
 */
export function renderDirOf(webDist: string): string {
  return `${webDist.replace(/[\\/]+$/, '')}-ssr`;
}

/**
 * The build's server render, loaded again whenever its file changes on disk (a web build deployed
 * next to a running server, like `index.html`); null when the build has none.
 */
export function renderModuleReader(renderDir: string): () => Promise<RenderModule | null> {
  const file = path.join(renderDir, 'entry-server.js');
  let cached: { mtimeMs: number; module: Promise<RenderModule | null> } | null = null;
  return async () => {
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.promises.stat(file)).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const url = `${pathToFileURL(file).href}?v=${mtimeMs}`;
      cached = { mtimeMs, module: import(url).then((module: RenderModule) => module) };
    }
    return cached.module;
  };
}

/**
 * The language the reader's app shows: the one it last told the server (its cookie), else, on a
 * first visit, the first of ours among the browser's languages (`Accept-Language`), else English.
 * The app starts in the language the page was drawn in when it has no choice stored (i18n.ts).
 */
export function renderLanguage(cookies: Record<string, string | undefined>, acceptLanguage?: string): Language {
  const value = cookies[LANGUAGE_COOKIE];
  return isLanguage(value) ? value : preferredLanguage(acceptedLanguageTags(acceptLanguage));
}

/**
 * The pages the server draws: the ones a visitor opens first, signed out, and a signed-in user's
 * galaxy, planets, moon and task pages. Their paint then comes with the HTML (the first
 * contentful paint is the largest one, docs/BENCHMARKS.md), and the app takes each over with
 * React's `hydrateRoot`, keeping the drawings as the server drew them.
 */
export const DRAWN_PAGES: readonly WebRoute[] = ['home', 'register', 'galaxy', 'moon', 'planet', 'task'];

/**
 * The API answers a drawn page shows first, read for the asking visitor through the server's own
 * routes (their session, checks and reply exactly as the app's own read would get them): who is
 * signed in (`routes.me`, null for a visitor), and on a signed-in user's page what it shows first
 * (the reads its HTML would otherwise preload, see page-preloads.ts). Null when the page is not
 * drawn here, when a visitor asks for a signed-in user's page (the app sends them to sign in), or
 * when a read failed (the app then reads and reports as it always has).
 */
export async function readFirstPage(
  app: App,
  request: FastifyRequest,
  pathname: string,
): Promise<Record<string, unknown> | null> {
  const page = matchWebRoute(pathname);
  if (!page || !DRAWN_PAGES.includes(page.name)) return null;
  const read = async (url: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: { cookie: request.headers.cookie ?? '', accept: 'application/json', 'user-agent': 'gomeum-render' },
    });
    return response.statusCode === 200 ? { ok: true as const, body: response.json<unknown>() } : { ok: false as const };
  };
  const me = await read(routes.me.path);
  if (!me.ok) return null;
  const reads: Record<string, unknown> = { [routes.me.path]: me.body };
  if (!AUTH_ROUTES.includes(page.name)) return reads;
  // A signed-in user's page: not drawn for a visitor (the app sends them to sign in).
  if (me.body === null) return null;
  const urls = pageReads(page.name, page.params);
  const answers = await Promise.all(urls.map(read));
  for (const [index, url] of urls.entries()) {
    const answer = answers[index];
    if (!answer?.ok) return null;
    reads[url] = answer.body;
  }
  return reads;
}

/**
 * Embedded answers as JSON that cannot end its `<script>` element or break out of it: `<`, `>`,
 * `&` and the two line separators JavaScript once refused are written as escapes.
 */
export function embeddedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The shell with the rendered page inside `#root` (in `language`, which `<html lang>` now says),
 * its tab title (the one the app sets, so the tab and a search engine see it before any script),
 * and the answers it was rendered from, embedded for the app's first reads. The browser paints
 * nothing of the page before all of it is in (`<link rel="expect" blocking="render">` naming the
 * answers' element, which follows the page): a page painted while half parsed, its top part alone
 * (a planet page's art, centred on its own), moved as the rest arrived.
 */
export function withRenderedPage(
  html: string,
  rendered: RenderedPage,
  reads: Record<string, unknown>,
  language: Language,
): string {
  const data = `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">${embeddedJson(reads)}</script>`;
  const { title } = rendered;
  const whole = `<link rel="expect" href="#${FIRST_READS_ELEMENT_ID}" blocking="render" />`;
  // (Before the page, so that it listens before anything can be submitted.)
  const scripts = inlineScripts(rendered)
    .map((script) => `  <script>${script}</script>\n`)
    .join('');
  return html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${HTML_LANG[language]}"`)
    .replace('</head>', () => `  ${whole}\n${scripts}  </head>`)
    .replace(/<title>[^<]*<\/title>/, (shell) => (title ? `<title>${escapeHtml(title)}</title>` : shell))
    .replace(
      '<div id="root"></div>',
      () => `<div id="root" data-rendered="${language}">${rendered.html}</div>\n    ${data}`,
    );
}

/** The page's inline scripts: each must be one that cannot end its element early (none of ours can). */
function inlineScripts(rendered: RenderedPage): readonly string[] {
  const scripts = rendered.scripts ?? [];
  for (const script of scripts) {
    if (/<\/script/i.test(script) || script.includes('<!--'))
      throw new Error('An inline script would end its element early');
  }
  return scripts;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

/**
 * The Content-Security-Policy of a drawn page: the site's policy, plus
 * - the style attributes its drawings carry (a star layer's twinkle, a meteor's path), each allowed
 *   by the hash of its exact value (`'unsafe-hashes'`), so that this page's art paints with its HTML
 *   and no other inline style is allowed (the app sets styles through the DOM afterwards, which a
 *   policy does not limit);
 * - the inline scripts React wrote for it (see `RenderedPage.scripts`), each by its hash, added to
 *   the policy's `script-src` (a second `script-src` would be ignored).
 */
export function drawnPagePolicy(policy: string, rendered: RenderedPage): string {
  let drawn = policy;
  const scripts = inlineScripts(rendered);
  if (scripts.length > 0) {
    const hashes = [...new Set(scripts)].map(sha256).sort().join(' ');
    if (!/(^|;)\s*script-src\s/.test(drawn)) throw new Error('The policy has no script-src to add hashes to');
    drawn = drawn.replace(
      /(^|;)(\s*script-src\s[^;]*)/,
      (_whole, start: string, directive: string) => `${start}${directive} ${hashes}`,
    );
  }
  const values = new Set(
    [...rendered.html.matchAll(/ style="([^"]*)"/g)].map(([, value = '']) =>
      value.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_entity, name: string) => ENTITY[name] ?? ''),
    ),
  );
  if (values.size === 0) return drawn;
  const hashes = [...values].map(sha256);
  return `${drawn};style-src-attr 'unsafe-hashes' ${hashes.sort().join(' ')}`;
}

/**
 * The pages drawn for visitors who are not signed in: the same for all of them, so each is drawn
 * a few times (`draws`; the home page picks one of seven skies at random, so up to that many
 * differ) and then served from here, one of those drawings at random. Only a page's plain
 * address is kept (no query, which may change the page), per language.
 */
export class VisitorPages {
  private readonly pages = new Map<string, { drawn: RenderedPage[]; draws: number }>();

  constructor(private readonly draws = 8) {}

  /** A kept drawing of the page in `language`, or null while it is still being drawn its first times. */
  get(url: string, language: string): RenderedPage | null {
    const page = this.pages.get(`${language} ${url}`);
    if (!page || page.draws < this.draws) return null;
    return page.drawn[Math.floor(Math.random() * page.drawn.length)] ?? null;
  }

  /** Keeps a drawing of the page in `language` (the same drawing twice is kept once). */
  put(url: string, language: string, drawing: RenderedPage): void {
    const key = `${language} ${url}`;
    const page = this.pages.get(key) ?? { drawn: [], draws: 0 };
    page.draws += 1;
    if (!page.drawn.some((kept) => kept.html === drawing.html && kept.title === drawing.title)) {
      page.drawn.push(drawing);
    }
    this.pages.set(key, page);
  }
}
