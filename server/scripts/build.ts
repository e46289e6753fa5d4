/**
 * Builds the server into plain JavaScript: `dist/main.js` (the server), `dist/cli.js` (the
 * operator command), `dist/backup-cli.js` (backup and restore) and `dist/route-table.js` (the
 * contract's route tables, for the scripts and benchmarks), ES modules for Node, with source maps. The shared contract
 * (`@gomeum/contracts`, TypeScript source) is compiled into the bundle; every npm dependency stays
 * an import that Node resolves from `node_modules` at run time (native modules, data files).
 *
 * Type checking is `npm run typecheck`'s job; this only transforms, so it takes about a second.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist');

fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: [
    'src/main.ts',
    'src/cli.ts',
    'src/backup-cli.ts',
    // The contract's route tables, for the scripts and benchmarks (plain JavaScript) to call the API by.
    { in: '../packages/contracts/src/route-table.ts', out: 'route-table' },
  ],
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Packages from npm stay external; the workspace's own contract is TypeScript and goes in.
  packages: 'external',
  plugins: [
    {
      name: 'bundle-contracts',
      setup(context) {
        // The package's entry and its route tables (`@gomeum/contracts/routes`, `/operator-routes`).
        const source = path.resolve(root, '../packages/contracts/src');
        context.onResolve({ filter: /^@gomeum\/contracts(\/[a-z-]+)?$/ }, (args) => ({
          path: path.join(
            source,
            `${args.path === '@gomeum/contracts' ? 'index' : args.path.slice('@gomeum/contracts/'.length)}.ts`,
          ),
        }));
      },
    },
  ],
  // Shared code sits beside the entry points, so paths from `import.meta.dirname` stay right.
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
});

const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
const bytes = outputs.reduce((sum, file) => sum + (result.metafile.outputs[file]?.bytes ?? 0), 0);
console.log(
  `server built: ${outputs.length} files, ${Math.round(bytes / 1024)} KiB in ${path.relative(process.cwd(), outdir)}`,
);
