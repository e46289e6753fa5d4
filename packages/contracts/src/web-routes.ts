/**
 * The web app's pages, as react-router patterns. The router builds its routes from these and the
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
      return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    })
    .join('');
  return new RegExp(`^${body || '/'}/?$`);
}

const MATCHERS = Object.values(WEB_ROUTES).map(patternToRegExp);

/** True when `pathname` (no query) is one of the app's pages. */
export function isWebRoute(pathname: string): boolean {
  return MATCHERS.some((matcher) => matcher.test(pathname));
}
