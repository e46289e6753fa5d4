import { PAGE_PREFETCHES, type PagePrefetchOf } from '@gomeum/contracts';
import { startApart } from './when-idle.ts';

/**
 * Prefetches a page's queries before it renders: the routes the contract names for it
 * (`PAGE_PREFETCHES`, which the server's HTML preloads too), each by its prefetcher. Each starts
 * in a task of its own in the browser, and they still run side by side: on a hydrated page each is
 * answered from the cache at once, and all of them in one task kept a phone from answering a tap
 * for longer than it should wait. On the server all start at once (a task apart only delays the
 * page's first byte). A failed one is fetched again as the page mounts (the query's retry).
 */
export function prefetchPage<P extends keyof typeof PAGE_PREFETCHES>(
  page: P,
  prefetchers: Record<PagePrefetchOf<P>, () => Promise<unknown>>,
): Promise<void> {
  const names: readonly PagePrefetchOf<P>[] = PAGE_PREFETCHES[page];
  const starts = names.map((name) => prefetchers[name]);
  if (import.meta.env.SSR)
    return Promise.all(starts.map((start) => start().catch(() => undefined))).then(() => undefined);
  return startApart(starts);
}
