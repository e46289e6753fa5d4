/**
 * `npm run operator -- <email>`: creates or promotes the operator, with the built command (built
 * first when missing or older than the sources).
 */
import { ensureBuilt } from './build-state.mjs';

ensureBuilt();
process.setSourceMapsEnabled(true);
await import('../server/dist/cli.js');
