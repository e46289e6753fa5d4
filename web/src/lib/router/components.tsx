import {
  Component,
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Params, RouteMatch } from './match.ts';
import type { Location, NavigateOptions, Router, RouterState } from './router.ts';

interface RouterContextValue {
  router: Router;
  state: RouterState;
}

const RouterContext = createContext<RouterContextValue | null>(null);
/** The match being rendered, and how deep in it (an `<Outlet />` renders the next one). */
const MatchContext = createContext<{ matches: RouteMatch[]; depth: number }>({ matches: [], depth: -1 });

function useRouterContext(): RouterContextValue {
  const context = useContext(RouterContext);
  if (!context) throw new Error('A router hook was used outside a RouterProvider');
  return context;
}

interface BoundaryProps {
  fallback: ReactNode;
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  locationKey: string;
}

/** Shows a route's error element instead of what renders under it, should that fail to render. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    // A new location renders afresh.
    return props.locationKey === state.locationKey ? null : { error: null, locationKey: props.locationKey };
  }

  override render() {
    return this.state.error ? this.props.fallback : this.props.children;
  }
}

function RouteElement({ matches, depth }: { matches: RouteMatch[]; depth: number }) {
  const { router, state } = useRouterContext();
  const value = useMemo(() => ({ matches, depth }), [matches, depth]);
  const match = matches[depth];
  if (!match) return null;
  const Page = router.componentOf(match.route);
  // A failed load shows the error element of the closest route that has one, from there up.
  const failedHere =
    state.error !== null &&
    match.route.errorElement !== undefined &&
    !matches.slice(depth + 1).some((inner) => inner.route.errorElement !== undefined);
  if (failedHere) return <>{match.route.errorElement}</>;
  // (A route's component is the same one on every render: its own, or its lazy code's once loaded.)
  const element = (
    <MatchContext.Provider value={value}>{Page ? createElement(Page) : <Outlet />}</MatchContext.Provider>
  );
  if (match.route.errorElement === undefined) return element;
  return (
    <RouteErrorBoundary fallback={match.route.errorElement} locationKey={state.location.key}>
      {element}
    </RouteErrorBoundary>
  );
}

/** The router and its state, followed as it changes (what RouterContext carries). */
function useRouterValue(router: Router): RouterContextValue {
  const state = useSyncExternalStore(
    useCallback((onChange: () => void) => router.subscribe(onChange), [router]),
    () => router.state,
    () => router.state,
  );
  return useMemo(() => ({ router, state }), [router, state]);
}

/** Renders the router's location: its routes, outermost first, each in its frame's `<Outlet />`. */
export function RouterProvider({ router }: { router: Router }) {
  const value = useRouterValue(router);
  const { state } = value;
  const Fallback = state.initialized ? undefined : router.routes[0]?.HydrateFallback;
  return (
    <RouterContext.Provider value={value}>
      {state.initialized ? <RouteElement matches={state.matches} depth={0} /> : Fallback ? <Fallback /> : null}
    </RouterContext.Provider>
  );
}

/** Where a frame shows the route under it. */
export function Outlet() {
  const { matches, depth } = useContext(MatchContext);
  return <RouteElement matches={matches} depth={depth + 1} />;
}

/**
 * Gives `children` a router of their own, at the location it shows, without routes (for tests: the
 * router's hooks work under it, and `navigate` moves its location).
 */
export function RouterContextProvider({ router, children }: { router: Router; children: ReactNode }) {
  const value = useRouterValue(router);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** Renders `children` with `params` as the route's parts (tests' `<Routes>`). */
export function ParamsProvider({ params, children }: { params: Params; children: ReactNode }) {
  const value = useMemo(() => ({ matches: [{ route: { path: '*' }, params }], depth: 0 }), [params]);
  return <MatchContext.Provider value={value}>{children}</MatchContext.Provider>;
}

const NO_PARAMS: Params = {};

export function useLocation(): Location {
  return useRouterContext().state.location;
}

/** The shown route's path parts. */
export function useParams(): Params {
  return useContext(MatchContext).matches.at(-1)?.params ?? NO_PARAMS;
}

export function useNavigate(): (to: string, options?: NavigateOptions) => Promise<void> {
  const { router } = useRouterContext();
  return useCallback((to: string, options?: NavigateOptions) => router.navigate(to, options), [router]);
}

type SearchParamsInit = URLSearchParams | Record<string, string> | string;

/** The location's query, and a way to set it (the path kept). */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit, options?: NavigateOptions) => void] {
  const { router, state } = useRouterContext();
  const search = state.location.search;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsInit, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      void router.navigate(`${router.state.location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [router],
  );
  return [params, setParams];
}

/** Opens `to` as it mounts (a page that sends its reader elsewhere). Renders nothing. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

/**
 * A link to a page of the app: a real `<a href>` (opened in a new tab with a modifier key or a
 * middle click, as any link), opened by the router on a plain click.
 */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (target !== undefined && target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    void navigate(to, { replace });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}

const SCROLL_STORE = 'gomeum-scroll';
let scrollPlaces: Record<string, number> | null = null;

function places(): Record<string, number> {
  if (!scrollPlaces) {
    try {
      scrollPlaces = JSON.parse(sessionStorage.getItem(SCROLL_STORE) ?? '{}') as Record<string, number>;
    } catch {
      scrollPlaces = {};
    }
  }
  return scrollPlaces;
}

function keepPlaces() {
  try {
    sessionStorage.setItem(SCROLL_STORE, JSON.stringify(places()));
  } catch {
    // Storage full or refused: places are kept for this page only.
  }
}

/**
 * Scroll restoration: back and forward return to where the reader was on that entry (after a
 * reload too); a newly opened page starts at its top, or at its `#hash`. The page it starts on is
 * left where it is (the reader may have scrolled a drawn page before the app arrived), unless it is
 * a reloaded entry the reader had scrolled.
 */
export function ScrollRestoration() {
  const { router, state } = useRouterContext();
  const { key, hash } = state.location;
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // The place of the page being left, noted before the next one renders.
    let shown = router.state.location.key;
    const stop = router.subscribe((next) => {
      if (next.location.key === shown) return;
      places()[shown] = window.scrollY;
      shown = next.location.key;
    });
    const onHide = () => {
      places()[router.state.location.key] = window.scrollY;
      keepPlaces();
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      stop();
      window.removeEventListener('pagehide', onHide);
      window.history.scrollRestoration = 'auto';
    };
  }, [router]);
  const started = useRef(false);
  useLayoutEffect(() => {
    const saved = places()[key];
    if (!started.current) {
      started.current = true;
      if (saved !== undefined && window.scrollY === 0) window.scrollTo(0, saved);
      return;
    }
    if (router.state.historyAction === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [router, key, hash]);
  return null;
}
