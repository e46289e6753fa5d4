import type * as userRoutes from './routes.ts';

/**
 * The web app's pages, as the router's patterns. The router builds its routes from these and the
 * server uses them to answer known pages with 200 and anything else with the app's 404 page.
 */
export const WEB_ROUTES = {
  home: '/',
  register: '/register',
  galaxy: '/galaxy',
  planet: '/planet/:planetId',
  task: '/task/:planetId',
  userLog: '/user-log/:taskId?',
  gomeumLog: '/gomeum-log/:planetId?',
  dashboard: '/gomeum-dashboard',
  update: '/update/:id',
  moon: '/planet/moon',
} as const;

/** Name of a web page. */
export type WebRoute = keyof typeof WEB_ROUTES;

/**
 * A link into the dashboard: its section (`?section=`), and what is selected there: a user's
 * conversation in the inbox (`&user=`), a proof in the queue (`&proof=`). The operator's pushes
 * open these; the dashboard reads them.
 */
export function dashboardLink(
  target: { section: 'chat'; user?: string } | { section: 'proofs'; proof?: string },
): string {
  const query = new URLSearchParams({ section: target.section });
  if ('user' in target && target.user) query.set('user', target.user);
  if ('proof' in target && target.proof) query.set('proof', target.proof);
  return `${WEB_ROUTES.dashboard}?${query.toString()}`;
}

/** Paths a signed-out visitor is sent away from (to `/`). */
export const AUTH_ROUTES: readonly WebRoute[] = [
  'galaxy',
  'planet',
  'task',
  'userLog',
  'gomeumLog',
  'dashboard',
  'moon',
];

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      const name = segment.slice(1).replace(/\?$/, '');
      return segment.endsWith('?') ? `(?:/(?<${name}>[^/]+))?` : `/(?<${name}>[^/]+)`;
    })
    .join('');
  return new RegExp(`^${body || '/'}/?$`);
}

/** The pages' matchers, those with fewer parameters first (`/planet/moon` before `/planet/:planetId`). */
const MATCHERS = (Object.entries(WEB_ROUTES) as Array<[WebRoute, string]>)
  .map(([name, pattern]) => ({ name, matcher: patternToRegExp(pattern), params: pattern.split(':').length }))
  .sort((a, b) => a.params - b.params);

/** The page a path (no query) opens and its parameters (percent-decoded), or null for none of the app's. */
export function matchWebRoute(pathname: string): { name: WebRoute; params: Record<string, string> } | null {
  for (const { name, matcher } of MATCHERS) {
    const match = matcher.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    // An optional parameter that is absent is an undefined group.
    for (const [key, value] of Object.entries(match.groups ?? {}) as Array<[string, string | undefined]>) {
      if (value === undefined) continue;
      try {
        params[key] = decodeURIComponent(value);
      } catch {
        params[key] = value;
      }
    }
    return { name, params };
  }
  return null;
}

/** True when `pathname` (no query) is one of the app's pages. */
export function isWebRoute(pathname: string): boolean {
  return matchWebRoute(pathname) !== null;
}

/**
 * The id of the `<script type="application/json">` in which the server embeds the state a page it
 * rendered was rendered from (its queries, dehydrated): the app hydrates its cache with it instead
 * of reading them again.
 */
export const DEHYDRATED_STATE_ELEMENT_ID = 'dehydrated-state';

/** A route of the user's table (`routes.ts`), by name. */
export type UserRouteName = keyof typeof userRoutes;

/**
 * What a signed-in user's page prefetches, by route, each with the page's own parameters: the
 * server's HTML preloads these reads (a page it renders carries them dehydrated instead), and the
 * app prefetches them before the page renders, so it paints once, with its data.
 */
export const PAGE_PREFETCHES = {
  galaxy: ['galaxy'],
  moon: ['moonQuestions'],
  planet: ['taskScreen', 'taskProgress', 'gomeumLogs'],
  task: ['taskScreen', 'taskProgress', 'taskLogs', 'gomeumLogs', 'reminder'],
} as const satisfies Partial<Record<WebRoute, readonly UserRouteName[]>>;

/** The routes one page prefetches. */
export type PagePrefetchOf<P extends keyof typeof PAGE_PREFETCHES> = (typeof PAGE_PREFETCHES)[P][number];
