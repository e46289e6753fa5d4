import type { ComponentType } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useParams,
  useSearchParams,
  type RouteObject,
} from './index.ts';

function Frame() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="at">{`${location.pathname}${location.search}`}</p>
      <Outlet />
    </div>
  );
}

function Planet() {
  const { planetId } = useParams();
  return <h1>{`planet ${planetId}`}</h1>;
}

function Home() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <h1>home</h1>
      <p>{params.get('note') ?? 'no note'}</p>
      <button type="button" onClick={() => setParams({ note: 'kept' }, { replace: true })}>
        Note
      </button>
      <Link to="/planet/moon">Moon</Link>
    </>
  );
}

const deferred = <T,>() => {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const table = (extra: Partial<RouteObject> = {}): RouteObject[] => [
  {
    Component: Frame,
    HydrateFallback: () => <p>loading</p>,
    errorElement: <p role="alert">page failed</p>,
    children: [
      { path: '/', Component: Home },
      { path: '/planet/:planetId', Component: Planet, ...extra },
      { path: '/away', Component: () => <Navigate to="/planet/food" replace /> },
      { path: '*', Component: () => <h1>not found</h1> },
    ],
  },
];

afterEach(() => {
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
});

describe('matching', () => {
  it('takes the first route whose path fits, a splat only when none does, with decoded parts', () => {
    const routes = table();
    const leaf = (path: string) => matchRoutes(routes, path)?.at(-1);
    expect(leaf('/planet/moon')?.params).toEqual({ planetId: 'moon' });
    expect(leaf('/planet/%ED%95%9C')?.params).toEqual({ planetId: '한' });
    expect(leaf('/Planet/moon/')?.route.path).toBe('/planet/:planetId');
    expect(leaf('/planet')?.route.path).toBe('*');
    expect(leaf('/planet/a/b')?.route.path).toBe('*');
    expect(matchRoutes(routes, '/')?.map((match) => match.route.path)).toEqual([undefined, '/']);
    expect(matchRoutes([{ path: '/' }], '/elsewhere')).toBeNull();
    // The most specific path wins, whatever the table's order.
    const planets = [{ path: '/planet/:planetId' }, { path: '/planet/moon' }, { path: '*' }];
    expect(matchRoutes(planets, '/planet/moon')?.at(-1)?.route.path).toBe('/planet/moon');
    expect(matchRoutes(planets, '/planet/food')?.at(-1)?.route.path).toBe('/planet/:planetId');
    // An optional part may be left out.
    expect(matchPath('/user-log/:taskId?', '/user-log')).toEqual({});
    expect(matchPath('/user-log/:taskId?', '/user-log/t1')).toEqual({ taskId: 't1' });
    expect(matchPath('/user-log/:taskId?', '/user-log/t1/more')).toBeNull();
    expect(matchPath('/a/:b?/c', '/a/c')).toEqual({});
    expect(matchPath('/a/:b?/c', '/a/x/c')).toEqual({ b: 'x' });
  });
});

describe('the router', () => {
  it('shows a page once its code and loader are in, keeping the last page meanwhile; a newer navigation wins', async () => {
    const code = deferred<{ Component: ComponentType }>();
    const loader = vi.fn(() => Promise.resolve(null));
    const router = createMemoryRouter(table({ Component: undefined, lazy: () => code.promise, loader }), {
      initialEntries: ['/'],
    });
    expect(router.state.initialized).toBe(true);
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('link', { name: 'Moon' }));
    expect(router.state.navigation.state).toBe('loading');
    expect(screen.getByRole('heading').textContent).toBe('home');
    expect(loader).toHaveBeenCalledWith(expect.objectContaining({ params: { planetId: 'moon' } }));

    await act(async () => {
      code.resolve({ Component: Planet });
      await code.promise;
    });
    expect(await screen.findByText('planet moon')).toBeTruthy();
    expect(router.state.navigation.state).toBe('idle');
    expect(router.state.historyAction).toBe('PUSH');

    // Two navigations at once: the later one is shown.
    const slow = deferred<null>();
    loader.mockImplementationOnce(() => slow.promise);
    await act(async () => {
      const first = router.navigate('/planet/food');
      await router.navigate('/');
      slow.resolve(null);
      await first;
    });
    expect(screen.getByRole('heading').textContent).toBe('home');
    router.dispose();
  });

  it('shows the fallback until the first page is in, and the error element when a page fails to load or render', async () => {
    const code = deferred<{ Component: ComponentType }>();
    const router = createMemoryRouter(table({ Component: undefined, lazy: () => code.promise }), {
      initialEntries: ['/planet/moon'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      code.reject(new Error('chunk gone'));
      await code.promise.catch(() => undefined);
    });
    expect((await screen.findByRole('alert')).textContent).toBe('page failed');
    expect(router.state.error).toBeInstanceOf(Error);

    // A page that throws as it renders: the same element, and a later page renders again.
    const broken = createMemoryRouter(
      table({
        Component: () => {
          throw new Error('render failed');
        },
      }),
      { initialEntries: ['/planet/moon'] },
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { unmount } = render(<RouterProvider router={broken} />);
    expect(screen.getAllByRole('alert').length).toBe(2);
    unmount();
    render(<RouterProvider router={broken} />);
    await act(() => broken.navigate('/'));
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toContain('home');
    router.dispose();
    broken.dispose();
  });

  it('sets the query in place, sends the reader on with <Navigate>, and replaces the entry for the same address', async () => {
    const router = createMemoryRouter(table(), { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Note' }));
    expect(await screen.findByText('kept')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('at').textContent).toBe('/?note=kept');

    await act(() => router.navigate('/away'));
    expect(await screen.findByText('planet food')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');

    await act(() => router.navigate('/planet/food'));
    expect(router.state.historyAction).toBe('REPLACE');
    router.dispose();
  });

  it('leaves a click with a modifier key, or a middle click, to the browser', () => {
    const router = createMemoryRouter(table(), { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Moon' });
    expect(link.getAttribute('href')).toBe('/planet/moon');
    // (What the browser would do with them, a new tab, is not this test's: the document stays.)
    const reached = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener('click', reached);
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { button: 1 });
    document.removeEventListener('click', reached);
    expect(reached).toHaveBeenCalledTimes(2);
    expect(router.state.location.pathname).toBe('/');
    router.dispose();
  });

  it('leaves a click its own onClick prevented where it is', () => {
    const router = createMemoryRouter([
      {
        path: '/',
        Component: () => (
          <Link to="/elsewhere" onClick={(event) => event.preventDefault()}>
            Stay
          </Link>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('link', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/');
    router.dispose();
  });
});

describe('the browser router', () => {
  it('writes each page into the history once shown, and follows back and forward', async () => {
    window.history.replaceState(null, '', '/');
    const router = createBrowserRouter(table());
    render(<RouterProvider router={router} />);
    const firstKey = router.state.location.key;
    expect((window.history.state as { key: string }).key).toBe(firstKey);

    await act(() => router.navigate('/planet/moon?x=1#top'));
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/planet/moon?x=1#top');
    expect(screen.getByRole('heading').textContent).toBe('planet moon');

    window.history.replaceState({ key: firstKey }, '', '/');
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
      await Promise.resolve();
    });
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.key).toBe(firstKey);
    expect(screen.getByRole('heading').textContent).toBe('home');
    router.dispose();
  });

  it('returns to the reader’s place on back, opens new pages at their top, and leaves the first page where it is', async () => {
    window.history.replaceState(null, '', '/');
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const router = createBrowserRouter([
      {
        Component: () => (
          <>
            <Outlet />
            <ScrollRestoration />
          </>
        ),
        children: [{ path: '*', Component: () => <p>page</p> }],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(window.history.scrollRestoration).toBe('manual');
    expect(scrollTo).not.toHaveBeenCalled();

    const firstKey = router.state.location.key;
    Object.defineProperty(window, 'scrollY', { value: 420, configurable: true });
    await act(() => router.navigate('/next'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    // Scrolled on the next page, the reader goes back.
    Object.defineProperty(window, 'scrollY', { value: 100, configurable: true });
    window.history.replaceState({ key: firstKey }, '', '/');
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
      await Promise.resolve();
    });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 420);

    // Kept for a reload of the tab.
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem('gomeum-scroll') ?? '{}')).toMatchObject({ [firstKey]: 100 });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    router.dispose();
    vi.unstubAllGlobals();
  });
});
