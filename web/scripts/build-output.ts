import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text the browser downloads. Images (PNG, WebP) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this, a compressed copy saves too little to be worth a file. */
const MIN_BYTES = 1024;

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * After the build is written: moves the source maps (for the operator's debugging; the build emits
 * them `hidden`, so no file points at them) and Vite's chunk manifest (for the byte-budget test)
 * out of the served folder, to `privateDir`, then writes
 * a brotli (`.br`, best quality) and a gzip (`.gz`) copy next to every compressible file, which
 * the server sends as is to browsers that accept them.
 */
export function buildOutput(options: { privateDir: string }): Plugin {
  let outDir = '';
  return {
    name: 'gomeum-build-output',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
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
