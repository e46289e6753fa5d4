import { PAGE_FIRST_READS, routeUrl } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../test/fake-server.tsx';
import { prepareFirstPage, refetchOnMount, useFollowFirstPage } from './first-page.ts';

const ME = { id: 'u1', email: null, role: 'user', isGuest: true, guestId: null, locale: 'en' };

afterEach(() => vi.unstubAllGlobals());

describe('the first page', () => {
  it('renders once its user, data and code are in, which are not read again as it mounts; later pages read afresh', async () => {
    const server = fakeServer({ 'GET /api/me': ME, 'GET /api/galaxy': { planets: [] } });
    const queryClient = new QueryClient();
    const code = vi.fn(() => Promise.resolve());
    await prepareFirstPage(queryClient, '/galaxy', code);

    // Who is signed in, then the galaxy (the page's first read), and the page's code.
    expect(server.calls.map((call) => call.url)).toEqual(['/api/me', '/api/galaxy']);
    expect(code).toHaveBeenCalledWith('/galaxy');
    const galaxy = queryClient.getQueryCache().find({ queryKey: ['galaxy'] });
    expect(galaxy?.state.data).toEqual({ planets: [] });
    expect(refetchOnMount(galaxy!)).toBe(false);

    // Another address: what the first page read is read afresh as it mounts again.
    const location = memoryLocation({ path: '/galaxy' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Router hook={location.hook} searchHook={location.searchHook}>
        {children}
      </Router>
    );
    renderHook(() => useFollowFirstPage(), { wrapper });
    expect(refetchOnMount(galaxy!)).toBe(false);
    act(() => location.navigate('/planet/music'));
    expect(refetchOnMount(galaxy!)).toBe(true);
  });

  it('reads for each page what the contract says it reads first (and the server preloads), nothing else', async () => {
    const pages = { galaxy: '/galaxy', moon: '/planet/moon', planet: '/planet/music', task: '/task/music' };
    for (const [page, pathname] of Object.entries(pages) as [keyof typeof PAGE_FIRST_READS, string][]) {
      vi.resetModules();
      const { prepareFirstPage } = await import('./first-page.ts');
      const fetch = vi.fn((url: string) => Promise.resolve(Response.json(url === '/api/me' ? ME : {})));
      vi.stubGlobal('fetch', fetch);
      await prepareFirstPage(new QueryClient(), pathname, () => Promise.resolve());
      const expected = PAGE_FIRST_READS[page].map((name) => routeUrl(routes[name], { planetId: 'music' }));
      expect(fetch.mock.calls.map(([url]) => url).sort(), page).toEqual(['/api/me', ...expected].sort());
    }
  });

  it("reads no page data for a visitor who is not signed in, and the page's code all the same", async () => {
    vi.resetModules();
    const { prepareFirstPage } = await import('./first-page.ts');
    const server = fakeServer({ 'GET /api/me': json(null) });
    const code = vi.fn(() => Promise.resolve());
    await prepareFirstPage(new QueryClient(), '/galaxy', code);
    expect(server.calls.map((call) => call.url)).toEqual(['/api/me']);
    expect(code).toHaveBeenCalledWith('/galaxy');
  });
});
