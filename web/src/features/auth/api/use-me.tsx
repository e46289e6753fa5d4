import type { Me } from '@gomeum/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { meQuery } from './get-me.ts';

const MeContext = createContext<UseQueryResult<Me | null> | null>(null);

/**
 * The app's one subscription to who is signed in (`meQuery`), given to every component below it
 * that asks (`useMe`): one query observer for the app rather than one per component that asks
 * (nine on a page: a tenth of its server render, docs/BENCHMARKS.md). `App` places it above every page.
 */
export function MeProvider({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery);
  return <MeContext value={me}>{children}</MeContext>;
}

/**
 * The signed-in user (null when signed out), shared by every component that asks: the app's
 * `MeProvider`'s, or a subscription of its own where none is above (a component rendered alone).
 */
export function useMe(): UseQueryResult<Me | null> {
  const shared = useContext(MeContext);
  // Whether a provider is above stays the same for a component's life (placing one remounts what
  // is below it), so the hooks called here keep their order from one render to the next.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return shared ?? useQuery(meQuery);
}
