import { describe, expect } from 'vitest';
import { guestClient } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';

const DAY = 24 * 60 * 60 * 1000;

const it = appTest({ retentionMs: 90 * DAY, trustProxy: { hops: 1 } });

describe('retention of addresses', () => {
  it('removes the IP of visits and sign-ins older than the retention period, keeping city and country', async ({
    t,
  }) => {
    const { client, id } = await guestClient(t);
    const visit = (page: string) => client.post('/api/visits', { page }, { 'x-forwarded-for': '81.2.69.142' });
    expect((await visit('/old-page')).status).toBe(200);
    await t.database.db.updateTable('users').set({ last_ip: '81.2.69.142', last_login_at: t.clock.now }).execute();
    // 91 days on, the guest still using the app now and then (so the session stays signed in).
    for (let day = 0; day < 91; day += 13) {
      t.clock.advance(13 * DAY);
      expect((await client.get('/api/me')).body).toMatchObject({ role: 'user' });
    }
    expect((await visit('/new-page')).status).toBe(200);

    // The job runs once a day on one instance; here it is due at once.
    // (Other jobs, such as sending reminders, may run in the same check.)
    expect(await t.services.jobs.runDue()).toContain('privacy.retention');
    expect(await t.services.jobs.runDue()).not.toContain('privacy.retention');

    const visits = await t.database.db
      .selectFrom('page_visits')
      .select(['page', 'ip', 'city', 'country'])
      .where('user_id', '=', id)
      .orderBy('at')
      .execute();
    expect(visits.map((v) => [v.page, v.ip])).toEqual([
      ['/old-page', null],
      ['/new-page', '81.2.69.142'],
    ]);
    // Where the old visit came from, roughly, is kept.
    expect(visits[0]?.country).toBe(visits[1]?.country);
    expect(visits[0]?.country).toBeTruthy();
    const user = await t.database.db
      .selectFrom('users')
      .select('last_ip')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.last_ip).toBeNull();
    const sessions = await t.database.db.selectFrom('sessions').select('ip').where('user_id', '=', id).execute();
    expect(sessions.map((s) => s.ip)).toEqual([null]);
  });
});
