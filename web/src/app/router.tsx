import { matchWebRoute, WEB_ROUTES, type WebRoute } from '@gomeum/contracts';
import { Component, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { Route, Router, Switch, useLocation, useRouter, type Parser } from 'wouter';
import { RequireAuth } from '../features/auth/index.ts';
import { HydrationMark } from '../lib/hydration.tsx';
import { LoadingScreen } from '../lib/loading-screen.tsx';
import { AppShell } from './app-shell.tsx';
import { useFollowFirstPage } from './first-page.ts';
import { OperatorRoute } from './operator-route.tsx';
import { RouteError } from './route-error.tsx';

/**
 * A page whose code is a chunk of its own, fetched when the page is first shown (or ahead of
 * that: `preload`, which the app's start and the server's render call for the first page, so it
 * renders at once instead of suspending). Like `React.lazy`, but a page already loaded renders
 * without suspending, which hydrating a page the server rendered needs.
 */
interface LazyPage {
  Page: ComponentType;
  preload: () => Promise<ComponentType>;
}

function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () => {
    loading ??= load().then((module) => (loaded = pick(module)));
    return loading;
  };
  function Page() {
    const Loaded = loaded ?? use(preload());
    // The page's own component, the same one on every render (loaded once, kept above).
    // eslint-disable-next-line react-hooks/static-components
    return <Loaded />;
  }
  return { Page, preload };
}

/**
 * Every page with its code, by its name in the route table (`WEB_ROUTES`). Each loader imports the
 * module `PAGE_MODULES` names for the page, whose files the server preloads with its HTML
 * (page-modules.ts).
 */
const PAGES: Partial<Record<WebRoute, LazyPage>> = {
  home: lazyPage(
    () => import('../features/home/index.ts'),
    (m) => m.HomePage,
  ),
  register: lazyPage(
    () => import('../features/auth/pages.ts'),
    (m) => m.RegisterPage,
  ),
  update: lazyPage(
    () => import('../features/updates/pages.ts'),
    (m) => m.UpdatePage,
  ),
  galaxy: lazyPage(
    () => import('../features/galaxy/index.ts'),
    (m) => m.GalaxyPage,
  ),
  moon: lazyPage(
    () => import('../features/moon/index.ts'),
    (m) => m.MoonPage,
  ),
  planet: lazyPage(
    () => import('../features/planets/index.ts'),
    (m) => m.PlanetPage,
  ),
  task: lazyPage(
    () => import('../features/tasks/pages.ts'),
    (m) => m.TaskPage,
  ),
  userLog: lazyPage(
    () => import('../features/tasks/pages.ts'),
    (m) => m.UserLogPage,
  ),
  gomeumLog: lazyPage(
    () => import('../features/tasks/pages.ts'),
    (m) => m.GomeumLogPage,
  ),
};

const notFound = lazyPage(
  () => import('./not-found-page.tsx'),
  (m) => m.NotFoundPage,
);

/** Loads the code of the page at `pathname` (any path: the not-found page for none of the app's). */
export function preloadPage(pathname: string): Promise<unknown> {
  const page = matchWebRoute(pathname);
  if (page?.name === 'dashboard') return Promise.resolve();
  return (page ? PAGES[page.name] : undefined)?.preload() ?? notFound.preload();
}

/** A signed-in user's page: anyone else is sent to the home page. */
function signedIn(page: LazyPage | undefined): ComponentType {
  const Page = page?.Page ?? notFound.Page;
  return function SignedInPage() {
    return (
      <RequireAuth>
        <Page />
      </RequireAuth>
    );
  };
}

const page = (name: WebRoute) => PAGES[name]?.Page ?? notFound.Page;

// Built once: a route's component is the same on every render.
const GalaxyRoute = signedIn(PAGES.galaxy);
const MoonRoute = signedIn(PAGES.moon);
const PlanetRoute = signedIn(PAGES.planet);
const TaskRoute = signedIn(PAGES.task);
const UserLogRoute = signedIn(PAGES.userLog);
const GomeumLogRoute = signedIn(PAGES.gomeumLog);

/** The page at the current address (the moon before the other planets: its path is theirs too). */
function Pages() {
  return (
    <Switch>
      <Route path={WEB_ROUTES.home} component={page('home')} />
      <Route path={WEB_ROUTES.register} component={page('register')} />
      <Route path={WEB_ROUTES.update} component={page('update')} />
      <Route path={WEB_ROUTES.galaxy} component={GalaxyRoute} />
      <Route path={WEB_ROUTES.moon} component={MoonRoute} />
      <Route path={WEB_ROUTES.planet} component={PlanetRoute} />
      <Route path={WEB_ROUTES.task} component={TaskRoute} />
      <Route path={WEB_ROUTES.userLog} component={UserLogRoute} />
      <Route path={WEB_ROUTES.gomeumLog} component={GomeumLogRoute} />
      <Route path={WEB_ROUTES.dashboard} component={OperatorRoute} />
      <Route component={notFound.Page} />
    </Switch>
  );
}

interface BoundaryProps {
  path: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  path: string;
}

/** Shows the error page instead of a page that failed to load or render; a new address renders afresh. */
class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, path: this.props.path };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

function PageArea({ firstPageReadAt }: { firstPageReadAt: number | undefined }) {
  const [path] = useLocation();
  useFollowFirstPage(firstPageReadAt);
  return (
    <PageErrorBoundary path={path}>
      {/* Shown while a page's code arrives (never on the first page: its code is loaded before). */}
      <Suspense fallback={<LoadingScreen />}>
        <HydrationMark />
        <Pages />
      </Suspense>
    </PageErrorBoundary>
  );
}

interface AppProps {
  /** On the server: the address being rendered (in the browser, the location's). */
  ssrPath?: string;
  ssrSearch?: string;
  /** In the browser: when the first page's reads were in (see first-page.ts). */
  firstPageReadAt?: number;
}

/** Each parser's patterns, parsed once per process: wouter parses a route's pattern on every match. */
const parsedPatterns = new WeakMap<Parser, Parser>();

/** `parser` (wouter's pattern parser) with each pattern's parse kept: the same patterns match on every render. */
function keptParses(parser: Parser): Parser {
  let kept = parsedPatterns.get(parser);
  if (!kept) {
    const parses = new Map<string, ReturnType<Parser>>();
    kept = (route, loose) => {
      const key = `${loose ? 'loose' : 'exact'} ${route}`;
      let parsed = parses.get(key);
      if (!parsed) {
        parsed = parser(route, loose);
        parses.set(key, parsed);
      }
      return parsed;
    };
    parsedPatterns.set(parser, kept);
  }
  return kept;
}

/** The whole app under its router: the frame and the page at the address. */
export function App({ ssrPath, ssrSearch, firstPageReadAt }: AppProps) {
  const { parser } = useRouter();
  return (
    <Router ssrPath={ssrPath} ssrSearch={ssrSearch} parser={keptParses(parser)}>
      <AppShell>
        <PageArea firstPageReadAt={firstPageReadAt} />
      </AppShell>
    </Router>
  );
}
