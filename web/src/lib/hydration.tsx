/* eslint-disable react-hooks/refs --
 * A drawing decides once, as it first renders, whether it keeps what the server drew: a ref read
 * and set during that render. Nothing renders because of it. */
import {
  createContext,
  startTransition,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

/**
 * How the app takes over a page the server drew, with React's own hydration (main.tsx calls
 * `hydrateRoot`): each `HydrateLater` is a Suspense boundary, which React hydrates after the rest,
 * in short slices of work (a tap answered in between), and first of all when the reader taps or
 * types in it (React replays that event once the part is the app's).
 */

const noChanges = () => () => undefined;

/** True around the server's render of a page (entry-server.tsx), which draws everything itself. */
export const ServerRender = createContext(false);

/**
 * True while React hydrates a page the server drew, false in any other render (and on the
 * server): React's server snapshot of an external store is what hydration reads.
 */
export function useHydrating(): boolean {
  const server = useContext(ServerRender);
  const hydrating = useSyncExternalStore(
    noChanges,
    () => false,
    () => true,
  );
  return hydrating && !server;
}

/** Its children are taken over after the rest of the page, in a pass of their own (see above). */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * Parts of the app that show nothing on a page's first paint (a prompt that waits for the user, a
 * watcher): rendered by the app alone, never by the server, after the page is the app's, at a low
 * priority (a transition), so their code never lengthens the taking over.
 */
export function AppOnly({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}

/** The markup of an element whose children the server drew and the app keeps as they are. */
export const SERVER_DRAWN = { __html: '' };

/**
 * Whether a drawing that depends on `key` alone keeps the server's drawing: true when the app took
 * it over from the server's page and `key` has not changed since. The drawing then renders its
 * outer element with `dangerouslySetInnerHTML={SERVER_DRAWN}`, whose children hydration leaves as
 * they are (no work at all for the app); once `key` changes, it draws itself anew.
 */
export function useServerDrawing(key: string): boolean {
  const hydrating = useHydrating();
  const drawn = useRef(hydrating ? key : null);
  return drawn.current === key;
}
