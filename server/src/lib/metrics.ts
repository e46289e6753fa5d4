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
  readonly httpRequests = this.histogram(
    'gomeum_http_request_duration_seconds',
    'HTTP requests by method, route pattern and status, and how long they took',
    ['method', 'route', 'status'],
  );

  /** From an instance handing an event to the live bus to this instance delivering it to its sockets. */
  readonly liveDeliveryLag = this.histogram(
    'gomeum_live_delivery_lag_seconds',
    'Time from publishing a live event on the bus (on any instance) to delivering it here',
  );

  /** Every database query, and whether it failed. */
  readonly dbQueries = this.histogram(
    'gomeum_db_query_duration_seconds',
    'Database queries by outcome (ok, failed), and how long they took',
    ['outcome'],
  );

  /** Calls to the AI API for Gomeum's answers: how many, how many failed, how long they took. */
  readonly aiRequests = this.histogram(
    'gomeum_ai_request_duration_seconds',
    'AI answer requests by outcome (ok, failed; failed ones get the fallback text), and how long they took',
    ['outcome'],
  );

  /** Images through the image queue, by lane and how each ended (ran, or refused: busy, full, yielded), and how long. */
  readonly imageWork = this.histogram(
    'gomeum_image_work_seconds',
    'Uploaded images by queue lane (small, large) and outcome (ran; refused: busy, full, yielded), from arrival to the end',
    ['lane', 'outcome'],
  );

  /** Lookups in the response cache: reads answered from it (their data unchanged since), or made anew. */
  readonly responseCache = this.counter(
    'gomeum_response_cache_total',
    "Response cache lookups (a page of a user's log) by outcome (hit: sent from the cache, miss: made anew)",
    ['outcome'],
  );

  /** Translations for the operator: found kept (`hit`) or made by the AI (`miss`). */
  readonly translationLookups = this.counter(
    'gomeum_translation_cache_total',
    'Translations asked for by the operator, by outcome (hit: kept from before, miss: made by the AI)',
    ['outcome'],
  );

  /** The operator's alerts, by how each was decided (features/operator-alerts: AlertOutcome). */
  readonly operatorAlerts = this.counter(
    'gomeum_operator_alerts_total',
    'Operator alerts by outcome (sent, dashboard_open, quiet, no_device, failed, operator)',
    ['outcome'],
  );

  /** Web Push deliveries: accepted by the push service, subscription gone (deleted), or failed. */
  readonly pushDeliveries = this.counter(
    'gomeum_push_deliveries_total',
    'Web Push deliveries by outcome (delivered, gone, failed)',
    ['outcome'],
  );

  /** Runs of periodic jobs on this instance (the daily retention job, say), by outcome, and their time. */
  readonly jobRuns = this.histogram(
    'gomeum_job_run_duration_seconds',
    'Periodic job runs on this instance by job and outcome (ok, failed), and how long they took',
    ['job', 'outcome'],
  );

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A histogram of this instance's, in seconds (BUCKETS), with these labels. */
  private histogram<L extends string = string>(name: string, help: string, labelNames?: readonly L[]) {
    return new Histogram<L>({
      name,
      help,
      ...(labelNames ? { labelNames } : {}),
      buckets: BUCKETS,
      registers: [this.registry],
    });
  }

  /** A counter of this instance's, with these labels. */
  private counter<L extends string>(name: string, help: string, labelNames: readonly L[]) {
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] });
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
