/* eslint-disable react-hooks/immutability --
 * A scope's counters move as its components first render, exactly as React's own useId counts:
 * that is what makes an id follow the component's place. Nothing renders again because of them. */
import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * Ids for ARIA and SVG references (`aria-labelledby`, `url(#…)`) that are the same in the server's
 * render of a page and in the app that takes that page over. React's `useId` counts in render
 * order, and the app takes a drawn page over in parts, in an order of its own (lib/hydrate-later):
 * its ids would not be the server's, and a label the app draws later would name an id that only
 * the server's DOM has. Here each part counts its own ids (a scope), named by its place among its
 * parent's parts, so the order in which the parts are taken over does not matter.
 */
interface IdScope {
  prefix: string;
  /** The next id's number in this scope. */
  next: number;
  /** The next child scope's number. */
  parts: number;
}

/** Outside any page (tests of one component): one scope for the process, every id still unique. */
const LOOSE: IdScope = { prefix: 'i', next: 0, parts: 0 };

const IdScopeContext = createContext<IdScope | null>(null);

/** A unique id, the same on the server's render and in the app (see above). */
export function useId(): string {
  const scope = useContext(IdScopeContext) ?? LOOSE;
  const [id] = useState(() => `${scope.prefix}${scope.next++}`);
  return id;
}

/** The ids of one page (one render of the app, on the server or in the browser) start here. */
export function IdRoot({ children }: { children: ReactNode }) {
  const [scope] = useState<IdScope>(() => ({ prefix: 'g', next: 0, parts: 0 }));
  return <IdScopeContext value={scope}>{children}</IdScopeContext>;
}

/** A part of the page that counts its own ids (one taken over in a turn of its own). */
export function IdPart({ children }: { children: ReactNode }) {
  const parent = useContext(IdScopeContext) ?? LOOSE;
  const [scope] = useState<IdScope>(() => ({ prefix: `${parent.prefix}${parent.parts++}-`, next: 0, parts: 0 }));
  return <IdScopeContext value={scope}>{children}</IdScopeContext>;
}
