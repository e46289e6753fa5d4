/**
 * What the server and the web build's render of a page (`web/src/entry-server.tsx`, built to
 * `web/dist-ssr`) say to each other: the server loads that module and calls `renderPage`.
 * `Destination` is the stream the page is piped into (a Node `Writable`).
 */

/** One GET read of the API, as the reader's own request would get it: its status and JSON body. */
export interface ServerReply {
  status: number;
  body: unknown;
}

/** What the server asks for: a page, the reader's language, the response's nonce and how to read the API. */
export interface RenderRequest {
  /** The page's path and query. */
  url: string;
  language: string;
  /** The response's CSP nonce: React's inline scripts (its form replay, streamed boundaries) carry it. */
  nonce: string;
  /** Reads one of the API's GET routes for the reader, through the server's own routes. */
  read(url: string): Promise<ServerReply>;
  /** Told of an error React recovered from (a part the app renders again as it starts). */
  onError?(error: unknown): void;
}

/** A page whose shell is rendered, ready to stream. */
export interface PageRender<Destination> {
  /** The page's tab title, in its language (the one the app sets). */
  title: string;
  /** Streams the inside of `#root` into `destination`, and ends it once all of it is written. */
  pipe(destination: Destination): void;
  /** What the page was rendered from, as JSON for the app to hydrate (complete once the stream has ended). */
  state(): unknown;
  /** The art's symbols the page uses, as inline SVG for after `#root` (complete once the stream has ended). */
  sprites(): string;
  /** Stops the render (the reader went away, or it took too long): what is pending renders in the browser. */
  abort(reason?: unknown): void;
}

/**
 * Renders a page: resolves once its shell is rendered, or with null when the page is not rendered
 * here (a visitor asking for a signed-in user's page, a read that failed).
 */
export type RenderPage<Destination> = (request: RenderRequest) => Promise<PageRender<Destination> | null>;
