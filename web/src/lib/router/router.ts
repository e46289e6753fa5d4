import type { ComponentType } from 'react';
import { matchRoutes, type RouteMatch, type RouteObject } from './match.ts';

/** Where the reader is: the address's parts, and the history entry's key (new for each entry). */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  key: string;
}

/** How the shown location was reached: a link or `navigate` (PUSH, or REPLACE), or back and forward (POP). */
export type HistoryAction = 'PUSH' | 'REPLACE' | 'POP';

export interface RouterState {
  location: Location;
  /** The routes showing `location`, outermost first (empty when none does). */
  matches: RouteMatch[];
  /** False until the first location's code and loaders are in. */
  initialized: boolean;
  /** 'loading' while a new location's code and loaders are read (the shown page stays meanwhile). */
  navigation: { state: 'idle' | 'loading' };
  historyAction: HistoryAction;
  /** What failed to load the shown location (its code or a loader), or null. */
  error: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
}

export interface Router {
  readonly routes: readonly RouteObject[];
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** Opens `to` (an absolute path, with its query and hash, or a query alone): resolves once it is shown. */
  navigate(to: string, options?: NavigateOptions): Promise<void>;
  /** The component of a route (its lazy code's, once loaded). */
  componentOf(route: RouteObject): ComponentType | undefined;
  dispose(): void;
}

/** The history a router follows: the browser's, or an in-memory one (tests). */
interface History {
  readonly location: Location;
  push(location: Location, replace: boolean): void;
  /** Calls `listener` when the reader goes back or forward. */
  listen(listener: (location: Location) => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The location `to` leads to from `from` (an absolute path, or a query or hash alone). */
function resolveLocation(to: string, from: Pick<Location, 'pathname' | 'search'>): Location {
  const url = new URL(to, `http://app${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash, key: newKey() };
}

const sameAddress = (a: Location, b: Location) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;

interface HistoryEntryState {
  key?: string;
}

function browserHistory(): History {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const state = window.history.state as HistoryEntryState | null;
    return { pathname, search, hash, key: state?.key ?? 'default' };
  };
  // The first entry gets a key of its own (kept across reloads with the entry's state).
  if (!(window.history.state as HistoryEntryState | null)?.key) {
    window.history.replaceState({ ...(window.history.state as object | null), key: newKey() }, '');
  }
  return {
    get location() {
      return read();
    },
    push(location, replace) {
      const url = `${location.pathname}${location.search}${location.hash}`;
      if (replace) window.history.replaceState({ key: location.key }, '', url);
      else window.history.pushState({ key: location.key }, '', url);
    },
    listen(listener) {
      const onPop = () => listener(read());
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
  };
}

function memoryHistory(initialEntries: readonly string[]): History {
  const start = { pathname: '/', search: '' };
  let entries = (initialEntries.length > 0 ? initialEntries : ['/']).map((entry) => resolveLocation(entry, start));
  let index = entries.length - 1;
  return {
    get location() {
      return entries[index] ?? resolveLocation('/', start);
    },
    push(location, replace) {
      if (replace) entries[index] = location;
      else {
        entries = [...entries.slice(0, index + 1), location];
        index = entries.length - 1;
      }
    },
    listen: () => () => undefined,
  };
}

function createRouter(routes: readonly RouteObject[], history: History): Router {
  const components = new WeakMap<RouteObject, ComponentType>();
  const listeners = new Set<(state: RouterState) => void>();
  let navigationId = 0;
  let stopListening = () => {};
  let state: RouterState = {
    location: history.location,
    matches: [],
    initialized: false,
    navigation: { state: 'idle' },
    historyAction: 'POP',
    error: null,
  };

  const set = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener(state);
  };

  /** What the location's routes still need (their code, their loaders), or null when nothing. */
  const pending = (location: Location, matches: RouteMatch[]): Promise<unknown> | null => {
    const url = new URL(`${location.pathname}${location.search}${location.hash}`, 'http://app');
    const waits: unknown[] = [];
    for (const { route, params } of matches) {
      if (route.lazy && !components.has(route)) {
        waits.push(route.lazy().then(({ Component }) => components.set(route, Component)));
      }
      if (route.loader) waits.push(route.loader({ params, url }));
    }
    return waits.some((wait) => wait instanceof Promise) ? Promise.all(waits) : null;
  };

  /** Shows `location` once its routes are ready (a newer navigation meanwhile wins). */
  const open = async (location: Location, action: HistoryAction, write: boolean): Promise<void> => {
    const id = ++navigationId;
    const matches = matchRoutes(routes, location.pathname) ?? [];
    let error: unknown = null;
    try {
      const waiting = pending(location, matches);
      if (waiting) {
        if (state.initialized) set({ navigation: { state: 'loading' } });
        await waiting;
      }
    } catch (failure) {
      error = failure;
    }
    if (id !== navigationId) return;
    if (write) history.push(location, action === 'REPLACE');
    set({ location, matches, initialized: true, navigation: { state: 'idle' }, historyAction: action, error });
  };

  const router: Router = {
    routes,
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, options = {}) {
      const location = resolveLocation(to, state.location);
      // The same address again replaces its entry instead of adding one.
      const replace = options.replace === true || sameAddress(location, state.location);
      return open(location, replace ? 'REPLACE' : 'PUSH', true);
    },
    componentOf(route) {
      return route.Component ?? components.get(route);
    },
    dispose() {
      stopListening();
      listeners.clear();
      navigationId += 1;
    },
  };

  stopListening = history.listen((location) => void open(location, 'POP', false));
  void open(history.location, 'POP', false);
  return router;
}

/** The app's router, on the browser's history. */
export function createBrowserRouter(routes: readonly RouteObject[]): Router {
  return createRouter(routes, browserHistory());
}

/**
 * A router on a history of its own (`initialEntries`, the last one shown): for tests, and for the
 * server's render. It starts at once when the first location's routes need nothing to load.
 */
export function createMemoryRouter(
  routes: readonly RouteObject[],
  options: { initialEntries?: readonly string[] } = {},
): Router {
  return createRouter(routes, memoryHistory(options.initialEntries ?? ['/']));
}

/** Resolves once the router shows its first location (its code and loaders in). */
export function routerReady(router: Pick<Router, 'state' | 'subscribe'>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
