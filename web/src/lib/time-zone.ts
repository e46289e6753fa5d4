import { useSyncExternalStore } from 'react';

/** The browser's time zone never changes under a page: nothing to subscribe to. */
const subscribe = () => () => undefined;

/**
 * The time zone to show times in: the browser's own (`undefined`, Intl's default) once the page is
 * the app's; UTC in the server's render and while hydrating it, which then renders again at once in
 * the browser's zone. The server does not know the reader's zone, and a time rendered in its own
 * would not match the browser's text when the page hydrates.
 */
export function useTimeZone(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => undefined,
    () => 'UTC',
  );
}
