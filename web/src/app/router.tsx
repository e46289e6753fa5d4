import { isPlanetId, WEB_ROUTES } from '@gomeum/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from '../lib/router/index.ts';
import { RequireAuth } from '../features/auth/index.ts';
import { firstPageData, followFirstPage } from './first-page.ts';
import { AppShell } from './app-shell.tsx';
import { LoadingScreen } from '../lib/loading-screen.tsx';
import { OperatorRoute } from './operator-route.tsx';
import { RouteError } from './route-error.tsx';

/** Every page, lazily loaded so a visitor downloads only what they open. Paths come from contracts. */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  const planetOf = ({ params }: LoaderFunctionArgs) => {
    const planetId = params.planetId ?? '';
    return isPlanetId(planetId) ? planetId : null;
  };
  return [
    {
      Component: AppShell,
      // Shown while the first page's code arrives (the router waits for a lazy route before it renders).
      HydrateFallback: LoadingScreen,
      errorElement: <RouteError />,
      children: [
        {
          path: WEB_ROUTES.home,
          lazy: async () => ({ Component: (await import('../features/home/index.ts')).HomePage }),
        },
        {
          path: WEB_ROUTES.register,
          lazy: async () => ({ Component: (await import('../features/auth/pages.ts')).RegisterPage }),
        },
        {
          path: WEB_ROUTES.update,
          lazy: async () => ({ Component: (await import('../features/updates/pages.ts')).UpdatePage }),
        },
        {
          Component: RequireAuth,
          loader: firstPageData(queryClient),
          children: [
            {
              path: WEB_ROUTES.galaxy,
              lazy: async () => ({ Component: (await import('../features/galaxy/index.ts')).GalaxyPage }),
              loader: firstPageData(queryClient, async () =>
                (await import('../features/galaxy/index.ts')).prefetchGalaxy(queryClient),
              ),
            },
            {
              path: WEB_ROUTES.planet,
              lazy: async () => ({ Component: (await import('../features/planets/index.ts')).PlanetPage }),
              loader: firstPageData(queryClient, async (args) => {
                const planet = planetOf(args);
                if (planet)
                  await (await import('../features/planets/index.ts')).prefetchPlanetPage(queryClient, planet);
              }),
            },
            {
              path: WEB_ROUTES.moon,
              lazy: async () => ({ Component: (await import('../features/moon/index.ts')).MoonPage }),
              loader: firstPageData(queryClient, async () =>
                (await import('../features/moon/index.ts')).prefetchMoon(queryClient),
              ),
            },
            {
              path: WEB_ROUTES.task,
              lazy: async () => ({ Component: (await import('../features/tasks/pages.ts')).TaskPage }),
              loader: firstPageData(queryClient, async (args) => {
                const planet = planetOf(args);
                if (planet) await (await import('../features/tasks/pages.ts')).prefetchTaskPage(queryClient, planet);
              }),
            },
            {
              path: WEB_ROUTES.userLog,
              lazy: async () => ({ Component: (await import('../features/tasks/pages.ts')).UserLogPage }),
            },
            {
              path: WEB_ROUTES.gomeumLog,
              lazy: async () => ({ Component: (await import('../features/tasks/pages.ts')).GomeumLogPage }),
            },
          ],
        },
        { path: WEB_ROUTES.dashboard, Component: OperatorRoute },
        { path: '*', lazy: async () => ({ Component: (await import('./not-found-page.tsx')).NotFoundPage }) },
      ],
    },
  ];
}

/** The browser router of the app; the first page's loaders read into `queryClient`. */
export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(appRoutes(queryClient));
  followFirstPage(router);
  return router;
}
