import type { Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets, in seconds, from a fast query to a slow AI answer. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * This instance's measurements, in Prometheus' text format at `GET /metrics`: one registry per app
 * (tests build many apps in one process). Features get the instrument they feed, never the whole.
 */
export class Metrics {
  readonly registry = new Registry();

  /** Every HTTP request by method, route pattern (never the raw URL) and status: rate and latency. */
  readonly httpRequests = new Histogram({
    name: 'gomeum_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });

  /** From an instance handing an event to the live bus to this instance delivering it to its sockets. */
  readonly liveDeliveryLag = new Histogram({
    name: 'gomeum_live_delivery_lag_seconds',
    help: 'Time from publishing a live event on the bus (on any instance) to delivering it here',
    buckets: BUCKETS,
    registers: [this.registry],
  });

  /** Every database query, and whether it failed. */
  readonly dbQueries = new Histogram({
    name: 'gomeum_db_query_duration_seconds',
    help: 'Database queries by outcome (ok, failed), and how long they took',
    labelNames: ['outcome'] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });

  /** Calls to the AI API for Gomeum's answers: how many, how many failed, how long they took. */
  readonly aiRequests = new Histogram({
    name: 'gomeum_ai_request_duration_seconds',
    help: 'AI answer requests by outcome (ok, failed; failed ones get the fallback text), and how long they took',
    labelNames: ['outcome'] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });

  /** Reads answered with a reply kept from before (its data unchanged since), or made anew. */
  readonly keptReplies = new Counter({
    name: 'gomeum_kept_replies_total',
    help: "Lookups of kept replies (a page of a user's log) by outcome (hit: sent again, miss: made anew)",
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** The operator's alerts, by how each was decided (features/operator-alerts: AlertOutcome). */
  readonly operatorAlerts = new Counter({
    name: 'gomeum_operator_alerts_total',
    help: 'Operator alerts by outcome (sent, dashboard_open, quiet, no_device, failed, operator)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** Web Push deliveries: accepted by the push service, subscription gone (deleted), or failed. */
  readonly pushDeliveries = new Counter({
    name: 'gomeum_push_deliveries_total',
    help: 'Web Push deliveries by outcome (delivered, gone, failed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** Runs of periodic jobs on this instance (the daily retention job, say), by outcome, and their time. */
  readonly jobRuns = new Histogram({
    name: 'gomeum_job_run_duration_seconds',
    help: 'Periodic job runs on this instance by job and outcome (ok, failed), and how long they took',
    labelNames: ['job', 'outcome'] as const,
    buckets: BUCKETS,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Adds the gauges of open connections, read when scraped: live sockets and TCP connections. */
  watchConnections(sources: { liveSockets: () => number; server: Server }): void {
    new Gauge({
      name: 'gomeum_live_sockets',
      help: 'Live (WebSocket) connections open on this instance',
      registers: [this.registry],
      collect() {
        this.set(sources.liveSockets());
      },
    });
    new Gauge({
      name: 'gomeum_http_connections',
      help: 'TCP connections open to this instance (HTTP keep-alive and WebSocket)',
      registers: [this.registry],
      async collect() {
        const count = await new Promise<number>((resolve) =>
          sources.server.getConnections((error, n) => resolve(error ? 0 : n)),
        );
        this.set(count);
      },
    });
  }

  /** Runs `work`, timing it into `histogram` with outcome `ok` or `failed`. */
  static async timed<T>(histogram: Histogram<'outcome'>, work: () => Promise<T>): Promise<T> {
    const end = histogram.startTimer();
    try {
      const result = await work();
      end({ outcome: 'ok' });
      return result;
    } catch (error) {
      end({ outcome: 'failed' });
      throw error;
    }
  }
}
