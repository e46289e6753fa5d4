import { WEB_ROUTES } from '@gomeum/contracts';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/index.ts';
import { AppShell } from './app-shell.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import { OperatorRoute } from './operator-route.tsx';
import { RouteError } from './route-error.tsx';

/** Every page, lazily loaded so a visitor downloads only what they open. Paths come from contracts. */
export const routes: RouteObject[] = [
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
        lazy: async () => ({ Component: (await import('../features/diary/pages.ts')).UpdatePage }),
      },
      {
        Component: RequireAuth,
        children: [
          {
            path: WEB_ROUTES.galaxy,
            lazy: async () => ({ Component: (await import('../features/galaxy/index.ts')).GalaxyPage }),
          },
          {
            path: WEB_ROUTES.planet,
            lazy: async () => ({ Component: (await import('../features/planets/index.ts')).PlanetPage }),
          },
          {
            path: WEB_ROUTES.moon,
            lazy: async () => ({ Component: (await import('../features/moon/index.ts')).MoonPage }),
          },
          {
            path: WEB_ROUTES.task,
            lazy: async () => ({ Component: (await import('../features/tasks/index.ts')).TaskPage }),
          },
          {
            path: WEB_ROUTES.userLog,
            lazy: async () => ({ Component: (await import('../features/tasks/index.ts')).UserLogPage }),
          },
          {
            path: WEB_ROUTES.gomeumLog,
            lazy: async () => ({ Component: (await import('../features/tasks/index.ts')).GomeumLogPage }),
          },
        ],
      },
      { path: WEB_ROUTES.dashboard, Component: OperatorRoute },
      { path: '*', lazy: async () => ({ Component: (await import('./not-found-page.tsx')).NotFoundPage }) },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
