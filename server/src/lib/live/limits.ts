// What the live channel, and the chat history it carries, may cost per socket and per person; the
// environment's defaults too (config.ts), so each is written once.

/**
 * How much a live socket may leave unsent (`LIVE_MAX_BUFFERED_BYTES`; the environment's default
 * too, see config.ts). A client that stops reading makes the server keep every frame it is sent;
 * past this the socket is closed and its buffers freed, as uWebSockets' `maxBackpressure` does. A
 * history page is at most `CHAT_PAGE_MAX_BYTES`, so a tab that reads keeps far below it.
 */
export const DEFAULT_LIVE_MAX_BUFFERED_BYTES = 1024 * 1024;

/** The least `LIVE_MAX_BUFFERED_BYTES` may be: a few of the largest frames the server sends. */
export const MIN_LIVE_MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * How long a socket closed for its unread backlog may take to go: its close frame waits behind
 * that backlog (a slow link that still reads hears why), then the connection is cut.
 */
export const TOO_SLOW_CLOSE_GRACE_MS = 2_000;

/**
 * Bytes of chat history one person may be sent per 10 s, live syncs and HTTP pages together, on
 * every instance (`CHAT_HISTORY_BYTES_PER_10S`; the operator four times as many): 32 full pages.
 * A tab that opens reads one page; scrolling back through 2,000 messages reads about 1.3 MB.
 */
export const DEFAULT_CHAT_HISTORY_BYTES_PER_10S = 2 * 1024 * 1024;

/** The least `CHAT_HISTORY_BYTES_PER_10S` may be: two full pages. */
export const MIN_CHAT_HISTORY_BYTES_PER_10S = 128 * 1024;

/** The window of `CHAT_HISTORY_BYTES_PER_10S`. */
export const CHAT_HISTORY_WINDOW_MS = 10_000;

/**
 * Live sockets one instance holds at most (`LIVE_MAX_SOCKETS`). Past it a new socket is refused
 * before the upgrade (503; the tab retries later, and its pages and chat work over HTTP), except the
 * operator's. Each open socket costs the server memory whether or not anyone is behind it.
 */
export const DEFAULT_LIVE_MAX_SOCKETS = 20_000;

/**
 * Guests' live sockets per client address on one instance (`LIVE_MAX_GUEST_SOCKETS_PER_ADDRESS`).
 * An address may make 100 guests a day, each with its tabs; a signed-in person is never counted
 * here, so a school or a carrier's NAT full of users is not refused for one guest farm.
 */
export const DEFAULT_LIVE_MAX_GUEST_SOCKETS_PER_ADDRESS = 60;
