import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, isWebRoute, versionSchema, type Update } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../lib/errors.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import { pageFilesReader, preloadTags, withPreloads } from './page-preloads.ts';
import {
  drawnPagePolicy,
  readFirstPage,
  renderDirOf,
  renderLanguage,
  renderModuleReader,
  VisitorPages,
  withRenderedPage,
} from './page-render.ts';
import { pickShareLanguage, renderShell, siteCard, updateCard } from './share-tags.ts';

/** Reads the version the web build wrote; 'dev' when the app has not been built. */
export function readBuildVersion(webDist: string): string {
  try {
    const parsed = versionSchema.safeParse(JSON.parse(fs.readFileSync(path.join(webDist, 'version.json'), 'utf8')));
    return parsed.success ? parsed.data.version : 'dev';
  } catch {
    return 'dev';
  }
}

/**
 * The build's version, read again whenever `version.json` changes on disk: a web build deployed
 * next to a running server is announced to open tabs without a restart.
 */
function buildVersionReader(webDist: string): () => Promise<string> {
  const file = path.join(webDist, 'version.json');
  let cached: { mtimeMs: number; version: string } | null = null;
  return async () => {
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.promises.stat(file)).mtimeMs;
    } catch {
      return 'dev';
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, version: readBuildVersion(webDist) };
    return cached.version;
  };
}

/** The built `index.html`, read again whenever it changes on disk (a web build deployed next to a running server). */
function indexReader(indexFile: string): () => Promise<string> {
  let cached: { mtimeMs: number; html: string } | null = null;
  return async () => {
    const { mtimeMs } = await fs.promises.stat(indexFile);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await fs.promises.readFile(indexFile, 'utf8') };
    return cached.html;
  };
}

const UPDATE_PAGE = /^\/update\/([^/]+)\/?$/;

/** What the web routes need from the rest of the app. */
export interface WebRoutesOptions {
  webDist: string;
  /** The site's own origin (PUBLIC_URL): canonical and share links name it, whatever `Host` says. */
  publicOrigin?: string | undefined;
  /**
   * Without PUBLIC_URL, whether links may name the request's own host (development only: a forged
   * `Host` header would reach them); otherwise they are paths alone.
   */
  requestHostFallback?: boolean | undefined;
  /** A public update by id (for the card a shared `/update/{id}` link shows), or null. */
  findUpdate?: (id: string) => Promise<Update | null>;
}

/**
 * Serves the built web app: hashed assets cached for a year (precompressed brotli or gzip when the
 * browser takes it), never a source map, `index.html` for every page of the app (200 for known
 * pages, 404 for others so crawlers and monitors see the truth) with the page's share card (Open
 * Graph and Twitter tags, in the reader's language) and its preloads (its code and first API reads,
 * see page-preloads.ts), and `/version.json` never cached.
 */
