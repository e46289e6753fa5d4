/**
 * Runs every benchmark in turn (each keeps its table in bench/runs/). Needs a current
 * build (`npm run build`). Arguments are handed to each script (`--rounds 3`, say); the live
 * benchmark takes its own (`npm run bench:live -- --sockets 19000`), and the soak runs apart
 * (`npm run bench:soak`, 30 minutes).
 *
 *   npm run bench [-- --rounds 3]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const SCRIPTS = ['read.mjs', 'write.mjs', 'live.mjs', 'operator-push.mjs'];

for (const script of SCRIPTS) {
  console.log(`--- bench/${script}`);
  const run = spawnSync(process.execPath, [path.join(ROOT, 'bench', script), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
