/**
 * The app's router: the route table's pages at their addresses, on the browser's history, in
 * the shape of React Router's data routers (`createBrowserRouter`, `<RouterProvider>`, `<Link>`,
 * `<Outlet>`, `useLocation`, `useParams`, `useNavigate`, `useSearchParams`, `<Navigate>`,
 * `<ScrollRestoration>`), for the app's dozen paths in a few KB. See docs/ARCHITECTURE.md.
 */
export { matchPath, matchRoutes } from './match.ts';
export type { LoaderFunctionArgs, Params, RouteMatch, RouteObject } from './match.ts';
export { createBrowserRouter, createMemoryRouter, routerReady } from './router.ts';
export type { HistoryAction, Location, NavigateOptions, Router, RouterState } from './router.ts';
export {
  Link,
  Navigate,
  Outlet,
  ParamsProvider,
  RouterContextProvider,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './components.tsx';
