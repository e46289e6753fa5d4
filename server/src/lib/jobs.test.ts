import { describe, expect } from 'vitest';
import { appTest } from '../test/app-test.ts';
import { PeriodicJobs } from './jobs.ts';

const HOUR = 60 * 60 * 1000;

const it = appTest();

describe('PeriodicJobs', () => {
  it('runs a job once per period however many instances check, and retries one that failed', async ({ t }) => {
    const clock = { now: 1_000 * HOUR };
    const runs: string[] = [];
    let failNext = false;
    const errors: string[] = [];
    // Three "instances" on one database, each with the same job.
    const instances = ['a', 'b', 'c'].map((name) => {
      const jobs = new PeriodicJobs(
        t.database.db,
        () => clock.now,
        (_error, job) => errors.push(job),
      );
      jobs.add('test.hourly', HOUR, async () => {
        if (failNext) {
          failNext = false;
          throw new Error('disk on fire');
        }
        runs.push(name);
      });
      return jobs;
    });
    const checkAll = () => Promise.all(instances.map((jobs) => jobs.runDue()));

    await checkAll();
    await checkAll();
    expect(runs).toHaveLength(1);

    clock.now += HOUR / 2;
    await checkAll();
    expect(runs).toHaveLength(1);

    clock.now += HOUR / 2;
    failNext = true;
    // One instance's check fails the job (at the same moment, another could take the turn it gives back).
    await instances[0]?.runDue();
    expect(errors).toEqual(['test.hourly']);
    expect(runs).toHaveLength(1);
    // The failing run gave its turn back: the next check runs it (on one instance), not an hour later.
    await checkAll();
    expect(runs).toHaveLength(2);
    await checkAll();
    expect(runs).toHaveLength(2);
  });
});
