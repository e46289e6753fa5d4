import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { injectManifest } from 'workbox-build';
import type { ServiceWorkerConfig } from '../service-worker/config.ts';

/** The worker's entry (web/service-worker/sw.ts): Workbox's modules with our routes and handlers. */
const ENTRY = fileURLToPath(new URL('../service-worker/sw.ts', import.meta.url));

/** The text of a build's output chunk, whatever shape Vite's `build()` answered with. */
function chunkCode(output: Awaited<ReturnType<typeof build>>): string {
  const outputs = Array.isArray(output) ? output : [output];
  for (const result of outputs) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.type === 'chunk');
    if (chunk?.type === 'chunk') return chunk.code;
  }
  throw new Error('the service worker build made no script');
}

/**
 * The worker as one classic script (Workbox's modules bundled in, minified, development logging
 * left out), `config` compiled in. Its precache list stays `self.__WB_MANIFEST` for workbox-build
 * to fill, unless `emptyPrecache` (the dev server's worker, whose files change as they are edited).
 */
export async function bundleServiceWorker(
  config: ServiceWorkerConfig,
  { emptyPrecache = false } = {},
): Promise<string> {
  const output = await build({
    configFile: false,
    root: path.dirname(ENTRY),
    publicDir: false,
    logLevel: 'warn',
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      __GOMEUM_SW__: JSON.stringify(config),
      ...(emptyPrecache ? { 'self.__WB_MANIFEST': '[]' } : {}),
    },
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: ENTRY,
        output: { format: 'iife', entryFileNames: 'sw.js', codeSplitting: false },
      },
    },
  });
  return chunkCode(output);
}

/**
 * Writes `<outDir>/sw.js`: the worker bundled, then its precache list filled by workbox-build
 * (`injectManifest`) with `files` (the build's, as `/path`) each under a revision of its bytes
 * (hashed files under `/assets/` none: their name is their revision), and the page shell `/`
 * under `index.html`'s.
 */
export async function writeServiceWorker(outDir: string, config: ServiceWorkerConfig, files: string[]): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-sw-'));
  try {
    const swSrc = path.join(work, 'sw.js');
    fs.writeFileSync(swSrc, await bundleServiceWorker(config));
    const { warnings } = await injectManifest({
      swSrc,
      swDest: path.join(outDir, 'sw.js'),
      globDirectory: outDir,
      globPatterns: files.map((file) => file.replace(/^\//, '')),
      templatedURLs: { '/': ['index.html'] },
      maximumFileSizeToCacheInBytes: 10 * 1024 * 1024,
      manifestTransforms: [
        (entries) => ({
          manifest: entries
            .map((entry) => {
              const url = entry.url.startsWith('/') ? entry.url : `/${entry.url}`;
              return { ...entry, url, revision: url.startsWith('/assets/') ? null : entry.revision };
            })
            .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)),
        }),
      ],
    });
    if (warnings.length > 0) throw new Error(`service worker: ${warnings.join('; ')}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The dev server's `/sw.js`: the worker bundled as a build would, with nothing to precache (the
 * dev server's files change as they are edited).
 */
export function serveServiceWorker(options: { config: ServiceWorkerConfig }): Plugin {
  return {
    name: 'gomeum-dev-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== '/sw.js') return next();
        bundleServiceWorker(options.config, { emptyPrecache: true }).then(
          (code) => {
            response.setHeader('content-type', 'text/javascript; charset=utf-8');
            response.setHeader('cache-control', 'no-cache');
            response.end(code);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
