import type { ServiceWorkerConfig } from './config.ts';

/** The user's reads cached for offline use, and the writes that change them, as matchers. */
export interface OfflineReads {
  /** Whether an API path (with no query) is a read cached for offline use. */
  keeps: (pathname: string) => boolean;
  /** The cached reads' paths a successful write changes (`:name` filled from the write's own path). */
  changedBy: (method: string, pathname: string) => string[];
  /** The methods of those writes. */
  writeMethods: string[];
}

/** The cached reads and their refreshes, from the build's config (the route table's paths). */
export function offlineReads(api: ServiceWorkerConfig['api']): OfflineReads {
  const reads = api.reads.map((source) => new RegExp(source));
  const refreshes = api.refreshes.map(({ method, pattern, reads: paths }) => ({
    method,
    pattern: new RegExp(pattern),
    paths,
  }));
  return {
    keeps: (pathname) => reads.some((pattern) => pattern.test(pathname)),
    changedBy: (method, pathname) => {
      for (const refresh of refreshes) {
        const match = refresh.method === method ? refresh.pattern.exec(pathname) : null;
        if (match) {
          return refresh.paths.map((path) =>
            path.replace(/:([A-Za-z]+)/g, (_whole, name: string) => match.groups?.[name] ?? ''),
          );
        }
      }
      return [];
    },
    writeMethods: [...new Set(refreshes.map((refresh) => refresh.method))],
  };
}
