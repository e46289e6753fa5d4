import { Children, isValidElement, useState, type ReactElement, type ReactNode } from 'react';
import {
  createMemoryRouter,
  matchPath,
  ParamsProvider,
  RouterContextProvider,
  useLocation,
} from '../lib/router/index.ts';

/** A router for a component under test: at `initialEntries`' last, its links and hooks working. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: readonly string[];
  children: ReactNode;
}) {
  const [router] = useState(() => createMemoryRouter([{ path: '*' }], { initialEntries }));
  return <RouterContextProvider router={router}>{children}</RouterContextProvider>;
}

/** One page of a test's `<Routes>`: its `element` at `path`. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- read by <Routes> from the element
export function Route(_props: { path: string; element: ReactNode }): ReactElement | null {
  return null;
}

/** Shows the element of the first `<Route>` whose path takes the location, with its path's parts. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  for (const child of Children.toArray(children)) {
    if (!isValidElement<{ path: string; element: ReactNode }>(child)) continue;
    const params = matchPath(child.props.path, pathname);
    if (params) return <ParamsProvider params={params}>{child.props.element}</ParamsProvider>;
  }
  return null;
}
