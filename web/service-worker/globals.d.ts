import type { ServiceWorkerConfig } from './config.ts';

declare global {
  /** Compiled in by the build (web/scripts/service-worker.ts), from the route table. */
  const __GOMEUM_SW__: ServiceWorkerConfig;
}
