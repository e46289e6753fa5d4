import type { ClientEvent, ClientEventOf, ClientEventType, Me, ServerEvent } from '@gomeum/contracts';
import { LIVE_CLOSE } from '@gomeum/contracts';
import type { BusRecovery, LiveBus, LiveEnvelope, LiveTarget } from './bus.ts';
import { DEFAULT_LIVE_MAX_BUFFERED_BYTES, TOO_SLOW_CLOSE_GRACE_MS } from './limits.ts';

/** The bits of a WebSocket the hub uses (the `ws` socket satisfies it; tests may fake it). */
export interface LiveSocket {
  readonly readyState: number;
  /** Bytes sent but not yet taken by the network (what the client has not read piles up here). */
  readonly bufferedAmount: number;
  /** A text frame. */
  send(data: string): void;
  /** A text frame from its UTF-8 bytes (one buffer shared by every recipient of an event). */
  send(data: Buffer, options: { binary: false }): void;
  close(code?: number, reason?: string): void;
  /** Cuts the connection at once, dropping whatever is still buffered. */
  terminate(): void;
}

const OPEN = 1;
const CLOSED = 3;

/** One open live connection: who it belongs to and how to talk to it. */
export interface LiveConnection {
  readonly id: string;
  readonly user: Me;
  /** Free-form per-connection flags features keep (the dashboard flag, say). */
  readonly tags: Set<string>;
  send(event: ServerEvent): void;
}

/** Handles one type of client event. Errors are logged; the connection stays open. */
export type LiveHandler<T extends ClientEventType> = (
  connection: LiveConnection,
  event: ClientEventOf<T>,
) => void | Promise<void>;

type ConnectionHook = (connection: LiveConnection) => void | Promise<void>;

/** Hears each event another instance published (through the bus), before it is delivered here. */
export type RemoteEventHook = (event: ServerEvent, target: LiveTarget) => void;

// Each connection's id: unique in this process, and small (tens of thousands are held at once).
let nextConnectionId = 0;
const TEXT = { binary: false } as const;
// Above this many recipients an event is encoded to bytes once and the same buffer is sent to each.
const SHARED_BUFFER_FROM = 2;

class Connection implements LiveConnection {
  readonly id = (nextConnectionId += 1).toString(36);
  private tagSet: Set<string> | null = null;

  constructor(
    readonly user: Me,
    readonly sessionId: string,
    readonly socket: LiveSocket,
    private readonly maxBuffered: number,
  ) {}

  /** Made on first use: most connections never carry a tag. */
  get tags(): Set<string> {
    return (this.tagSet ??= new Set<string>());
  }

  hasTag(tag: string): boolean {
    return this.tagSet?.has(tag) ?? false;
  }

  send(event: ServerEvent): void {
    this.sendRaw(JSON.stringify(event));
  }

  /**
   * Sends a frame, unless it would leave more than the ceiling unsent: then the socket is closed
   * as too slow (`LIVE_CLOSE.tooSlow`) and, a moment later, cut, so its buffers are freed.
   */
  sendRaw(data: string | Buffer): void {
    if (this.socket.readyState !== OPEN) return;
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    if (this.socket.bufferedAmount + size > this.maxBuffered) {
      this.tooSlow();
      return;
    }
    if (typeof data === 'string') this.socket.send(data);
    else this.socket.send(data, TEXT);
  }

  private tooSlow(): void {
    const socket = this.socket;
    socket.close(LIVE_CLOSE.tooSlow, 'too much unread');
    // The close frame waits behind the backlog: a client that reads hears it, one that does not is cut.
    setTimeout(() => {
      if (socket.readyState !== CLOSED) socket.terminate();
    }, TOO_SLOW_CLOSE_GRACE_MS).unref();
  }
}

/** One frame's payload for many sockets: a string for a few, else its UTF-8 bytes, encoded once. */
function payloadFor(event: ServerEvent, recipients: number): string | Buffer {
  const data = JSON.stringify(event);
  return recipients >= SHARED_BUFFER_FROM ? Buffer.from(data, 'utf8') : data;
}

/**
 * The live channel every feature publishes through: it knows this instance's open sockets,
 * delivers published events to the right ones at once, and hands them to the bus (Redis, when
 * several instances run) for the others' sockets. Publishing never fails and never waits on the
 * bus: an event the bus could not carry is made good when it is back, by telling the sockets that
 * may have missed it to resync from the database. Features register handlers per client event
 * type; there is no central switch.
 */
export class LiveHub {
  private readonly connections = new Set<Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly operators = new Set<Connection>();
  private readonly handlers = new Map<ClientEventType, LiveHandler<ClientEventType>[]>();
  private readonly connectHooks: ConnectionHook[] = [];
  private readonly disconnectHooks: ConnectionHook[] = [];
  private readonly resyncHooks: ConnectionHook[] = [];
  private readonly remoteHooks: RemoteEventHook[] = [];
  // While the bus is down every publish fails; one log line per outage is enough.
  private busDown = false;

