/**
 * `npm start`: builds when the build is missing or older than the sources, then runs the built
 * server in this very process (so SIGTERM reaches its graceful shutdown). Production may as well
 * run `node server/dist/main.js` directly.
 */
import { ensureBuilt } from './build-state.mjs';

ensureBuilt();
process.setSourceMapsEnabled(true);
await import('../server/dist/main.js');
