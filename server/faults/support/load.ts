import crypto from 'node:crypto';
import { chatHistorySchema, serverEventSchema, type ChatMessage, type ServerEvent } from '@gomeum/contracts';
import { vi } from 'vitest';
import WebSocket from 'ws';
import type { Instance } from './instance.ts';

/** One HTTP answer the load saw (an error without a status is a failed connection or a timeout). */
export interface Answer {
  at: number;
  ms: number;
  status: number | 'network';
  /** Method, instance and path, for the story of a slow one. */
  request: string;
}

/** A message the load wrote, and what became of it. */
export interface Write {
  content: string;
  clientId: string;
  /** The conversation it belongs to. */
  userId: string;
  from: 'user' | 'gomeum';
  createdAt: number;
  attempts: number;
  /** The stored message's id (its number in the conversation), once acknowledged. */
  ackId?: number;
  ackAt?: number;
  ackInstance?: string;
  /** The writer gave up (never acknowledged). */
  gaveUp?: boolean;
}

/** Names a message among every conversation's: its id is its number within its own. */
export const messageKey = (userId: string, id: number) => `${userId}:${id}`;

const REQUEST_TIMEOUT_MS = 5_000;
// How long a writer keeps retrying one message before it gives up on it.
const GIVE_UP_AFTER_MS = 90_000;
const RETRY_DELAYS_MS = [100, 200, 400, 800, 1_600, 2_000];
// The web client's spread of resyncs (LiveClient.resyncSpreadMs).
const RESYNC_SPREAD_MS = 1_000;

/** Cookies of one browser, kept from `set-cookie` answers. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * A client of the real server as the web app is one: a cookie jar, one live socket that
 * reconnects (to the other instance when its own is gone) and resumes from what its last history
 * reply held, and writes retried under one client id until acknowledged.
 */
abstract class Client {
  readonly jar = new CookieJar();
  /** Every message this client received (by `messageKey`), and how. */
  readonly received = new Map<string, 'live' | 'resume'>();
  /** The live socket has been ready once. */
  ready = false;
  socket: WebSocket | null = null;
  private stopped = false;
  private attempt = 0;
  private resyncTimer: NodeJS.Timeout | undefined;

  constructor(
    protected readonly load: Load,
    public instance: number,
  ) {}

  get base(): string {
    return this.load.instances[this.instance]?.url ?? '';
  }

  /** The other instance still running, when this one is gone. */
  moveOn(): void {
    const alive = this.load.instances.findIndex((instance, i) => i !== this.instance && instance.running);
    if (!this.load.instances[this.instance]?.running && alive >= 0) this.instance = alive;
  }

  async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const started = Date.now();
    const name = `${method} ${this.load.instances[this.instance]?.name ?? '?'} ${path}`;
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          cookie: this.jar.header(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      this.jar.keep(response);
      this.load.answers.push({ at: started, ms: Date.now() - started, status: response.status, request: name });
      return response;
    } catch (error) {
      this.load.answers.push({ at: started, ms: Date.now() - started, status: 'network', request: name });
      this.moveOn();
      throw error;
    }
  }

  /** Writes one message until it is acknowledged (or given up on), retrying under its client id. */
  async write(write: Write, path: string): Promise<void> {
    this.load.writes.push(write);
    for (;;) {
      write.attempts += 1;
      let response: Response | null = null;
      try {
        response = await this.request('POST', path, { content: write.content, clientId: write.clientId });
      } catch {
        // A refused or dropped connection: try again (on the other instance if this one is gone).
      }
      if (response?.status === 200) {
        const body = (await response.json()) as { message: ChatMessage };
        write.ackId = body.message.id;
        write.ackAt = Date.now();
        write.ackInstance = this.load.instances[this.instance]?.name;
        return;
      }
      if (response && response.status >= 400 && response.status < 500 && response.status !== 429) {
        write.gaveUp = true;
        this.load.problems.push(`${write.content}: refused with ${response.status} ${await response.text()}`);
        return;
      }
      await response?.body?.cancel();
      if (Date.now() - write.createdAt > GIVE_UP_AFTER_MS) {
        write.gaveUp = true;
        return;
      }
      const delay = RETRY_DELAYS_MS[Math.min(write.attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 2_000;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  /** Opens the live socket and keeps it open (reconnecting with backoff) until `stop`. */
  connect(): void {
    if (this.stopped) return;
    const socket = new WebSocket(`${this.base.replace(/^http/, 'ws')}/api/live`, {
      headers: { cookie: this.jar.header() },
    });
    this.socket = socket;
    socket.on('message', (data: Buffer) => {
      const parsed = serverEventSchema.safeParse(JSON.parse(data.toString('utf8')));
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.type === 'ready') {
        this.ready = true;
        this.attempt = 0;
        this.resume();
      } else if (event.type === 'live.resync') {
        // As the web app does: spread over a second, and one resume for resyncs that come together.
        if (this.resyncTimer !== undefined) return;
        this.load.resyncs += 1;
        this.resyncTimer = setTimeout(() => {
          this.resyncTimer = undefined;
          this.resume();
        }, Math.random() * RESYNC_SPREAD_MS);
      } else this.onEvent(event);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      this.moveOn();
      const delay = Math.min(2_000, 100 * 2 ** this.attempt) * (0.5 + Math.random() / 2);
      this.attempt += 1;
      setTimeout(() => this.connect(), delay);
    });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.resyncTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.terminate();
  }

  protected send(event: unknown): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(event));
  }

  protected mark(messages: ChatMessage[], how: 'live' | 'resume'): void {
    for (const message of messages) {
      const key = messageKey(message.userId, message.id);
      if (!this.received.has(key)) this.received.set(key, how);
    }
  }

  /** What to read again after a (re)connect or a resync. */
  protected abstract resume(): void;
  protected abstract onEvent(event: ServerEvent): void;
}

