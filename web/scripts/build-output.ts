import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import type { ServiceWorkerConfig } from '../service-worker/config.ts';
import { writeServiceWorker } from './service-worker.ts';

/** Files worth compressing: text the browser downloads. Images (PNG, WebP) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this, a compressed copy saves too little to be worth a file. */
const MIN_BYTES = 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/** Operator-only modules: never precached for a user (the dashboard fetches them itself). */
const OPERATOR_ONLY = /(^|\/)(src\/features\/dashboard\/|src\/i18n\/operator\/)/;

/**
 * What the service worker precaches: every script, stylesheet and asset a user's pages load (the
 * entry and each page, language and drawing it may import), never the dashboard's, and the icons.
 */
export function precacheList(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>([
    '/manifest.webmanifest',
    '/favicon.svg',
    '/icons/icon-192.png',
    '/icons/icon-512.png',
  ]);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || OPERATOR_ONLY.test(chunk.src ?? key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${file}`);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry || chunk.isDynamicEntry) visit(key);
  return [...files].sort();
}

/** Writes the service worker (its precache list from Vite's manifest, its routes from the table). */
async function buildServiceWorker(outDir: string, config: ServiceWorkerConfig): Promise<void> {
  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  await writeServiceWorker(outDir, config, precacheList(manifest));
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * After the build is written: writes the service worker (what to precache, and its routes from
 * the route table: `serviceWorker`), moves the source maps (for the operator's debugging; the build emits
 * them `hidden`, so no file points at them) and Vite's chunk manifest (for the byte-budget test)
 * out of the served folder, to `privateDir`, then writes
 * a brotli (`.br`, best quality) and a gzip (`.gz`) copy next to every compressible file, which
 * the server sends as is to browsers that accept them.
 */
export function buildOutput(options: { privateDir: string; serviceWorker: ServiceWorkerConfig }): Plugin {
  let outDir = '';
  return {
    name: 'gomeum-build-output',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await buildServiceWorker(outDir, options.serviceWorker);
      fs.rmSync(options.privateDir, { recursive: true, force: true });
      for (const file of listFiles(outDir)) {
        if (file.endsWith('.map') || file.includes(`${path.sep}.vite${path.sep}`)) {
          const target = path.join(options.privateDir, path.relative(outDir, file));
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.renameSync(file, target);
        }
      }
      fs.rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
      for (const file of listFiles(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const source = fs.readFileSync(file);
        if (source.length < MIN_BYTES) continue;
        const brotli = zlib.brotliCompressSync(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        fs.writeFileSync(`${file}.br`, brotli);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
