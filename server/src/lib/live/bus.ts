import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ServerEvent } from '@gomeum/contracts';
import { serverEventSchema } from '@gomeum/contracts';
import { z } from 'zod';

/** Who a published event is for: one user's sockets, one session's, every operator socket, or every socket. */
export type LiveTarget =
  { kind: 'user'; userId: string } | { kind: 'session'; sessionId: string } | { kind: 'operators' } | { kind: 'all' };

/** What travels on the bus: a target and the event, as every instance receives it. */
export interface LiveEnvelope {
  target: LiveTarget;
  event: ServerEvent;
  /** When it was published (ms since the epoch), for the publish → deliver lag metric. */
  sentAt?: number | undefined;
}

/** What a bus lost while it was down, told when it is back. */
export interface BusRecovery {
  /** This instance may have missed envelopes other instances published. */
  inbound: boolean;
  /** Other instances may have missed envelopes this one published. */
  outbound: boolean;
}

/**
 * Carries envelopes between server instances. The hub delivers to its own sockets itself, so the
 * bus only has to reach the others; an envelope that cannot be carried is never waited for.
 */
export interface LiveBus {
  /** Hands an envelope to every other instance; rejects at once (never hangs) when it cannot. */
  publish(envelope: LiveEnvelope): Promise<void>;
  /** Called for every envelope another instance published. */
  subscribe(handler: (envelope: LiveEnvelope) => void): void;
  /** Called when the bus is back after a loss, with what may have been missed. */
  onRecovered(handler: (recovery: BusRecovery) => void): void;
  /** `off`: there are no other instances to reach; `ok`/`down`: whether the bus is connected now. */
  status(): 'ok' | 'down' | 'off';
  close(): Promise<void>;
}

/** The default bus: one process, so there is no other instance to reach. */
export class InProcessBus implements LiveBus {
  publish(): Promise<void> {
    return Promise.resolve();
  }

  subscribe(): void {}

  onRecovered(): void {}

  status(): 'off' {
    return 'off';
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

const envelopeSchema = z.object({
  origin: z.string(),
  target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('user'), userId: z.string() }),
    z.object({ kind: z.literal('session'), sessionId: z.string() }),
    z.object({ kind: z.literal('operators') }),
    z.object({ kind: z.literal('all') }),
  ]),
  event: serverEventSchema,
  sentAt: z.number().optional(),
});

// A publish that Redis has not answered in this time has failed (a hung server, a dead link).
const PUBLISH_TIMEOUT_MS = 1_000;
// How long start-up waits for Redis before going on without it (it keeps trying behind the scenes).
const CONNECT_WAIT_MS = 2_000;

/**
 * Redis pub/sub: every instance publishes to one channel and hears the others there. While Redis
 * is down, publishing fails at once (nothing queues up behind it); when it is back, the hub is
 * told what may have been missed, so clients read it again from the database.
 */
export class RedisBus implements LiveBus {
  private readonly origin = crypto.randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers: ((envelope: LiveEnvelope) => void)[] = [];
  private readonly recoveryHandlers: ((recovery: BusRecovery) => void)[] = [];
  private subscribed = false;
  private inboundLost = false;
  private outboundLost = false;
  private closed = false;

  private constructor(
    RedisClient: typeof Redis,
    url: string,
    private readonly channel: string,
    private readonly onError: (error: unknown) => void,
  ) {
    // Reconnect quickly (up to every 2 s) for as long as it takes.
    const retryStrategy = (attempt: number) => Math.min(100 * 2 ** attempt, 2_000);
    this.publisher = new RedisClient(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: PUBLISH_TIMEOUT_MS,
      retryStrategy,
    });
    this.subscriber = new RedisClient(url, { lazyConnect: true, autoResubscribe: false, retryStrategy });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (_channel: string, raw: string) => this.receive(raw));
    // A connection that closes (or never opened) may have missed something either way.
    this.subscriber.on('close', () => {
      this.subscribed = false;
      if (!this.closed) this.inboundLost = true;
    });
    this.subscriber.on('ready', () => void this.resubscribe());
    this.publisher.on('close', () => {
      if (!this.closed) this.outboundLost = true;
    });
    this.publisher.on('ready', () => this.recovered());
  }

  /**
   * Connects both clients and subscribes, waiting up to 2 s, so no envelope published after is
   * missed. Redis being down at start-up is not fatal: the bus comes up when Redis does. The
   * Redis client is loaded here, so a server without Redis never loads it.
   */
  static async connect(url: string, onError: (error: unknown) => void, channel: string): Promise<RedisBus> {
    const { Redis: RedisClient } = await import('ioredis');
    const bus = new RedisBus(RedisClient, url, channel, onError);
    const ready = Promise.all([
      bus.publisher.connect().catch(() => undefined),
      bus.subscriber.connect().catch(() => undefined),
    ]).then(() => bus.whenSubscribed());
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([ready, new Promise((resolve) => (timer = setTimeout(resolve, CONNECT_WAIT_MS)))]);
    clearTimeout(timer);
    return bus;
  }

  private async whenSubscribed(): Promise<void> {
    while (!this.subscribed && !this.closed && this.subscriber.status === 'ready') {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private async resubscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
      this.subscribed = true;
      this.recovered();
    } catch (error) {
      this.onError(error);
    }
  }

  /** Once both directions work again, tells the hub what may have been missed while they did not. */
  private recovered(): void {
    if (this.closed || !this.subscribed || this.publisher.status !== 'ready') return;
    if (!this.inboundLost && !this.outboundLost) return;
    const recovery = { inbound: this.inboundLost, outbound: this.outboundLost };
    this.inboundLost = false;
    this.outboundLost = false;
    for (const handler of this.recoveryHandlers) handler(recovery);
  }

  private receive(raw: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      this.onError(new Error('live bus: a message that is not JSON'));
      return;
    }
    const result = envelopeSchema.safeParse(parsed);
    if (!result.success) {
      this.onError(new Error('live bus: a message of unknown shape'));
      return;
    }
    // This instance delivered its own envelopes already.
    if (result.data.origin === this.origin) return;
    const { target, event, sentAt } = result.data;
    for (const handler of this.handlers) handler({ target, event, sentAt });
  }

  async publish(envelope: LiveEnvelope): Promise<void> {
    try {
      await this.publisher.publish(this.channel, JSON.stringify({ origin: this.origin, ...envelope }));
    } catch (error) {
      this.outboundLost = true;
      throw error;
    }
  }

  subscribe(handler: (envelope: LiveEnvelope) => void): void {
    this.handlers.push(handler);
  }

  onRecovered(handler: (recovery: BusRecovery) => void): void {
    this.recoveryHandlers.push(handler);
  }

  status(): 'ok' | 'down' {
    return this.subscribed && this.publisher.status === 'ready' ? 'ok' : 'down';
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.length = 0;
    this.recoveryHandlers.length = 0;
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
