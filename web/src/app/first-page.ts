import { FIRST_READS_ELEMENT_ID, isPlanetId, matchWebRoute, type WebRoute } from '@gomeum/contracts';
import type { Query, QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { meQuery } from '../features/auth/index.ts';
import { provideFirstReads } from '../lib/api-client.ts';
import { keepDrawnReads } from '../lib/offline-data.ts';

/** The queries the first page's reads filled (their hashes), until the user leaves that page. */
let firstPageReads = new Set<string>();

type Read = (queryClient: QueryClient, params: Record<string, string>) => Promise<unknown>;

/** What a signed-in user's page shows first, read before it renders (the same reads its HTML preloads). */
const FIRST_READS: Partial<Record<WebRoute, Read>> = {
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
 * in between, and a page the server drew is taken over exactly as drawn. (The server's HTML has
 * already asked for the same reads, see server/src/features/web/page-preloads.ts, or carries their
 * answers.) A failed read is read again as the page mounts (with its retry), as it always was.
 */
export async function prepareFirstPage(
  queryClient: QueryClient,
  pathname: string,
  preloadPage: (pathname: string) => Promise<unknown>,
): Promise<void> {
  const page = matchWebRoute(pathname);
  const code = preloadPage(pathname).catch(() => undefined);
  await queryClient.query(meQuery).catch(() => undefined);
  const read = page ? FIRST_READS[page.name] : undefined;
  if (page && read && queryClient.getQueryData(meQuery.queryKey)) {
    await read(queryClient, page.params).catch(() => undefined);
  }
  await code;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status === 'success') firstPageReads.add(query.queryHash);
  }
}

/**
 * The app's `refetchOnMount`: a query mounts with a fresh read, except those the first page's
 * reads have just filled, while that page is shown (they would be read twice in a row otherwise).
 */
export function refetchOnMount(query: Query): boolean {
  return !firstPageReads.has(query.queryHash);
}

/** Ends the first page's special case once the reader moves to another address. */
export function useFollowFirstPage(): void {
  const [path] = useLocation();
  const search = useSearch();
  const address = `${path}?${search}`;
  const first = useRef(address);
  useEffect(() => {
    if (address !== first.current) firstPageReads = new Set();
  }, [address]);
}

/**
 * Whether the server has drawn this page (`#root` holds it, its reads embedded next to it): if so,
 * hands those answers to the first reads (call it before `prepareFirstPage`).
 */
export function takeRenderedPage(root: HTMLElement): boolean {
  const embedded = document.getElementById(FIRST_READS_ELEMENT_ID);
  if (!root.hasAttribute('data-rendered') || !embedded) return false;
  try {
    const reads = JSON.parse(embedded.textContent) as Record<string, unknown>;
    provideFirstReads(reads);
    keepDrawnReads(reads);
  } catch {
    // Unreadable: the page reads everything itself.
  }
  embedded.remove();
  return true;
}