export async function webRoutes(app: App, options: WebRoutesOptions): Promise<void> {
  const buildVersion = buildVersionReader(options.webDist);
  const indexFile = path.join(options.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const readIndex = indexReader(indexFile);
  const readPageFiles = pageFilesReader(options.webDist);
  const readRenderModule = renderModuleReader(renderDirOf(options.webDist));

  addRoute(app, ROUTES.version, async (_request, reply) => {
    reply.header('cache-control', 'no-cache, no-store, must-revalidate');
    return { version: await buildVersion() };
  });

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: true,
      index: false,
      // The build's `.br` and `.gz` siblings, chosen by Accept-Encoding (with `Vary: Accept-Encoding`).
      preCompressed: true,
      // Source maps stay with the operator: the build keeps them out of this folder, and none is served.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  /** The origin canonical and share links name: PUBLIC_URL's, else the request's in development, else none. */
  const originOf = (request: FastifyRequest) =>
    options.publicOrigin ?? (options.requestHostFallback ? `${request.protocol}://${request.host}` : '');

  const sendShell = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const query = request.query as Record<string, unknown> | undefined;
    const language = pickShareLanguage(query?.lang, request.headers['accept-language']);
    const origin = originOf(request);
    const updateId = status === 200 ? UPDATE_PAGE.exec(pathname)?.[1] : undefined;
    let update: Update | null = null;
    if (updateId && options.findUpdate) {
      try {
        update = await options.findUpdate(decodeURIComponent(updateId));
      } catch (error) {
        // The page still opens (the app shows its own error); only the card falls back to the site's.
        request.log.warn({ err: error }, 'share card: update not read');
      }
    }
    const card = update ? updateCard(update, language, origin) : siteCard(language, origin, pathname);
    const rendered = status === 200 ? await renderPage(request, pathname) : null;
    // A page rendered with a signed-in user's data is theirs alone: no shared cache keeps it.
    reply.header('cache-control', rendered && request.cookies[SESSION_COOKIE] ? 'private, no-cache' : 'no-cache');
    // The share card follows the reader's language; the page, their language cookie and session.
    reply.header('vary', 'Accept-Language, Cookie, X-Gomeum-Shell');
    reply.type('text/html; charset=utf-8');
    const html = await readIndex();
    const pageFiles = await readPageFiles();
    const preloads =
      status === 200 ? preloadTags(html, pathname, pageFiles, request.cookies, { rendered: rendered !== null }) : [];
    let page = withPreloads(renderShell(html, card), preloads);
    if (rendered) {
      page = withRenderedPage(page, rendered.page, rendered.reads, rendered.language);
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('content-security-policy', drawnPagePolicy(policy, rendered.page));
    }
    return reply.status(status).send(page);
  };

  /**
   * The page drawn by the build's server render, from the asking visitor's own first reads, or
   * null: no render in the build, a page not rendered here (see readFirstPage), the service
   * worker asking for the bare shell it keeps for offline use (`X-Gomeum-Shell: bare`, so no
   * one's data is kept in it), or a render that failed (the app then draws the page as it starts).
   */
  // The visitors' pages each build's render has drawn (a new build draws them anew).
  const visitorPages = new WeakMap<object, VisitorPages>();
  const visitorPagesOf = (module: object) => {
    let pages = visitorPages.get(module);
    if (!pages) visitorPages.set(module, (pages = new VisitorPages()));
    return pages;
  };
  const renderPage = async (request: FastifyRequest, pathname: string) => {
    if (request.headers['x-gomeum-shell'] === 'bare') return null;
    try {
      const module = await readRenderModule();
      if (!module) return null;
      const reads = await readFirstPage(app, request, pathname);
      if (!reads) return null;
      const language = renderLanguage(request.cookies, request.headers['accept-language']);
      // A visitor's page (nobody signed in, no query) is the same for every visitor: kept.
      const kept = reads[routes.me.path] === null && !request.url.includes('?') ? visitorPagesOf(module) : null;
      const keptPage = kept?.get(request.url, language);
      if (keptPage) return { page: keptPage, reads, language };
      // The render only reads the path from it: any origin does, and the configured one is used.
      const origin = originOf(request) || 'http://localhost';
      const result = await module.renderPage({ url: `${origin}${request.url}`, language, reads });
      if (!result) return null;
      const page = { html: result.html, title: result.title, scripts: result.scripts };
      kept?.put(request.url, language, page);
      return { page, reads, language };
    } catch (error) {
      request.log.warn({ err: error }, 'page render failed: the app draws the page as it starts');
      return null;
    }
  };

  // The static plugin treats `/` as a folder; the home page is the app shell like every page.
  if (hasWeb) addRoute(app, ROUTES.webHome, (request, reply) => sendShell(request, reply, 200));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = hasWeb && request.method === 'GET' && !pathname.startsWith(API_PREFIX) && !path.extname(pathname);
    if (!wantsPage) return reply.status(404).send(errorBody('errors.not_found'));
    return sendShell(request, reply, isWebRoute(pathname) ? 200 : 404);
  });
}
