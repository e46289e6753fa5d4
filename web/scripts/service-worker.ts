import fs from 'node:fs';
import type { Plugin } from 'vite';
import type { ServiceWorkerRoutes } from './service-worker-routes.ts';

/** Everything `public/sw.js` is stamped with (its `const BUILD = …;` line). */
export interface ServiceWorkerBuild extends ServiceWorkerRoutes {
  version: string;
  /** What installing precaches. */
  precache: string[];
}

/** The service worker's source with its `const BUILD = …;` line replaced by `build`. */
export function stampServiceWorker(source: string, build: ServiceWorkerBuild): string {
  const stamped = source.replace(/^const BUILD = .*;$/m, () => `const BUILD = ${JSON.stringify(build)};`);
  if (stamped === source) throw new Error('sw.js has no `const BUILD = …;` line to stamp');
  return stamped;
}

/**
 * The dev server's `/sw.js`: the worker stamped as a build would be, with the version `dev` and
 * nothing to precache (the dev server's files change as they are edited).
 */
export function serveServiceWorker(options: { file: string; routes: ServiceWorkerRoutes }): Plugin {
  return {
    name: 'gomeum-dev-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== '/sw.js') return next();
        const source = fs.readFileSync(options.file, 'utf8');
        response.setHeader('content-type', 'text/javascript; charset=utf-8');
        response.setHeader('cache-control', 'no-cache');
        response.end(stampServiceWorker(source, { version: 'dev', precache: [], ...options.routes }));
      });
    },
  };
}
