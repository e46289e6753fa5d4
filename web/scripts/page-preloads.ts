import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** What the server's HTML shell preloads for one page: its chunk, what the chunk imports, and its styles. */
export interface PagePreload {
  scripts: string[];
  styles: string[];
}

/** The file the build writes next to `index.html`: a page's name (a `WEB_ROUTES` key) → its preloads. */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * The router's lazy pages, read from its source: each `<name>: lazyPage(() => import('<path>')`
 * (over one line or more)
 * (a `WEB_ROUTES` name). Returns the name → the module's absolute path.
 */
export function lazyPages(routerSource: string, routerDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const route = /^\s*(\w+): lazyPage\(\s*\(\) => import\('([^']+)'\)/gm;
  for (const [, name, module] of routerSource.matchAll(route)) {
    if (name && module) pages.set(name, path.resolve(routerDir, module));
  }
  return pages;
}

type Chunk = Rolldown.OutputChunk;

/**
 * For each page: the page's chunk and the chunks it imports statically, except those the entry
 * already loads (index.html preloads them), and the stylesheets of those chunks.
 */
export function pagePreloads(pages: Map<string, string>, chunks: Chunk[]): Record<string, PagePreload> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const next of byFile.get(file)?.imports ?? []) closure(next, seen);
    return seen;
  };
  // The app's entry (index.html's).
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
  const eager = entry ? closure(entry.fileName) : new Set<string>();
  const result: Record<string, PagePreload> = {};
  for (const [name, module] of pages) {
    const page = chunks.find((chunk) => chunk.facadeModuleId === module);
    if (!page) throw new Error(`no chunk for the page ${name} (${module})`);
    const files = [...closure(page.fileName)].filter((file) => !eager.has(file));
    const styles = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
    result[name] = {
      scripts: files.map((file) => `/${file}`),
      styles: [...new Set(styles)].map((file) => `/${file}`),
    };
  }
  return result;
}

/**
 * The shell's stylesheets before its scripts, and the scripts at a low priority. The page the
 * server drew needs only its styles to paint; the app's scripts (run after parsing, never blocking
 * it) would otherwise be asked for first, in the order Vite writes them, and share a phone's slow
 * link with the styles at the same priority, holding the first paint back until most of them had
 * arrived. They still start downloading with the HTML, so the app takes the page over as soon.
 */
export function stylesBeforeScripts(html: string): string {
  const styles: string[] = [];
  const rest = html.replace(/\n\s*<link rel="stylesheet"[^>]*>/g, (tag) => {
    styles.push(tag);
    return '';
  });
  const lowPriority = (tag: string) => tag.replace(/>$/, ' fetchpriority="low">');
  const first = rest.search(/\n\s*<(script type="module"|link rel="modulepreload")/);
  if (first < 0 || styles.length === 0) throw new Error('index.html has no module script or no stylesheet');
  const scripts = rest
    .slice(first)
    .replace(/<script type="module"[^>]*>/, lowPriority)
    .replace(/<link rel="modulepreload"[^>]*>/g, lowPriority);
  return `${rest.slice(0, first)}${styles.join('')}${scripts}`;
}

/**
 * Writes `page-preloads.json` into the build: for every lazily loaded page of the router, what the
 * server's HTML shell preloads, so the page's code is fetched with the entry instead of after the
 * entry has run and asked for it.
 */
export function writePagePreloads(routerFile: string): Plugin {
  return {
    name: 'gomeum-page-preloads',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: stylesBeforeScripts },
    generateBundle(_options, bundle) {
      const pages = lazyPages(fs.readFileSync(routerFile, 'utf8'), path.dirname(routerFile));
      if (pages.size === 0) throw new Error(`no lazy page found in ${routerFile}`);
      const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
      this.emitFile({
        type: 'asset',
        fileName: PAGE_PRELOADS_FILE,
        source: JSON.stringify(pagePreloads(pages, chunks)),
      });
    },
  };
}
