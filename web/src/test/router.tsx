import { useState, type ReactNode } from 'react';
import { Route as PathRoute, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/** A router for a component under test: at `initialEntries`' last, its links and hooks working. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: readonly string[];
  children: ReactNode;
}) {
  const [location] = useState(() => memoryLocation({ path: initialEntries.at(-1) ?? '/' }));
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
}

/** One page of a test's `<Routes>`: its `element` at `path`. */
export function Route({ path, element }: { path: string; element: ReactNode }) {
  return <PathRoute path={path}>{element}</PathRoute>;
}

/** Shows the first `<Route>` whose path takes the location, with its path's parts. */
export function Routes({ children }: { children: ReactNode }) {
  return <Switch>{children}</Switch>;
}
