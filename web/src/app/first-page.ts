import { DEHYDRATED_STATE_ELEMENT_ID, isPlanetId, matchWebRoute, type WebRoute } from '@gomeum/contracts';
import { hydrate, useQueryClient, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { meQuery } from '../features/auth/index.ts';
import { cacheRenderedReads } from '../lib/offline-data.ts';

type Prefetch = (queryClient: QueryClient, params: Record<string, string>) => Promise<unknown>;

/** What a signed-in user's page shows first, prefetched before it renders (the same reads its HTML preloads). */
const PREFETCHES: Partial<Record<WebRoute, Prefetch>> = {
  galaxy: async (queryClient) => (await import('../features/galaxy/index.ts')).prefetchGalaxy(queryClient),
  moon: async (queryClient) => (await import('../features/moon/index.ts')).prefetchMoon(queryClient),
  planet: async (queryClient, { planetId = '' }) => {
    if (isPlanetId(planetId))
      await (await import('../features/planets/index.ts')).prefetchPlanetPage(queryClient, planetId);
  },
  task: async (queryClient, { planetId = '' }) => {
    if (isPlanetId(planetId))
      await (await import('../features/tasks/pages.ts')).prefetchTaskPage(queryClient, planetId);
  },
};

/**
 * Before the app's first page renders, in the browser and in the server's render alike: who is
 * signed in, what the page shows first (for a signed-in user), and the page's code (`preloadPage`,
 * the router's). The page then renders once, with its data: no loading screen, skeleton or shift
 * in between. On a page the server rendered, the queries are in the cache already (hydrated from
 * the page) and nothing is read. A failed read is read again as the page mounts (with its retry).
 */
export async function prefetchFirstPage(
  queryClient: QueryClient,
  pathname: string,
  preloadPage: (pathname: string) => Promise<unknown>,
): Promise<void> {
  const page = matchWebRoute(pathname);
  const code = preloadPage(pathname).catch(() => undefined);
  await queryClient.query(meQuery).catch(() => undefined);
  const prefetch = page ? PREFETCHES[page.name] : undefined;
  if (page && prefetch && queryClient.getQueryData(meQuery.queryKey)) {
    await prefetch(queryClient, page.params).catch(() => undefined);
  }
  await code;
}

/** What the server embeds after a page it rendered (`DEHYDRATED_STATE_ELEMENT_ID`). */
export interface EmbeddedState {
  /** The render's queries, dehydrated (TanStack Query's `dehydrate`). */
  queries: DehydratedState;
  /** The API address each query was read from, by its hash (for the service worker's offline copy). */
  urls: Record<string, string>;
  /** How many `HydrationMark`s the page was rendered with: hydration is done once as many are hydrated. */
  marks: number;
}

/** What hydration needs of a page the server rendered. */
export interface RenderedPage {
  /** How many `HydrationMark`s to wait for (one, the root's, when the state was unreadable). */
  marks: number;
}

/**
 * Whether the server rendered this page (`#root` holds it, its state embedded next to it): if so,
 * hydrates `queryClient` with the queries it was rendered from (call it before `prefetchFirstPage`,
 * which then fetches nothing) and hands their answers to the service worker's offline copy.
 */
export function hydrateRenderedState(root: HTMLElement, queryClient: QueryClient): RenderedPage | null {
  const embedded = document.getElementById(DEHYDRATED_STATE_ELEMENT_ID);
  if (!root.hasAttribute('data-rendered') || !embedded) return null;
  const page: RenderedPage = { marks: 1 };
  try {
    const state = JSON.parse(embedded.textContent) as EmbeddedState;
    hydrate(queryClient, state.queries);
    const reads: Record<string, unknown> = {};
    for (const query of state.queries.queries) {
      const url = state.urls[query.queryHash];
      if (url && query.state.status === 'success') reads[url] = query.state.data;
    }
    cacheRenderedReads(reads);
    page.marks = state.marks;
  } catch {
    // Unreadable: the page fetches everything itself.
  }
  embedded.remove();
  return page;
}

/**
 * The app's `staleTime`: what the first page is rendered from (every query read by the time its
 * reads are in: hydrated from the server's render, or prefetched) stays fresh while that page is
 * shown, so hydrating and mounting it reads nothing again; every other read is stale at once (a
 * page mounts with a fresh read). `firstPageRead` says when the first page's reads are in (until
 * then, everything read is the first page's); `useFollowFirstPage` ends the first page's case.
 */
export function firstPageFreshness() {
  let readAt = Number.POSITIVE_INFINITY;
  return {
    staleTime: (query: Query): number => (query.state.dataUpdatedAt <= readAt ? Number.POSITIVE_INFINITY : 0),
    /**
     * The first page's reads are in: now, or at the latest of those hydrated from the server's
     * render (its clock may run ahead of the browser's). Returns that time.
     */
    firstPageRead(queryClient: QueryClient): number {
      const updates = queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.dataUpdatedAt);
      readAt = Math.max(Date.now(), ...updates);
      return readAt;
    },
  };
}

/**
 * Once the reader moves to another address, what the first page was rendered from is marked stale
 * (TanStack Query's invalidation, without reading it now): it is read afresh as it mounts again.
 */
export function useFollowFirstPage(readAt: number | undefined): void {
  const queryClient = useQueryClient();
  const [path] = useLocation();
  const search = useSearch();
  const address = `${path}?${search}`;
  const first = useRef(address);
  const left = useRef(false);
  useEffect(() => {
    if (readAt === undefined || left.current || address === first.current) return;
    left.current = true;
    void queryClient.invalidateQueries({
      predicate: (query) => query.state.dataUpdatedAt <= readAt,
      refetchType: 'none',
    });
  }, [address, queryClient, readAt]);
}
