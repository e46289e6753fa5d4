import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  AFTER_PAINT_ELEMENT_ID,
  AUTH_ROUTES,
  isPlanetId,
  matchWebRoute,
  routeUrl,
  type WebRoute,
} from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { SESSION_COOKIE } from '../auth/index.ts';
import { escapeHtml } from './share-tags.ts';

/** What the web build lists for a page (`web/scripts/page-preloads.ts` writes `page-preloads.json`). */
interface PageFiles {
  scripts: string[];
  styles: string[];
}

/** The API reads a page makes first, once the user is known (the same URLs its queries fetch). */
export function pageReads(name: WebRoute, params: Record<string, string>): string[] {
  const planetId = params.planetId ?? '';
  switch (name) {
    case 'galaxy':
      return [routes.galaxy.path];
    case 'moon':
      return [routes.moonQuestions.path];
    case 'task':
      return isPlanetId(planetId)
        ? [routes.taskScreen, routes.taskLogs, routes.gomeumLogs].map((route) => routeUrl(route, { planetId }))
        : [];
    case 'planet':
      return isPlanetId(planetId)
        ? [routes.taskScreen, routes.taskProgress, routes.gomeumLogs].map((route) => routeUrl(route, { planetId }))
        : [];
    default:
      return [];
  }
}

/**
 * The build's list of each page's files, read again whenever it changes on disk (like
 * `index.html`); empty when the build has none.
 */
export function pageFilesReader(webDist: string): () => Promise<Record<string, PageFiles>> {
  const file = path.join(webDist, 'page-preloads.json');
  let cached: { mtimeMs: number; pages: Record<string, PageFiles> } | null = null;
  return async () => {
    try {
      const { mtimeMs } = await fs.promises.stat(file);
      if (cached?.mtimeMs !== mtimeMs) {
        cached = { mtimeMs, pages: JSON.parse(await fs.promises.readFile(file, 'utf8')) as Record<string, PageFiles> };
      }
      return cached.pages;
    } catch {
      return {};
    }
  };
}

/**
 * The `<link>`s that start a page's downloads with the HTML instead of after the scripts have run
 * and asked: the page's chunk and the chunks it imports (those `index.html` does not already
 * preload), their stylesheets (Vite's loader then finds them in place and adds none), and the
 * API reads a signed-in user's page waits for (`/api/me`, and the page's data when the visitor has
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
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
  return [
    ...reads.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}" />`),
    // (On a page the server has drawn, withBootEntry moves these into its scripts for after the paint.)
    ...scripts,
    // Applied before the first paint (which only shows the loading screen): the page's first
    // render then needs no new style pass when its chunk would have added them.
    ...files.styles.filter(fresh).map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`),
  ];
}

/** The shell with the page's preloads at the end of its `<head>`. */
export function withPreloads(html: string, tags: string[]): string {
  if (tags.length === 0) return html;
  return html.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
}

/**
 * The build's boot entry (`web/src/boot.ts`), as the script a drawn page carries inline: read
 * again whenever it changes on disk, wrapped in a function of its own (it runs as a classic
 * script), with the hash its page's CSP allows it by. Null when the build has none, or when its
 * text could not sit inside a `<script>` element as it is.
 */
export interface BootScript {
  text: string;
  /** `'sha256-…'`, for `script-src`. */
  hash: string;
}

export function bootScriptReader(webDist: string): (pages: Record<string, PageFiles>) => Promise<BootScript | null> {
  let cached: { file: string; mtimeMs: number; script: BootScript | null } | null = null;
  return async (pages) => {
    const boot = pages.boot?.scripts[0];
    if (!boot) return null;
    const file = path.join(webDist, ...boot.split('/').filter(Boolean));
    try {
      const { mtimeMs } = await fs.promises.stat(file);
      if (cached?.file !== file || cached.mtimeMs !== mtimeMs) {
        const source = await fs.promises.readFile(file, 'utf8');
        // (A comment at its end, such as a source map's, stays inside the function.)
        const text = `(() => {\n${source}\n})();`;
        const safe = !/<\/script|<!--/i.test(text);
        const hash = `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
        cached = { file, mtimeMs, script: safe ? { text, hash } : null };
      }
      return cached.script;
    } catch {
      return null;
    }
  };
}

/**
 * A page the server has drawn starts from the build's boot script (see bootScriptReader), written
 * at the top of its `<body>`: it runs before any of the page can be tapped, holds taps until the
 * app has the page, and starts the app once the page has painted. The app's entry script and the
 * preloads of its imports and of the page's (preloadTags') move from the head into the page's
 * inert template of scripts for after the paint: on a phone's slow link they would otherwise share
 * it with the page's styles, and an inert template fetches nothing. Unchanged without a boot
 * script (the app then starts as on any page).
 */
export function withBootEntry(html: string, boot: BootScript | null): string {
  if (!boot) return html;
  const moved: string[] = [];
  const page = html
    .replace(/\s*<script type="module" crossorigin src="([^"]*)"><\/script>/, (_match, src: string) => {
      moved.push(src);
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]*)"\s*\/?>/g, (_match, href: string) => {
      moved.push(href);
      return '';
    });
  const entry = moved[0];
  if (!entry || !/<body[^>]*>/.test(page)) return html;
  const links = moved.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`).join('');
  // The template names the entry the boot script starts (the first of its scripts).
  const template = `<template id="${AFTER_PAINT_ELEMENT_ID}" data-entry="${escapeHtml(entry)}">${links}</template>`;
  return page
    .replace('</head>', () => `  ${template}\n  </head>`)
    .replace(/<body[^>]*>/, (body) => `${body}\n    <script>${boot.text}</script>`);
}
