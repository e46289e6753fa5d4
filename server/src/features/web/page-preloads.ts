import fs from 'node:fs';
import path from 'node:path';
import {
  AUTH_ROUTES,
  matchWebRoute,
  PAGE_PREFETCHES,
  routeUrl,
  type UserRouteName,
  type WebRoute,
} from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { SESSION_COOKIE } from '../auth/index.ts';
import { builtFile } from './built-file.ts';
import { escapeHtml } from './share-tags.ts';

/** A page that reads something first. */
type PrefetchedPage = keyof typeof PAGE_PREFETCHES;

/** What the web build lists for a page (`web/scripts/page-preloads.ts` writes `page-preloads.json`). */
interface PageFiles {
  scripts: string[];
  styles: string[];
}

/**
 * The API reads a signed-in user's page makes first (the contract's `PAGE_PREFETCHES`, the same
 * URLs its queries fetch); none when the page's parameters are not the routes' (an unknown planet).
 */
export function pageReads(name: WebRoute, params: Record<string, string>): string[] {
  const names: readonly UserRouteName[] = name in PAGE_PREFETCHES ? PAGE_PREFETCHES[name as PrefetchedPage] : [];
  const urls: string[] = [];
  for (const route of names.map((read) => routes[read])) {
    if (!('params' in route)) {
      urls.push(route.path);
      continue;
    }
    const parsed = route.params.safeParse(params);
    if (!parsed.success) return [];
    urls.push(routeUrl(route, parsed.data));
  }
  return urls;
}

/**
 * The build's list of each page's files, read again whenever it changes on disk (like
 * `index.html`); empty when the build has none.
 */
export function pageFilesReader(webDist: string): () => Promise<Record<string, PageFiles>> {
  const read = builtFile(
    path.join(webDist, 'page-preloads.json'),
    async (file) => JSON.parse(await fs.promises.readFile(file, 'utf8')) as Record<string, PageFiles>,
    {},
  );
  return () => read().catch(() => ({}));
}

/**
 * The `<link>`s that start a page's downloads with the HTML instead of after the scripts have run
 * and asked: the page's chunk and the chunks it imports (those `index.html` does not already
 * preload), their stylesheets (Vite's loader then finds them in place and adds none), and the
 * API reads a signed-in user's page waits for (`routes.me`, and the page's data when the visitor has
 * a session). The reads are `as="fetch" crossorigin` (CORS mode, same-origin credentials), which
 * is what `lib/api-client.ts`'s `fetch` asks for, so the browser hands the preloaded answer to it
 * instead of asking again.
 */
export function preloadTags(
  indexHtml: string,
  pathname: string,
  pages: Record<string, PageFiles>,
  cookies: Record<string, string | undefined>,
  { rendered = false }: { rendered?: boolean } = {},
): string[] {
  const page = matchWebRoute(pathname);
  if (!page) return [];
  const files = pages[page.name] ?? { scripts: [], styles: [] };
  const fresh = (href: string) => !indexHtml.includes(`href="${href}"`);
  // Only the signed-in pages wait for these before they render (web/src/app/first-page.ts); on the
  // others, an early read would only hold up the page's scripts for a connection.
  const signedInPage = AUTH_ROUTES.includes(page.name);
  // A page rendered by the server carries its reads' answers: nothing to ask for.
  const reads =
    !signedInPage || rendered
      ? []
      : // Only a signed-in visitor's pages (the session cookie auth sets) preload their data.
        [routes.me.path, ...(cookies[SESSION_COOKIE] ? pageReads(page.name, page.params) : [])];
  const scripts = files.scripts
    .filter(fresh)
    // At a low priority, like the shell's own scripts: a page's first paint needs only its styles.
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" fetchpriority="low" />`);
  return [
    // Applied before the first paint: a rendered page paints with them, and a page the app renders
    // needs no new style pass when its chunk would have added them.
    ...files.styles.filter(fresh).map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`),
    ...reads.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}" />`),
    ...scripts,
  ];
}

/** The shell with the page's preloads at the end of its `<head>`. */
export function withPreloads(html: string, tags: string[]): string {
  if (tags.length === 0) return html;
  return html.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
}
