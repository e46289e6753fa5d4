import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { AuthService } from './features/auth/index.ts';
import type { RemindersService } from './features/reminders/index.ts';
import type { VisitsService } from './features/visits/index.ts';
import { PeriodicJobs } from './lib/jobs.ts';
import type { Metrics } from './lib/metrics.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// How often due jobs are looked for: reminders go out at most this late.
export const JOB_CHECK_MS = 30_000;

/** What the schedule runs, and where it reports. */
export interface ScheduleDeps {
  db: Kysely<Database>;
  now: () => number;
  log: FastifyBaseLogger;
  metrics: Metrics;
  /** How long visit and account addresses are kept. */
  retentionMs: number;
  visits: Pick<VisitsService, 'forgetOldAddresses'>;
  auth: Pick<AuthService, 'forgetOldAddresses'>;
  reminders: Pick<RemindersService, 'runDue'>;
}

/**
 * The app's periodic jobs, each run by one instance per period (lib/jobs.ts): daily, addresses
 * older than the retention period are removed; every half minute, due task reminders go out (each
 * claimed once; see reminders). Started by the caller (`jobs.start(JOB_CHECK_MS)` once the app is ready).
 */
export function scheduleJobs(deps: ScheduleDeps): PeriodicJobs {
  const { log, metrics } = deps;
  const jobs = new PeriodicJobs(
    deps.db,
    deps.now,
    (error, job) => log.error({ err: error, job }, 'job failed'),
    (job, outcome, ms) => metrics.jobRuns.observe({ job, outcome }, ms / 1000),
  );
  const { retentionMs } = deps;
  jobs.add('privacy.retention', DAY_MS, async () => {
    const visitAddresses = await deps.visits.forgetOldAddresses(retentionMs);
    const accountAddresses = await deps.auth.forgetOldAddresses(retentionMs);
    log.info({ visitAddresses, accountAddresses }, 'retention: old addresses removed');
  });
  jobs.add('reminders.send', JOB_CHECK_MS, async () => {
    const run = await deps.reminders.runDue();
    if (run.sent + run.skipped > 0) log.info(run, 'reminders');
  });
  return jobs;
}