  constructor(
    private readonly bus: LiveBus,
    private readonly onError: (error: unknown, context: string) => void,
    /** Hears, for each envelope the bus brings from another instance, how long ago it was published (metrics). */
    private readonly onDelivered?: (lagMs: number) => void,
  ) {
    bus.subscribe((envelope) => {
      if (envelope.sentAt !== undefined) this.onDelivered?.(Date.now() - envelope.sentAt);
      this.tellRemote(envelope.event, envelope.target);
      this.deliver(envelope);
    });
    bus.onRecovered((recovery) => this.recover(recovery));
  }

  /** Whether events reach the other instances now (`off`: there are none). */
  busStatus(): 'ok' | 'down' | 'off' {
    return this.bus.status();
  }

  /** Sends an event to every open socket of one user, on every instance. */
  publishToUser(userId: string, event: ServerEvent): Promise<void> {
    return this.publish({ kind: 'user', userId }, event);
  }

  /** Sends an event to every open socket of every operator, on every instance. */
  publishToOperators(event: ServerEvent): Promise<void> {
    return this.publish({ kind: 'operators' }, event);
  }

  /**
   * A session ended (sign-out, rotation, expiry): its sockets, on every instance, hear
   * `session.ended` and are closed as unauthorized, so nothing more reaches a signed-out tab.
   */
  endSession(sessionId: string): Promise<void> {
    return this.publish({ kind: 'session', sessionId }, { type: 'session.ended' });
  }

  /**
   * A user is gone (their account deleted): every socket of theirs, on every instance, hears
   * `session.ended` and is closed as unauthorized, whichever session it was opened with.
   */
  endUser(userId: string): Promise<void> {
    return this.publish({ kind: 'user', userId }, { type: 'session.ended' });
  }

  /** An account deleted: its user's sockets and each of its sessions' close, on every instance. */
  async endAccount(userId: string, sessionIds: readonly string[]): Promise<void> {
    await this.endUser(userId);
    for (const sessionId of sessionIds) await this.endSession(sessionId);
  }

  /** How many sockets this instance has open for a session, and for its user in all. */
  openFor(sessionId: string, userId: string): { session: number; user: number } {
    let session = 0;
    const own = this.byUser.get(userId) ?? new Set<Connection>();
    for (const connection of own) if (connection.sessionId === sessionId) session += 1;
    return { session, user: own.size };
  }

  /** The sessions this instance's sockets were opened with. */
  sessionIds(): string[] {
    return [...new Set([...this.connections].map((connection) => connection.sessionId))];
  }

  /** Closes this instance's sockets of a session that is no longer signed in. */
  closeSession(sessionId: string): void {
    const data = JSON.stringify({ type: 'session.ended' } satisfies ServerEvent);
    for (const connection of [...this.connections]) {
      if (connection.sessionId !== sessionId) continue;
      connection.sendRaw(data);
      connection.socket.close(LIVE_CLOSE.unauthorized, 'session ended');
      this.detach(connection);
    }
  }

  /** Closes this instance's sockets of a user who no longer exists. */
  private closeUser(userId: string): void {
    const data = JSON.stringify({ type: 'session.ended' } satisfies ServerEvent);
    for (const connection of [...(this.byUser.get(userId) ?? [])]) {
      connection.sendRaw(data);
      connection.socket.close(LIVE_CLOSE.unauthorized, 'account deleted');
      this.detach(connection);
    }
  }

  /** Sends an event to every open socket, on every instance. */
  publishToAll(event: ServerEvent): Promise<void> {
    return this.publish({ kind: 'all' }, event);
  }

  /**
   * Delivers to this instance's sockets now and hands the envelope to the bus for the others.
   * Resolves once delivered here; the bus is not waited for, and its failures are only logged
   * (the bus tells the hub when it is back, and the sockets that may have missed something resync).
   */
  private publish(target: LiveTarget, event: ServerEvent): Promise<void> {
    const envelope = { target, event };
    this.deliver(envelope);
    this.bus.publish({ ...envelope, sentAt: Date.now() }).catch((error: unknown) => this.busFailed(error));
    return Promise.resolve();
  }

  private busFailed(error: unknown): void {
    if (this.busDown) return;
    this.busDown = true;
    this.onError(error, 'live bus publish (events are resynced when the bus is back)');
  }

  /** The bus is back: whoever may have missed events reads them again from the database. */
  private recover({ inbound, outbound }: BusRecovery): void {
    this.busDown = false;
    // Other instances' sockets may have missed what this one published while the bus was down.
    if (outbound) this.bus.publish({ target: { kind: 'all' }, event: { type: 'live.resync' } }).catch(() => undefined);
    // This instance's sockets may have missed what the others published.
    if (inbound) {
      this.tellRemote({ type: 'live.resync' }, { kind: 'all' });
      this.resyncLocal();
    }
  }

  /** Tells every socket of this instance to resync, and runs the resync hooks. */
  private resyncLocal(): void {
    const data = payloadFor({ type: 'live.resync' }, this.connections.size);
    for (const connection of this.connections) {
      connection.sendRaw(data);
      for (const hook of this.resyncHooks) this.run(() => hook(connection), 'resync hook');
    }
  }

