import { PAGE_PREFETCHES, routeUrl } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../test/fake-server.tsx';
import { firstPageFreshness, prefetchFirstPage, useFollowFirstPage } from './first-page.ts';

const ME = { id: 'u1', email: null, role: 'user', isGuest: true, guestId: null, locale: 'en' };

afterEach(() => vi.unstubAllGlobals());

describe('the first page', () => {
  it('renders once its user, data and code are in, which are not read again as it mounts; later pages read afresh', async () => {
    const server = fakeServer({ 'GET /api/me': ME, 'GET /api/galaxy': { planets: [] } });
    const freshness = firstPageFreshness();
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: freshness.staleTime } } });
    const code = vi.fn(() => Promise.resolve());
    await prefetchFirstPage(queryClient, '/galaxy', code);
    const readAt = freshness.firstPageRead(queryClient);

    // Who is signed in, then the galaxy (the page's first read), and the page's code.
    expect(server.calls.map((call) => call.url)).toEqual(['/api/me', '/api/galaxy']);
    expect(code).toHaveBeenCalledWith('/galaxy');
    const galaxy = queryClient.getQueryCache().find({ queryKey: ['galaxy'] });
    expect(galaxy?.state.data).toEqual({ planets: [] });
    // Fresh while the first page is shown: asked again (as its page mounts), it is not read.
    await queryClient.query({ queryKey: ['galaxy'], queryFn: () => ({ planets: [1] }) });
    expect(galaxy?.state.data).toEqual({ planets: [] });

    // Another address: what the first page read is read afresh as it mounts again.
    const location = memoryLocation({ path: '/galaxy' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {children}
        </Router>
      </QueryClientProvider>
    );
    renderHook(() => useFollowFirstPage(readAt), { wrapper });
    expect(galaxy?.isStale()).toBe(false);
    act(() => location.navigate('/planet/music'));
    expect(galaxy?.isStale()).toBe(true);
    // (Nothing was read meanwhile: it is read as it mounts again.)
    expect(server.calls).toHaveLength(2);
    // What is read later is stale at once, as every read after the first page's: asked again, read again.
    const later = vi.fn(() => 1);
    await queryClient.query({ queryKey: ['later'], queryFn: later });
    await queryClient.query({ queryKey: ['later'], queryFn: later });
    expect(later).toHaveBeenCalledTimes(2);
  });

  it('prefetches for each page what the contract says (and the server preloads), nothing else', async () => {
    const pages = { galaxy: '/galaxy', moon: '/planet/moon', planet: '/planet/music', task: '/task/music' };
    for (const [page, pathname] of Object.entries(pages) as [keyof typeof PAGE_PREFETCHES, string][]) {
      vi.resetModules();
      const { prefetchFirstPage } = await import('./first-page.ts');
      const fetch = vi.fn((url: string) => Promise.resolve(Response.json(url === '/api/me' ? ME : {})));
      vi.stubGlobal('fetch', fetch);
      await prefetchFirstPage(new QueryClient(), pathname, () => Promise.resolve());
      const expected = PAGE_PREFETCHES[page].map((name) => routeUrl(routes[name], { planetId: 'music' }));
      expect(fetch.mock.calls.map(([url]) => url).sort(), page).toEqual(['/api/me', ...expected].sort());
    }
  });

  it("reads no page data for a visitor who is not signed in, and the page's code all the same", async () => {
    vi.resetModules();
    const { prefetchFirstPage } = await import('./first-page.ts');
    const server = fakeServer({ 'GET /api/me': json(null) });
    const code = vi.fn(() => Promise.resolve());
    await prefetchFirstPage(new QueryClient(), '/galaxy', code);
    expect(server.calls.map((call) => call.url)).toEqual(['/api/me']);
    expect(code).toHaveBeenCalledWith('/galaxy');
  });
});
