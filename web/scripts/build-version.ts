import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { VERSION_META_NAME } from '../src/app/build-version.ts';

/** Every file under `dir`, as paths relative to it, sorted (so the order never depends on the disk). */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The build's version: `BUILD_VERSION` when set, else a hash of what the build made (every chunk
 * and asset, the page shell, the public files). The same sources give the same version on any
 * machine, and any change gives a new one, so a restart or a rebuild of the same commit never
 * makes open tabs reload, and instances built apart agree.
 *
 * It goes into index.html (`<meta name="gomeum-version">`, which the page reads) and
 * `version.json` (which the server serves), never into a hashed asset: those stay byte-identical
 * from build to build, names included.
 */
export function buildVersion(): Plugin {
  let version = 'dev';
  let publicDir = '';
  return {
    name: 'gomeum-build-version',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const hash = crypto.createHash('sha256');
        const add = (name: string, content: string | Uint8Array) => {
          hash.update(`${name}\0${String(content.length)}\0`);
          hash.update(content);
        };
        add('index.html', html);
        const bundle = context.bundle ?? {};
        for (const name of Object.keys(bundle).sort()) {
          const item = bundle[name];
          // Source maps are never served (buildOutput moves them out) and hold Rolldown's own
          // references to emitted files, which change from build to build: they name no version.
          if (item && !name.endsWith('.map')) add(name, item.type === 'chunk' ? item.code : item.source);
        }
        for (const name of listFiles(publicDir)) add(`public/${name}`, fs.readFileSync(path.join(publicDir, name)));
        version = process.env.BUILD_VERSION || hash.digest('hex').slice(0, 16);
        return [{ tag: 'meta', attrs: { name: VERSION_META_NAME, content: version }, injectTo: 'head' }];
      },
    },
    writeBundle(options) {
      const dir = options.dir ?? path.resolve(import.meta.dirname, '../dist');
      fs.writeFileSync(path.join(dir, 'version.json'), JSON.stringify({ version }));
    },
  };
}
