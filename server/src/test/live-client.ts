import type { ServerEvent } from '@gomeum/contracts';
import { serverEventSchema } from '@gomeum/contracts';
import WebSocket from 'ws';
import type { TestClient } from './test-app.ts';

/** A real WebSocket client of `/api/live` for tests: keeps every event and waits for the ones asked for. */
export class LiveTestClient {
  readonly events: ServerEvent[] = [];
  /** Resolves with the close code once the socket has closed, whoever closed it. */
  readonly closed: Promise<number>;
  private waiters: { test: (event: ServerEvent) => boolean; resolve: (event: ServerEvent) => void }[] = [];

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.once('close', (code: number) => resolve(code)));
    socket.on('message', (data: Buffer) => {
      const event = serverEventSchema.parse(JSON.parse(data.toString('utf8')));
      this.events.push(event);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test(event)) return true;
        waiter.resolve(event);
        return false;
      });
    });
  }

  /**
   * Opens a socket with the client's cookies; resolves once the server said `ready`. `autoPong`
   * false: the server's pings go unanswered (as by a client that does not read).
   */
  static async connect(
    baseUrl: string,
    client: TestClient,
    headers: Record<string, string> = {},
    { autoPong = true }: { autoPong?: boolean } = {},
  ) {
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/live`, {
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      autoPong,
    });
    const live = new LiveTestClient(socket);
    const ready = live.waitFor((event) => event.type === 'ready');
    // A refused upgrade never brings `ready`: its wait must not fail later, unheard.
    ready.catch(() => undefined);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode ?? 0}`)),
      );
    });
    await ready;
    return live;
  }

  send(event: unknown): void {
    this.socket.send(JSON.stringify(event));
  }

  /** The first event (already received or coming) that passes `test`. */
  waitFor<T extends ServerEvent>(test: (event: ServerEvent) => event is T, timeoutMs?: number): Promise<T>;
  waitFor(test: (event: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  waitFor(test: (event: ServerEvent) => boolean, timeoutMs = 15_000): Promise<ServerEvent> {
    const seen = this.events.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a live event')), timeoutMs);
      this.waiters.push({
        test,
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event);
        },
      });
    });
  }

  /** Sends `chat.sync` and waits for its history reply (only history replies received after this call). */
  async sync(after: number | null) {
    return (await this.syncPage(after)).messages;
  }

  /** Sends `chat.sync` and waits for its reply: the page of messages and whether newer ones remain. */
  async syncPage(after: number | null) {
    const before = this.events.length;
    this.send({ type: 'chat.sync', after });
    const reply = await this.waitFor((event) => event.type === 'chat.history' && this.events.indexOf(event) >= before);
    if (reply.type !== 'chat.history') throw new Error('unreachable');
    return { messages: reply.messages, more: reply.more ?? false, older: reply.older ?? false };
  }

  /** Stored chat messages received live, in arrival order. */
  messages() {
    return this.events.flatMap((event) => (event.type === 'chat.message' ? [event.message] : []));
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/** The sockets a test file opens against its listening app, closed together after each test. */
export class LiveSockets {
  private readonly open: LiveTestClient[] = [];

  /** `base` gives the app's address once it listens. */
  constructor(private readonly base: () => string) {}

  /** Opens a socket for `client` (resolves once the server said `ready`), closed by `closeAll`. */
  async connect(client: TestClient, headers: Record<string, string> = {}): Promise<LiveTestClient> {
    const socket = await LiveTestClient.connect(this.base(), client, headers);
    this.open.push(socket);
    return socket;
  }

  /** Keeps a socket opened elsewhere, to be closed with the rest. */
  keep(...sockets: LiveTestClient[]): void {
    this.open.push(...sockets);
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.open.splice(0).map((socket) => socket.close()));
  }
}

/** Resolves with the socket's close code; fails when it is still open after `ms` (a bound, not a wait). */
export function closedWithin(socket: LiveTestClient, ms: number): Promise<number> {
  return Promise.race([
    socket.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms)),
  ]);
}
