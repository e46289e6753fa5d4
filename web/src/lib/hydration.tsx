import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

/**
 * How the app hydrates a page the server rendered (main.tsx calls `hydrateRoot`): each part in a
 * Suspense boundary of its own (the top bar, its controls, the page and its larger parts) is
 * hydrated apart, after the rest, in short slices of work (a tap answered in between), and first
 * of all when the reader taps or types in it (React replays that event once the part is hydrated).
 */

const noChanges = () => () => undefined;

/**
 * True while React hydrates a page the server rendered, false in any other render and on the
 * server: React's server snapshot of an external store is what hydration reads.
 */
export function useHydrating(): boolean {
  const hydrating = useSyncExternalStore(
    noChanges,
    () => false,
    () => true,
  );
  return hydrating && typeof document !== 'undefined';
}

/**
 * Parts of the app that show nothing on a page's first paint (a prompt that waits for the user, a
 * watcher): rendered by the app alone, never by the server, after the page is hydrated, at a low
 * priority (a transition), so their code never lengthens hydration.
 */
export function AppOnly({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}

/** Sent on `document` once the app has hydrated the page the server rendered (see `hydrationMarks`). */
export const HYDRATED_EVENT = 'gomeum:hydrated';

/** What `HydrationMark`s report to: the render that counts them, or the hydration that waits for them. */
export interface HydrationMarks {
  /** A mark rendered (on the server: counted into the page's state). */
  rendered(id: string): void;
  /** A mark hydrated: the Suspense boundary around it is (its effects run). */
  hydrated(id: string): void;
}

const HydrationMarksContext = createContext<HydrationMarks | null>(null);

/** Hands `marks` to the `HydrationMark`s below. */
export function HydrationMarksProvider({ marks, children }: { marks: HydrationMarks | null; children: ReactNode }) {
  return <HydrationMarksContext value={marks}>{children}</HydrationMarksContext>;
}

/**
 * Marks the Suspense boundary it is in (or the root, outside any): counted as the server renders
 * it, and reported once the boundary is hydrated, when its effects run. Put one in every boundary
 * the server renders. (Its `useId` tells marks apart, and a mark's effect run twice from once.)
 */
export function HydrationMark() {
  const id = useId();
  const marks = useContext(HydrationMarksContext);
  marks?.rendered(id);
  useEffect(() => marks?.hydrated(id), [marks, id]);
  return null;
}

/** The marks of the server's render: `count()` goes into the page's state (entry-server.tsx). */
export function renderedMarks(): HydrationMarks & { count(): number } {
  const ids = new Set<string>();
  return {
    rendered: (id) => ids.add(id),
    hydrated: () => undefined,
    count: () => ids.size,
  };
}

/**
 * The marks hydration waits for (`expected`, from the page's state): once that many are hydrated,
 * so is every Suspense boundary the server rendered (a boundary React rendered afresh after a
 * mismatch included), and `root` gets `data-hydrated` and HYDRATED_EVENT is sent (the browser
 * tests and the benchmarks wait for it).
 */
export function hydrationMarks(root: HTMLElement, expected: number): HydrationMarks {
  const hydrated = new Set<string>();
  let announced = false;
  return {
    rendered: () => undefined,
    hydrated(id) {
      hydrated.add(id);
      if (announced || hydrated.size < expected) return;
      announced = true;
      root.dataset.hydrated = '';
      document.dispatchEvent(new Event(HYDRATED_EVENT));
    },
  };
}
