import { Redis } from 'ioredis';
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

/** Carries envelopes to every server instance, this one included. */
export interface LiveBus {
  publish(envelope: LiveEnvelope): Promise<void>;
  /** Called for every envelope any instance published, once per envelope. */
  subscribe(handler: (envelope: LiveEnvelope) => void): void;
  close(): Promise<void>;
}

/** The default bus: one process, so publishing is delivering. */
export class InProcessBus implements LiveBus {
  private readonly handlers: ((envelope: LiveEnvelope) => void)[] = [];

  publish(envelope: LiveEnvelope): Promise<void> {
    for (const handler of this.handlers) handler(envelope);
    return Promise.resolve();
  }

  subscribe(handler: (envelope: LiveEnvelope) => void): void {
    this.handlers.push(handler);
  }

  close(): Promise<void> {
    this.handlers.length = 0;
    return Promise.resolve();
  }
}

const envelopeSchema = z.object({
  target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('user'), userId: z.string() }),
    z.object({ kind: z.literal('session'), sessionId: z.string() }),
    z.object({ kind: z.literal('operators') }),
    z.object({ kind: z.literal('all') }),
  ]),
  event: serverEventSchema,
  sentAt: z.number().optional(),
});

/**
 * Redis pub/sub: every instance publishes to one channel and delivers what it hears to its own
 * sockets, so instances behind a load balancer reach each other's clients.
 */
export class RedisBus implements LiveBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers: ((envelope: LiveEnvelope) => void)[] = [];

  private constructor(
    url: string,
    private readonly channel: string,
    private readonly onError: (error: unknown) => void,
  ) {
    this.publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { lazyConnect: true });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (_channel: string, raw: string) => this.receive(raw));
  }

  /** Connects both clients and subscribes before returning, so no envelope published after is missed. */
  static async connect(url: string, onError: (error: unknown) => void, channel = 'gomeum:live'): Promise<RedisBus> {
    const bus = new RedisBus(url, channel, onError);
    await Promise.all([bus.publisher.connect(), bus.subscriber.connect()]);
    await bus.subscriber.subscribe(channel);
    return bus;
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
    for (const handler of this.handlers) handler(result.data);
  }

  async publish(envelope: LiveEnvelope): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(envelope));
  }

  subscribe(handler: (envelope: LiveEnvelope) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers.length = 0;
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}
