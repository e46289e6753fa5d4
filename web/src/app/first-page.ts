import { FIRST_READS_ELEMENT_ID } from '@gomeum/contracts';
import type { Query, QueryClient } from '@tanstack/react-query';
import { routerReady, type LoaderFunctionArgs, type Router, type RouterState } from '../lib/router/index.ts';
import { meQuery } from '../features/auth/index.ts';
import { clearFirstReads, provideFirstReads } from '../lib/api-client.ts';
import { keepDrawnReads } from '../lib/offline-data.ts';

/** True until the router has shown its first page. */
let firstPage = true;
/** The queries the first page's loaders read (their hashes), until the user leaves that page. */
let firstPageReads = new Set<string>();

/**
 * A loader for a signed-in user's page that, on the app's first page only, waits for who is signed
 * in and then for what the page shows first (`read`), so that page renders once, with its data:
 * no loading screen, skeleton or shift in between, and one render instead of three. (The server's
 * HTML has already asked for the same reads, see server/src/features/web/page-preloads.ts, so they
 * are usually in by now.) Later navigations render at once and load as before. A failed read is
 * read again as the page mounts (with its retry), as it always was.
 */
export function firstPageData(
  queryClient: QueryClient,
  read?: (args: LoaderFunctionArgs) => Promise<unknown>,
): (args: LoaderFunctionArgs) => Promise<null> {
  return async (args) => {
    if (!firstPage) return null;
    await queryClient.query(meQuery).catch(() => undefined);
    if (read && queryClient.getQueryData(meQuery.queryKey)) await read(args);
    for (const query of queryClient.getQueryCache().getAll()) {
      if (query.state.status === 'success') firstPageReads.add(query.queryHash);
    }
    return null;
  };
}

/**
 * The app's `refetchOnMount`: a query mounts with a fresh read, except those the first page's
 * loaders have just read, while that page is shown (they would be read twice in a row otherwise).
 */
export function refetchOnMount(query: Query): boolean {
  return !firstPageReads.has(query.queryHash);
}

/**
 * Ends the first page's special case once the router has shown it and the user moves on (a
 * navigation starts, or, for a page with nothing to load, another location is shown).
 */
export function followFirstPage(router: Pick<Router, 'state' | 'subscribe'>): void {
  let shown: string | null = null;
  const follow = (state: RouterState) => {
    if (!state.initialized) return false;
    if (shown === null) {
      firstPage = false;
      shown = state.location.key;
      return false;
    }
    if (state.navigation.state === 'idle' && state.location.key === shown) return false;
    firstPageReads = new Set();
    return true;
  };
  if (follow(router.state)) return;
  const stop = router.subscribe((state) => {
    if (follow(state)) stop();
  });
}

/**
 * Whether the server has drawn this page (`#root` holds it, its reads embedded next to it): if so,
 * hands those answers to the first reads (call it before the router starts loading the page).
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

/**
 * On a page the server has drawn: waits until the router has the page's code and data (so no
 * loading screen is drawn over it) and who is signed in is read (the frame shows it, as it did on
 * the server). The embedded answers not taken by then are dropped: every later read is fresh.
 */
export async function renderedPageReady(
  router: Pick<Router, 'state' | 'subscribe'>,
  queryClient: QueryClient,
): Promise<void> {
  await queryClient.query(meQuery).catch(() => undefined);
  await routerReady(router);
  clearFirstReads();
}
