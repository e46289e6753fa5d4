import fs from 'node:fs';
import path from 'node:path';
import type { ManifestChunk as ViteManifestChunk, Plugin } from 'vite';

/** What the server's HTML shell preloads for one page: its chunk, what the chunk imports, and its styles. */
export interface PagePreload {
  scripts: string[];
  styles: string[];
}

/** The file the build writes next to `index.html`: a page's name (a `WEB_ROUTES` key) → its preloads. */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/** A chunk of Vite's build manifest (`build.manifest`), as its backend integration guide reads it. */
type ManifestChunk = Pick<ViteManifestChunk, 'file' | 'imports' | 'css'>;

/** The app's entry in the manifest: index.html's. */
const ENTRY = 'index.html';

/**
 * For each page (`pageModules`: a page's name → its module, as the manifest names it): the page's
 * chunk and the chunks it imports statically, except those the entry already loads (index.html
 * preloads them), and the stylesheets of those chunks, read from Vite's build manifest.
 */
export function pagePreloads(
  pageModules: Record<string, string>,
  manifest: Record<string, ManifestChunk>,
): Record<string, PagePreload> {
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, seen);
    return seen;
  };
  const eager = closure(ENTRY);
  const result: Record<string, PagePreload> = {};
  for (const [name, module] of Object.entries(pageModules)) {
    if (!manifest[module]) throw new Error(`the manifest has no ${module} (the page ${name})`);
    const chunks = [...closure(module)].filter((key) => !eager.has(key)).map((key) => manifest[key]);
    result[name] = {
      scripts: chunks.map((chunk) => `/${chunk?.file ?? ''}`),
      styles: [...new Set(chunks.flatMap((chunk) => chunk?.css ?? []))].map((file) => `/${file}`),
    };
  }
  return result;
}

/**
 * The shell's stylesheets before its scripts, and the scripts at a low priority. The page the
 * server rendered needs only its styles to paint; the app's scripts (run after parsing, never blocking
 * it) would otherwise be asked for first, in the order Vite writes them, and share a phone's slow
 * link with the styles at the same priority, holding the first paint back until most of them had
 * arrived. They still start downloading with the HTML, so the app hydrates the page as soon.
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
 * Writes `page-preloads.json` into the build, once Vite has written its manifest: for every lazily
 * loaded page (`pageModules`), what the server's HTML shell preloads, so the page's code is fetched
 * with the entry instead of after the entry has run and asked for it.
 */
export function writePagePreloads(pageModules: Record<string, string>): Plugin {
  return {
    name: 'gomeum-page-preloads',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: stylesBeforeScripts },
    writeBundle: {
      sequential: true,
      handler(options) {
        const outDir = options.dir ?? '';
        const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
          string,
          ManifestChunk
        >;
        fs.writeFileSync(path.join(outDir, PAGE_PRELOADS_FILE), JSON.stringify(pagePreloads(pageModules, manifest)));
      },
    },
  };
}
