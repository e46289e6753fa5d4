import type { ClientEvent, ServerEvent, ServerEventOf, ServerEventType } from '@gomeum/contracts';
import { serverEventSchema } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';

/** Where the connection stands: not started, connecting (or waiting to retry), open, or stopped. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'stopped';

/** Timings of the live client; tests shorten them. */
export interface LiveClientOptions {
  /** How often the client pings; a missing pong within `pongTimeoutMs` drops the connection. */
  heartbeatMs: number;
  pongTimeoutMs: number;
  /** First retry delay; doubles per failed attempt up to `maxBackoffMs` (with jitter). */
  minBackoffMs: number;
  maxBackoffMs: number;
  /** A resync waits a random time up to this long, spreading the load of many clients. */
  resyncSpreadMs: number;
}

/** How many of the last events a client keeps for parts that subscribe late. */
const RECENT_EVENTS = 50;

const DEFAULTS: LiveClientOptions = {
  heartbeatMs: 25_000,
  pongTimeoutMs: 10_000,
  minBackoffMs: 500,
  maxBackoffMs: 15_000,
  resyncSpreadMs: 1_000,
};

type Handler = (event: ServerEvent) => void;

/** The live route's (`routes.live`) address on this page's own server, ws:// or wss:// as the page is served. */
export function liveUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${routes.live.path}`;
}

/**
 * One WebSocket per tab to the live route: parses every event with the contract, reconnects with
 * exponential backoff when the connection drops, and pings to notice a dead one. Features
 * subscribe by event type and hear about every (re)open, so they can resume where they were.
 */
export class LiveClient {
  private socket: WebSocket | null = null;
  private readonly handlers = new Map<ServerEventType, Set<Handler>>();
  private readonly openHandlers = new Set<() => void>();
  private readonly statusListeners = new Set<() => void>();
  // The last events received (heartbeats aside) and when, for parts that subscribe late.
  private readonly recent: { event: ServerEvent; at: number }[] = [];
  private attempt = 0;
  private resyncTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private current: LiveStatus = 'idle';
  private readonly options: LiveClientOptions;

  constructor(
    private readonly url: string,
    options: Partial<LiveClientOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The connection's state now. */
  get status(): LiveStatus {
    return this.current;
  }

  /** Opens the connection (again, after `stop`). */
  start(): void {
    if (this.current === 'open' || this.current === 'connecting') return;
    this.attempt = 0;
    window.addEventListener('online', this.retryNow);
    this.connect();
  }

  /** Closes the connection for good (sign-out, unmount). */
  stop(): void {
    window.removeEventListener('online', this.retryNow);
    clearTimeout(this.retryTimer);
    clearTimeout(this.resyncTimer);
    this.resyncTimer = undefined;
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'done');
    }
    this.setStatus('stopped');
  }

  /** Sends an event when open; false when it could not be sent (a resume on open covers that). */
  send(event: ClientEvent): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(event));
    return true;
  }

  /** Calls `handler` for each event of `type`; returns the unsubscribe function. */
  subscribe<T extends ServerEventType>(type: T, handler: (event: ServerEventOf<T>) => void): () => void {
    const set = this.handlers.get(type) ?? new Set<Handler>();
    const wrapped = handler as Handler;
    set.add(wrapped);
    this.handlers.set(type, set);
    return () => set.delete(wrapped);
  }

  /**
   * The events of `type` received at or after `at` (ms since the epoch), oldest first, of the last
   * few dozen: what a part that subscribes late (hydrated after the socket opened) would have heard.
   */
  receivedSince<T extends ServerEventType>(type: T, at: number): ServerEventOf<T>[] {
    return this.recent
      .filter((kept) => kept.event.type === type && kept.at >= at)
      .map((kept) => kept.event as ServerEventOf<T>);
  }

  /** Calls `handler` on every open (and resync), and at once when already open. */
  onOpen(handler: () => void): () => void {
    this.openHandlers.add(handler);
    if (this.current === 'open') handler();
    return () => this.openHandlers.delete(handler);
  }

  /** Hears every status change (for useSyncExternalStore). */
  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private readonly retryNow = () => {
    if (this.current !== 'connecting' || this.socket) return;
    clearTimeout(this.retryTimer);
    this.connect();
  };

  private setStatus(status: LiveStatus): void {
    if (this.current === status) return;
    this.current = status;
    for (const listener of this.statusListeners) listener();
  }

  private connect(): void {
    this.setStatus('connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onmessage = (message: MessageEvent) => this.receive(message.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeat();
      this.scheduleRetry();
    };
    socket.onerror = () => socket.close();
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const result = serverEventSchema.safeParse(parsed);
    if (!result.success) return;
    const event = result.data;
    if (event.type === 'ready') {
      this.attempt = 0;
      this.setStatus('open');
      this.startHeartbeat();
      for (const handler of this.openHandlers) handler();
    }
    if (event.type === 'pong') clearTimeout(this.pongTimer);
    // The server's bus was down and this connection may have missed events: resume as after a
    // reconnect. Spread over a moment, so every tab of every instance does not ask at once.
    if (event.type === 'live.resync' && this.resyncTimer === undefined) {
      this.resyncTimer = setTimeout(() => {
        this.resyncTimer = undefined;
        if (this.current === 'open') for (const handler of this.openHandlers) handler();
      }, Math.random() * this.options.resyncSpreadMs);
    }
    if (event.type !== 'pong') {
      this.recent.push({ event, at: Date.now() });
      if (this.recent.length > RECENT_EVENTS) this.recent.shift();
    }
    for (const handler of this.handlers.get(event.type) ?? []) handler(event);
  }

  private scheduleRetry(): void {
    this.setStatus('connecting');
    const base = Math.min(this.options.maxBackoffMs, this.options.minBackoffMs * 2 ** this.attempt);
    this.attempt += 1;
    const delay = base / 2 + Math.random() * (base / 2);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeatTimer = setInterval(() => {
      if (!this.send({ type: 'ping' })) return;
      clearTimeout(this.pongTimer);
      this.pongTimer = setTimeout(() => this.socket?.close(4000, 'no pong'), this.options.pongTimeoutMs);
    }, this.options.heartbeatMs);
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.pongTimer);
  }
}
