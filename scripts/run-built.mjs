/**
 * Runs one of the server's commands from the build (built first when missing or older than the
 * sources): `npm run operator -- <email>` is `run-built.mjs cli <email>`, `npm run backup -- <dir>`
 * is `run-built.mjs backup-cli backup <dir>`. The command sees its own arguments as if run directly.
 */
import path from 'node:path';
import { ensureBuilt, ROOT } from './build-state.mjs';

const COMMANDS = new Set(['cli', 'backup-cli']);
const [name, ...args] = process.argv.slice(2);
if (!name || !COMMANDS.has(name)) {
  console.error(`Usage: node scripts/run-built.mjs <${[...COMMANDS].join('|')}> [arguments]`);
  process.exit(2);
}
ensureBuilt();
const entry = path.join(ROOT, 'server/dist', `${name}.js`);
process.argv = [process.argv[0] ?? process.execPath, entry, ...args];
process.setSourceMapsEnabled(true);
await import(entry);