/** A user chatting with Gomeum, as the web app's chat panel does. */
export class LoadUser extends Client {
  userId = '';
  private syncedThrough: number | null = null;
  private sent = 0;
  /** What the user's socket last heard of Gomeum's presence. */
  gomeumOnline = false;

  async enter(): Promise<void> {
    const response = await this.request('POST', '/api/auth/guest');
    if (response.status !== 200) throw new Error(`guest entry failed: ${response.status}`);
    this.userId = ((await response.json()) as { user: { id: string } }).user.id;
  }

  protected resume(): void {
    this.send({ type: 'chat.sync', after: this.syncedThrough });
  }

  protected onEvent(event: ServerEvent): void {
    if (event.type === 'presence.changed') this.gomeumOnline = event.online;
    if (event.type === 'chat.message' && event.message.userId === this.userId) this.mark([event.message], 'live');
    if (event.type === 'chat.history') {
      this.mark(event.messages, 'resume');
      const end = Math.max(event.after ?? 0, ...event.messages.map((m) => m.id));
      this.syncedThrough = Math.max(this.syncedThrough ?? 0, end) || null;
    }
  }

  /** Sends one new message. */
  say(): Promise<void> {
    this.sent += 1;
    return this.write(
      {
        content: `load:${this.userId}:${this.sent}`,
        clientId: crypto.randomUUID(),
        userId: this.userId,
        from: 'user',
        createdAt: Date.now(),
        attempts: 0,
      },
      '/api/chat/messages',
    );
  }
}

/** The operator's dashboard: every conversation, live, read again from the database on resume. */
export class LoadOperator extends Client {
  private readonly cursors = new Map<string, number>();
  private sent = 0;
  private resuming: Promise<void> | null = null;

  async login(email: string, password: string): Promise<void> {
    const response = await this.request('POST', '/api/auth/login', { email, password });
    if (response.status !== 200) throw new Error(`operator login failed: ${response.status}`);
  }

  protected resume(): void {
    this.send({ type: 'presence.dashboard' });
    // One read of every conversation at a time; a resync during one starts another after it.
    const previous = this.resuming ?? Promise.resolve();
    this.resuming = previous.then(() => this.readAll()).catch(() => undefined);
  }

  private async readAll(): Promise<void> {
    for (const user of this.load.users) {
      const after = this.cursors.get(user.userId) ?? 0;
      let response: Response;
      try {
        response = await this.request('GET', `/api/operator/chats/${user.userId}/messages?after=${after}`);
      } catch {
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        continue;
      }
      const { messages } = chatHistorySchema.parse(await response.json());
      this.mark(messages, 'resume');
      this.cursors.set(user.userId, Math.max(after, ...messages.map((m) => m.id)));
    }
  }

  protected onEvent(event: ServerEvent): void {
    if (event.type === 'chat.message') this.mark([event.message], 'live');
  }

  /** Gomeum answers one user. */
  reply(user: LoadUser): Promise<void> {
    this.sent += 1;
    return this.write(
      {
        content: `load:gomeum:${user.userId}:${this.sent}`,
        clientId: crypto.randomUUID(),
        userId: user.userId,
        from: 'gomeum',
        createdAt: Date.now(),
        attempts: 0,
      },
      `/api/operator/chats/${user.userId}/messages`,
    );
  }
}

/** Steady chat traffic over several instances, and everything needed to judge it afterwards. */
export class Load {
  readonly answers: Answer[] = [];
  readonly writes: Write[] = [];
  readonly problems: string[] = [];
  readonly users: LoadUser[] = [];
  operator!: LoadOperator;
  resyncs = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private timers: NodeJS.Timeout[] = [];

  constructor(readonly instances: Instance[]) {}

  /**
   * `users` guests spread over the instances, each with a live socket; the operator on the last
   * instance with its dashboard open (so Gomeum is online and no AI answers).
   */
  async prepare(users: number, operator: { email: string; password: string }): Promise<void> {
    for (let i = 0; i < users; i += 1) {
      const user = new LoadUser(this, i % this.instances.length);
      await user.enter();
      this.users.push(user);
    }
    this.operator = new LoadOperator(this, this.instances.length - 1);
    await this.operator.login(operator.email, operator.password);
    for (const user of this.users) user.connect();
    this.operator.connect();
    // Every socket is open, and every user has heard that Gomeum is online (the dashboard counts).
    await vi.waitFor(
      () => {
        const waiting = this.users.filter((user) => !user.ready || !user.gomeumOnline).length;
        if (!this.operator.ready || waiting > 0)
          throw new Error(`${waiting} user(s) not ready or not told Gomeum is online`);
      },
      { timeout: 30_000, interval: 50 },
    );
  }

  /** Starts sending: `userRate` messages a second from users in turn, `operatorRate` replies a second. */
  start(userRate: number, operatorRate: number): void {
    let next = 0;
    this.timers.push(
      setInterval(() => {
        const user = this.users[next % this.users.length];
        next += 1;
        if (user) this.track(user.say());
      }, 1_000 / userRate),
      setInterval(() => {
        const user = this.users[Math.floor(Math.random() * this.users.length)];
        if (user) this.track(this.operator.reply(user));
      }, 1_000 / operatorRate),
    );
  }

  private track(task: Promise<void>): void {
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
  }

  /** Stops sending new messages and waits for every write under way to finish. */
  async drain(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Closes every socket. */
  stop(): void {
    for (const user of this.users) user.stop();
    this.operator.stop();
  }
}
