import type { ServerEventOf, ServerEventType } from '@gomeum/contracts';
import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { inTaskOfItsOwn } from '../when-idle.ts';
import { LiveClient, liveUrl, type LiveStatus } from './live-client.ts';

const LiveContext = createContext<LiveClient | null>(null);

// (The server renders the page without ever connecting: it has no address of its own.)
const defaultClient = () => new LiveClient(import.meta.env.SSR ? '' : liveUrl());

/** Keeps one live connection open while someone is signed in; a new user gets a new connection. */
export function LiveProvider({
  userId,
  children,
  createClient = defaultClient,
}: {
  userId: string | null;
  children: ReactNode;
  /** Tests hand in a client of their own (a stable function). */
  createClient?: () => LiveClient;
}) {
  const client = useMemo(() => (userId ? createClient() : null), [userId, createClient]);
  useEffect(() => {
    if (!client) return;
    // Opening the socket is a moment's work on the main thread.
    const cancelStart = inTaskOfItsOwn(() => client.start());
    return () => {
      cancelStart();
      client.stop();
    };
  }, [client]);
  return <LiveContext value={client}>{children}</LiveContext>;
}

/** The tab's live client, or null when signed out. */
export function useLive(): LiveClient | null {
  return useContext(LiveContext);
}

const noStatus = () => () => undefined;

/** The connection's status ('idle' when signed out). */
export function useLiveStatus(): LiveStatus {
  const client = useLive();
  return useSyncExternalStore(
    client ? (listener) => client.onStatus(listener) : noStatus,
    () => client?.status ?? 'idle',
    // The server's render (and so hydration) shows no connection yet.
    () => 'idle',
  );
}

/**
 * Runs `handler` for each live event of `type` (the latest handler, without resubscribing). With
 * `since` (ms since the epoch: when what the caller shows was read), the events received from then
 * until it subscribed are handled first: a part hydrated after the socket opened (a Suspense
 * boundary of a rendered page, hydrated later) hears what arrived meanwhile.
 */
export function useLiveEvent<T extends ServerEventType>(
  type: T,
  handler: (event: ServerEventOf<T>) => void,
  since?: number,
): void {
  const client = useLive();
  const latest = useRef(handler);
  const from = useRef(since);
  useEffect(() => {
    latest.current = handler;
    from.current = since;
  });
  useEffect(() => {
    if (!client) return;
    if (from.current !== undefined) for (const event of client.receivedSince(type, from.current)) latest.current(event);
    return client.subscribe(type, (event) => latest.current(event));
  }, [client, type]);
}

/** Runs `handler` on every (re)open of the connection, and now if it is open: resume here. */
export function useLiveOpen(handler: (client: LiveClient) => void): void {
  const client = useLive();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!client) return;
    return client.onOpen(() => latest.current(client));
  }, [client]);
}
