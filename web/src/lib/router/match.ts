import type { ComponentType, ReactNode } from 'react';

/** A path's named parts (`/planet/:planetId` on `/planet/moon` → `{ planetId: 'moon' }`). */
export type Params = Readonly<Record<string, string | undefined>>;

/** What a route's loader is given: its path's parts, and the address being opened. */
export interface LoaderFunctionArgs {
  params: Params;
  url: URL;
}

/**
 * One entry of the route table (the app's is in app/router.tsx). A route without a `path` is a
 * frame: it matches when one of its children does, and shows the child in its `<Outlet />`.
 */
export interface RouteObject {
  /** An absolute path: `/`, `/task/:planetId`, or `*` for any address no other route takes. */
  path?: string;
  Component?: ComponentType;
  /** The page's code, fetched the first time the route is opened. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /** Read before the route is shown (the page stays as it is until every loader of the match is done). */
  loader?: (args: LoaderFunctionArgs) => unknown;
  /** Shown before the first page's code is in (the router's start, on a page the server did not draw). */
  HydrateFallback?: ComponentType;
  /** Shown in this route's place when a page under it fails to load or to render. */
  errorElement?: ReactNode;
  children?: RouteObject[];
}

/** A route of a match, with the parts of the path it was matched with. */
export interface RouteMatch {
  route: RouteObject;
  params: Params;
}

const SPLAT = '*';

/** The part of a path, or null when `pattern` does not take `pathname` (`:name?` parts may be left out). */
function matchParts(want: readonly string[], have: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  let at = 0;
  for (const [index, part] of want.entries()) {
    const value = have[at];
    const optional = part.endsWith('?');
    if (part.startsWith(':')) {
      const name = part.slice(1, optional ? -1 : undefined);
      // An optional part is left out when what follows needs what is left.
      if (value === undefined || (optional && have.length - at <= want.length - index - 1)) {
        if (optional) continue;
        return null;
      }
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (value === undefined || part.toLowerCase() !== value.toLowerCase()) return null;
    at += 1;
  }
  return at === have.length ? params : null;
}

/**
 * The path's named parts, or null when `pattern` does not take `pathname`. Static parts compare
 * case-insensitively, `:name?` parts may be left out, and `*` takes any path.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  if (pattern === SPLAT) return {};
  return matchParts(pattern.split('/').filter(Boolean), pathname.split('/').filter(Boolean));
}

/** How specific a pattern is: a static part counts more than a named one, `*` least of all. */
function rank(pattern: string): number {
  if (pattern === SPLAT) return -1;
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce((sum, part) => sum + (part.startsWith(':') ? 3 : 10), 0);
}

function collect(routes: readonly RouteObject[], pathname: string, trail: RouteObject[], found: RouteMatch[][]) {
  for (const route of routes) {
    if (route.children) {
      collect(route.children, pathname, [...trail, route], found);
      continue;
    }
    if (route.path === undefined) continue;
    const params = matchPath(route.path, pathname);
    if (params) found.push([...trail.map((frame) => ({ route: frame, params })), { route, params }]);
  }
}

/**
 * The routes that show `pathname`, from the outermost frame to the page: of the routes whose path
 * takes it, the most specific (`/planet/moon` before `/planet/:planetId`, `*` last), the first in
 * the table among equals. Null when none does.
 */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): RouteMatch[] | null {
  const found: RouteMatch[][] = [];
  collect(routes, pathname, [], found);
  let best: RouteMatch[] | null = null;
  let bestRank = -Infinity;
  for (const match of found) {
    const score = rank(match.at(-1)?.route.path ?? SPLAT);
    if (score > bestRank) {
      best = match;
      bestRank = score;
    }
  }
  return best;
}