  /** Registers a handler for one client event type. */
  on<T extends ClientEventType>(type: T, handler: LiveHandler<T>): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as unknown as LiveHandler<ClientEventType>);
    this.handlers.set(type, list);
  }

  /** Runs when a connection opens (after `ready` is sent). */
  onConnect(hook: ConnectionHook): void {
    this.connectHooks.push(hook);
  }

  /** Runs for each connection told to resync (what it may have missed: state to send again). */
  onResync(hook: ConnectionHook): void {
    this.resyncHooks.push(hook);
  }

  /**
   * Hears every event another instance published, as it arrives (and a `live.resync` when the bus
   * is back after a loss): what this instance caches from the shared state can be dropped.
   */
  onRemoteEvent(hook: RemoteEventHook): void {
    this.remoteHooks.push(hook);
  }

  /** Runs when a connection closes. */
  onDisconnect(hook: ConnectionHook): void {
    this.disconnectHooks.push(hook);
  }

  /** Open connections on this instance. */
  get size(): number {
    return this.connections.size;
  }

  /** This instance's open operator sockets (what is read for them alone is sent to each here). */
  operatorConnections(): LiveConnection[] {
    return [...this.operators];
  }

  /** This instance's open connections that carry a tag. */
  taggedConnections(tag: string): LiveConnection[] {
    return [...this.connections].filter((connection) => connection.hasTag(tag));
  }

  /**
   * Adopts a newly authenticated socket; returns what the transport calls on messages and close.
   * `maxBufferedBytes`: what it may leave unsent before it is closed (see `Connection.sendRaw`).
   */
  attach(user: Me, sessionId: string, socket: LiveSocket, maxBufferedBytes = DEFAULT_LIVE_MAX_BUFFERED_BYTES) {
    const connection = new Connection(user, sessionId, socket, maxBufferedBytes);
    this.connections.add(connection);
    const own = this.byUser.get(user.id) ?? new Set<Connection>();
    own.add(connection);
    this.byUser.set(user.id, own);
    if (user.role === 'operator') this.operators.add(connection);
    connection.send({ type: 'ready', serverTime: Date.now() });
    for (const hook of this.connectHooks) this.run(() => hook(connection), 'connect hook');
    return {
      connection: connection as LiveConnection,
      receive: (event: ClientEvent) => this.dispatch(connection, event),
      detach: () => this.detach(connection),
    };
  }

  private detach(connection: Connection): void {
    if (!this.connections.delete(connection)) return;
    const own = this.byUser.get(connection.user.id);
    own?.delete(connection);
    if (own?.size === 0) this.byUser.delete(connection.user.id);
    this.operators.delete(connection);
    for (const hook of this.disconnectHooks) this.run(() => hook(connection), 'disconnect hook');
  }

  private dispatch(connection: Connection, event: ClientEvent): void {
    if (event.type === 'ping') {
      connection.send({ type: 'pong' });
      return;
    }
    const list = this.handlers.get(event.type) ?? [];
    for (const handler of list) this.run(() => handler(connection, event), `handler ${event.type}`);
  }

  private tellRemote(event: ServerEvent, target: LiveTarget): void {
    for (const hook of this.remoteHooks) {
      try {
        hook(event, target);
      } catch (error) {
        this.onError(error, 'remote event hook');
      }
    }
  }

  private run(task: () => void | Promise<void>, context: string): void {
    try {
      const result = task();
      if (result) result.catch((error: unknown) => this.onError(error, context));
    } catch (error) {
      this.onError(error, context);
    }
  }

  private deliver({ target, event }: LiveEnvelope): void {
    if (target.kind === 'session') {
      this.closeSession(target.sessionId);
      return;
    }
    if (target.kind === 'user' && event.type === 'session.ended') {
      this.closeUser(target.userId);
      return;
    }
    if (target.kind === 'all' && event.type === 'live.resync') {
      this.resyncLocal();
      return;
    }
    // Only the recipients are visited (indexes by user and role), and the event is serialized
    // once: for many recipients, encoded once too, the same bytes sent to each socket.
    const recipients =
      target.kind === 'user'
        ? this.byUser.get(target.userId)
        : target.kind === 'operators'
          ? this.operators
          : this.connections;
    if (!recipients || recipients.size === 0) return;
    const data = payloadFor(event, recipients.size);
    for (const connection of recipients) connection.sendRaw(data);
  }

  /**
   * Closes every socket of this instance as "going away": clients reconnect (through the load
   * balancer, to another instance) and resume. The bus stays open for work still in flight.
   */
  disconnectAll(): void {
    for (const connection of [...this.connections]) {
      connection.socket.close(LIVE_CLOSE.goingAway, 'server closing');
      this.detach(connection);
    }
  }

  /** Closes every socket (server shutdown: clients reconnect) and the bus. */
  async close(): Promise<void> {
    this.disconnectAll();
    await this.bus.close();
  }
}
