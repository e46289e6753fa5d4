import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from '../lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstPageData, followFirstPage, refetchOnMount } from './first-page.ts';

const pageQuery = { queryKey: ['page'], queryFn: () => Promise.resolve('page data') };

afterEach(() => vi.unstubAllGlobals());

describe('the first page', () => {
  it('renders once its user and data are read, which are not read again as it mounts; later pages load as before', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        Response.json({ id: 'u1', email: null, role: 'user', isGuest: true, guestId: null, locale: 'en' }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();
    const read = vi.fn(() => queryClient.query(pageQuery));
    const loader = firstPageData(queryClient, read);
    const router = createMemoryRouter(
      [
        { path: '/a', loader, Component: () => null },
        { path: '/b', loader, Component: () => null },
      ],
      { initialEntries: ['/a'] },
    );
    followFirstPage(router);
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledTimes(1);
    const page = queryClient.getQueryCache().find({ queryKey: ['page'] });
    expect(page?.state.data).toBe('page data');
    expect(refetchOnMount(page!)).toBe(false);

    await router.navigate('/b');
    expect(read).toHaveBeenCalledTimes(1);
    expect(refetchOnMount(page!)).toBe(true);
    router.dispose();
  });

  it('reads afresh as later pages mount, also after a page with nothing to load', async () => {
    // The first page is the module's (once per app): a fresh one for this app.
    vi.resetModules();
    const { firstPageData, followFirstPage, refetchOnMount } = await import('./first-page.ts');
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        Response.json({ id: 'u1', email: null, role: 'user', isGuest: true, guestId: null, locale: 'en' }),
      ),
    );
    const queryClient = new QueryClient();
    const loader = firstPageData(queryClient, () => queryClient.query(pageQuery));
    const router = createMemoryRouter(
      [
        { path: '/a', loader, Component: () => null },
        { path: '/plain', Component: () => null },
      ],
      { initialEntries: ['/a'] },
    );
    followFirstPage(router);
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    const page = queryClient.getQueryCache().find({ queryKey: ['page'] });
    expect(refetchOnMount(page!)).toBe(false);
    // A page with no loader and its code in: shown at once, with no loading in between.
    await router.navigate('/plain');
    expect(refetchOnMount(page!)).toBe(true);
    router.dispose();
  });
});
