import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, isWebRoute, matchWebRoute, versionSchema, type Update } from '@gomeum/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../lib/errors.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import { linkOrigin } from './link-origin.ts';
import { inlineStylesheets, stylesheetReader } from './inline-styles.ts';
import { builtFile } from './built-file.ts';
import { pageFilesReader, preloadTags, withPreloads } from './page-preloads.ts';
import { pagePolicy } from '../../lib/security-headers.ts';
import {
  newNonce,
  pageAround,
  readerFor,
  renderDirOf,
  RENDERED_PAGES,
  renderLanguage,
  renderModuleReader,
  streamPage,
} from './page-render.ts';
import { pickShareLanguage, renderShell, siteCard, updateCard } from './share-tags.ts';

/** How long a page may take to render before what is still pending is left to the browser. */
const RENDER_TIMEOUT_MS = 10_000;

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
 * The build's version, read again when `version.json` changes on disk: a web build deployed next to
 * a running server is announced to open tabs without a restart.
 */
function buildVersionReader(webDist: string): () => Promise<string> {
  return builtFile(path.join(webDist, 'version.json'), () => readBuildVersion(webDist), 'dev');
}

/** The built `index.html`, read again when it changes on disk (a web build deployed next to a running server). */
function indexReader(indexFile: string): () => Promise<string> {
  return builtFile(indexFile, (file) => fs.promises.readFile(file, 'utf8'), '');
}

const UPDATE_PAGE = /^\/update\/([^/]+)\/?$/;

/** What the web routes need from the rest of the app. */
export interface WebRoutesOptions {
  webDist: string;
  /** The site's own origin (PUBLIC_URL): canonical and share links name it, whatever `Host` says. */
  publicOrigin?: string | undefined;
  /** A public update by id (for the card a shared `/update/{id}` link shows), or null. */
  findUpdate?: (id: string) => Promise<Update | null>;
}

/**
 * Headers only a document reads (its policy, framing, its browsing context's isolation): the
 * build's scripts, stylesheets and fonts have no use for them, and on a phone's first load each
 * of some twenty scripts carried them (about 600 bytes each). Kept on everything else, and on
 * these: nosniff, the resource policy, the referrer policy (a stylesheet's own fetches) and HSTS.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
];
/** The build's files (or their precompressed siblings) that are never a document or a worker (the service worker is `/sw.js`, outside assets). */
const SUBRESOURCE_ONLY = /\.(?:js|css|woff2?)(?:\.br|\.gz)?$/;

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
  const readStylesheet = stylesheetReader(options.webDist);
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
        if (immutable && SUBRESOURCE_ONLY.test(filePath)) {
          for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
        }
      },
    });
  }

  /** The origin canonical and share links name: PUBLIC_URL's, else a loopback request's, else none. */
  const originOf = (request: FastifyRequest) => linkOrigin(options.publicOrigin, request);

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
    const nonce = newNonce();
    const rendered = status === 200 ? await renderPage(request, pathname, nonce) : null;
    // A page rendered with a signed-in user's data is theirs alone: no shared cache keeps it.
    reply.header('cache-control', rendered && request.cookies[SESSION_COOKIE] ? 'private, no-cache' : 'no-cache');
    // The share card follows the reader's language; the page, their language cookie and session.
    reply.header('vary', 'Accept-Language, Cookie, X-Gomeum-Shell');
    reply.type('text/html; charset=utf-8');
    const html = await readIndex();
    const pageFiles = await readPageFiles();
    const preloads =
      status === 200 ? preloadTags(html, pathname, pageFiles, request.cookies, { rendered: rendered !== null }) : [];
    const shell = withPreloads(renderShell(html, card), preloads);
    if (!rendered) return reply.status(status).send(shell);
    // React's inline scripts carry the response's nonce, which the page's policy allows.
    reply.header('content-security-policy', pagePolicy(nonce));
    const { head, tail } = pageAround(inlineStylesheets(shell, nonce, readStylesheet), rendered);
    const { render } = rendered;
    // The reader went away, or the render takes too long: what is pending is left to the browser.
    const timeout = setTimeout(() => render.abort(new Error('The page took too long to render')), RENDER_TIMEOUT_MS);
    reply.raw.once('close', () => {
      clearTimeout(timeout);
      render.abort(new Error('The reader went away'));
    });
    return reply.status(200).send(streamPage(render, head, tail));
  };

  /**
   * The page rendered by the build's render module for the asking reader (their session, their
   * language), or null: no render in the build, a page not rendered here (`RENDERED_PAGES`; the
   * render also leaves a signed-in user's page to the app for a visitor, and a page whose read
   * failed), the service worker asking for the bare shell it keeps for offline use
   * (`X-Gomeum-Shell: bare`, so no one's data is kept in it), or a render that failed (the app
   * then renders the page as it starts).
   */
  const renderPage = async (request: FastifyRequest, pathname: string, nonce: string) => {
    if (request.headers['x-gomeum-shell'] === 'bare') return null;
    const page = matchWebRoute(pathname);
    if (!page || !RENDERED_PAGES.includes(page.name)) return null;
    try {
      const module = await readRenderModule();
      if (!module) return null;
      const language = renderLanguage(request.cookies, request.headers['accept-language']);
      const render = await module.renderPage({
        url: request.url,
        language,
        nonce,
        read: readerFor(app, request),
        onError: (error) => request.log.warn({ err: error }, 'a part of the page is left to the app'),
      });
      return render ? { render, title: render.title, language } : null;
    } catch (error) {
      request.log.warn({ err: error }, 'page render failed: the app renders the page as it starts');
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
