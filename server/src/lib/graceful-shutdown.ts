import type { LiveHub } from './live/index.ts';
import type { App } from './zod-provider.ts';

/** How a shutdown ended: everything finished, or the deadline cut what was left. */
export type ShutdownOutcome = 'clean' | 'deadline';

/** What a shutdown reports as it goes (the app's logger). */
interface ShutdownLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Stops a serving app without losing work, in this order:
 * 1. stop accepting connections (a load balancer's next try goes to another instance);
 * 2. close every live socket as "going away", so clients reconnect elsewhere and resume;
 * 3. let requests in flight finish; their responses say `Connection: close`, and idle keep-alive
 *    connections are closed as soon as they are idle;
 * 4. close the app: AI answers in flight (the fallback stored), presence, the bus, pushes in flight,
 *    the database.
 * If that takes longer than the deadline, the remaining connections are cut.
 */
export class GracefulShutdown {
  private draining = false;

  constructor(
    private readonly app: App,
    private readonly live: LiveHub,
  ) {
    app.addHook('onSend', async (_request, reply) => {
      if (this.draining) reply.header('connection', 'close');
    });
  }

  /** Runs the shutdown; resolves with how it ended (the process exits after that). */
  async run(deadlineMs: number, log: ShutdownLog = this.app.log): Promise<ShutdownOutcome> {
    const started = Date.now();
    this.draining = true;
    const server = this.app.server;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'deadline'>((resolve) => {
      timer = setTimeout(() => resolve('deadline'), deadlineMs);
    });
    const graceful = (async () => {
      if (server.listening) {
        const drained = new Promise<void>((resolve) => server.close(() => resolve()));
        const sockets = this.live.size;
        this.live.disconnectAll();
        log.info({ liveSockets: sockets }, 'shutdown: no new connections; live clients told to reconnect');
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        try {
          await drained;
        } finally {
          clearInterval(idle);
        }
        log.info({ ms: Date.now() - started }, 'shutdown: requests in flight finished');
      }
      await this.app.close();
      return 'clean' as const;
    })();
    const outcome = await Promise.race([graceful, deadline]);
    clearTimeout(timer);
    if (outcome === 'deadline') {
      log.warn({ deadlineMs }, 'shutdown: deadline reached, cutting the connections left');
      server.closeAllConnections();
      graceful.catch(() => undefined);
    } else {
      log.info({ ms: Date.now() - started }, 'shutdown: done');
    }
    return outcome;
  }
}
