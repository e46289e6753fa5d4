import { errorBodySchema, pushMessageSchema, reminderResultSchema, type PushMessage } from '@gomeum/contracts';
import { afterAll, describe, expect } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { guestClient, userClient } from '../../test/accounts.ts';
import { decrypt, newBrowserKeys, appTestWithPush, type TestPushService } from '../../test/push-endpoint.ts';
import { TestClient, type TestApp } from '../../test/test-app.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
// Monday 30 November 2026, 00:00 in Seoul (UTC+9, no DST).
const MONDAY = Date.parse('2026-11-29T15:00:00Z');
// 08:30 in Seoul on that Monday.
const MONDAY_0830 = MONDAY + 8.5 * HOUR;

let pushService: TestPushService;
const it = appTestWithPush({}, (service) => (pushService = service));

describe('task reminders on two instances sharing one database', () => {
  let second: BuiltApp;

  it.beforeAll(async ({ t }) => {
    t.clock.now = MONDAY;
    // The same database, the same clock: another instance behind the load balancer.
    second = await buildApp({ ...t.config });
  });
  afterAll(async () => {
    await second.app.close();
  });

  /** Both instances look for due reminders at the same moment, as their timers would. */
  async function bothInstancesRun(t: TestApp) {
    await Promise.all([t.services.reminders.runDue(), second.services.reminders.runDue()]);
    await Promise.all([t.services.push.drain(), second.services.push.drain()]);
  }

  let endpoints = 0;
  async function subscribe(client: TestClient, locale: 'en' | 'zh' | 'ko') {
    const keys = newBrowserKeys();
    endpoints += 1;
    const pathname = `/push/reminders-${endpoints}`;
    const response = await client.post('/api/push/subscriptions', {
      endpoint: `${pushService.origin}${pathname}`,
      keys: { p256dh: keys.p256dh, auth: keys.authB64 },
      locale,
    });
    expect(response.status).toBe(200);
    return {
      messages: (): PushMessage[] =>
        pushService.received
          .filter((r) => r.path === pathname)
          .map((r) => pushMessageSchema.parse(JSON.parse(decrypt(r.body, keys)))),
    };
  }

  async function confirm(
    client: TestClient,
    planet: string,
    description: string,
    goal: number,
    cadence: string | null,
  ) {
    const response = await client.request('PUT', `/api/planets/${planet}/task`, {
      description,
      reward: 'Tea',
      goal,
      cadence,
    });
    expect(response.status).toBe(200);
  }

  async function remind(client: TestClient, planet: string, body: object) {
    return client.request('PUT', `/api/planets/${planet}/reminder`, {
      enabled: true,
      days: EVERY_DAY,
      time: '08:30',
      timeZone: 'Asia/Seoul',
      ...body,
    });
  }

  async function prove(client: TestClient, planet: string) {
    const response = await client.postForm(`/api/planets/${planet}/logs`, {
      date: '2026-11-30',
      title: 'Proof',
      content: 'Done',
    });
    expect(response.status).toBe(200);
  }

  it('sends a due reminder once, in the subscription’s language, naming the task and progress, opening the task screen', async ({
    t,
  }) => {
    const { client } = await userClient(t, 'reminded@example.com');
    const device = await subscribe(client, 'ko');
    await confirm(client, 'music', '매일 기타 20분', 5, 'daily');
    expect((await client.get('/api/planets/music/reminder')).body).toEqual({ reminder: null });
    const set = await remind(client, 'music', {});
    expect(set.status).toBe(200);
    expect(reminderResultSchema.parse(set.body).reminder).toEqual({
      enabled: true,
      days: EVERY_DAY,
      time: '08:30',
      timeZone: 'Asia/Seoul',
      nextAt: MONDAY_0830,
    });
    // The reminder is read back the same on either instance.
    const other = new TestClient(second);
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    expect(reminderResultSchema.parse((await other.get('/api/planets/music/reminder')).body).reminder?.nextAt).toBe(
      MONDAY_0830,
    );

    // Not yet due: nothing.
    t.clock.now = MONDAY_0830 - 60_000;
    await bothInstancesRun(t);
    expect(device.messages()).toEqual([]);

    // Due: both instances run, again and again; one push.
    t.clock.now = MONDAY_0830 + 10_000;
    await bothInstancesRun(t);
    await bothInstancesRun(t);
    await Promise.all([t.services.jobs.runDue(), second.services.jobs.runDue()]);
    await Promise.all([t.services.push.drain(), second.services.push.drain()]);
    expect(device.messages()).toEqual([
      {
        kind: 'reminder',
        title: '알림: 매일 기타 20분',
        body: '5번 중 0번 완료. Gomeum이 오늘의 인증을 기다리고 있어요.',
        url: '/task/music',
        tag: 'reminder-music',
      },
    ]);
    // The next one is tomorrow at 08:30.
    const after = reminderResultSchema.parse((await client.get('/api/planets/music/reminder')).body);
    expect(after.reminder?.nextAt).toBe(MONDAY_0830 + DAY);
  });

  it('sends many due reminders exactly once each when both instances race for them', async ({ t }) => {
    t.clock.now = MONDAY + 2 * DAY;
    const devices = [];
    for (let i = 0; i < 12; i += 1) {
      const { client } = await guestClient(t);
      devices.push(await subscribe(client, (['en', 'zh', 'ko'] as const)[i % 3] ?? 'en'));
      await confirm(client, 'game', `Level ${i}`, 3, null);
      expect((await remind(client, 'game', { time: '09:00' })).status).toBe(200);
    }
    t.clock.now = MONDAY + 2 * DAY + 9 * HOUR;
    await Promise.all([bothInstancesRun(t), bothInstancesRun(t), bothInstancesRun(t)]);
    expect(devices.map((d) => d.messages().length)).toEqual(devices.map(() => 1));
    expect(devices[0]?.messages()[0]).toMatchObject({
      title: 'Reminder: Level 0',
      body: '0 of 3 done. Gomeum is waiting for your next proof.',
      url: '/task/game',
    });
    expect(devices[1]?.messages()[0]).toMatchObject({
      title: '提醒：Level 1',
      body: '已完成 0/3。Gomeum 在等你的下一份证明。',
    });
  });

  it('skips a task already done that day (daily, or no cadence) or that week (weekly), and a completed one', async ({
    t,
  }) => {
    t.clock.now = MONDAY + 7 * DAY;
    const { client } = await guestClient(t);
    const device = await subscribe(client, 'en');
    await confirm(client, 'food', 'Cook dinner', 10, 'daily');
    await confirm(client, 'travel', 'Walk somewhere new', 10, 'weekly');
    await confirm(client, 'manga', 'Read a chapter', 1, null);
    for (const planet of ['food', 'travel', 'manga']) expect((await remind(client, planet, {})).status).toBe(200);

    // Monday 07:00 Seoul: a proof for each (the manga one completes its task).
    t.clock.now = MONDAY + 7 * DAY + 7 * HOUR;
    for (const planet of ['food', 'travel', 'manga']) await prove(client, planet);
    t.clock.now = MONDAY + 7 * DAY + 8.5 * HOUR;
    await bothInstancesRun(t);
    expect(device.messages()).toEqual([]);

    // Tuesday 08:30: the daily task wants today's proof; the weekly one has this week's; manga is completed.
    t.clock.now = MONDAY + 8 * DAY + 8.5 * HOUR;
    await bothInstancesRun(t);
    expect(device.messages().map((m) => [m.url, m.body])).toEqual([
      ['/task/food', '1 of 10 done. Gomeum is waiting for today’s proof.'],
    ]);

    // Next Monday: a new week, the weekly task is reminded too.
    t.clock.now = MONDAY + 14 * DAY + 8.5 * HOUR;
    await bothInstancesRun(t);
    // The two due at the same minute may arrive in either order (two instances send at once).
    expect(
      device
        .messages()
        .slice(1)
        .map((m) => [m.url, m.body])
        .sort(),
    ).toEqual([
      ['/task/food', '1 of 10 done. Gomeum is waiting for today’s proof.'],
      ['/task/travel', '1 of 10 done. Gomeum is waiting for this week’s proof.'],
    ]);
  });

  it('after downtime, sends a reminder less than an hour late once, and skips one later than that', async ({ t }) => {
    t.clock.now = MONDAY + 21 * DAY;
    const { client } = await guestClient(t);
    const device = await subscribe(client, 'en');
    await confirm(client, 'movie', 'Watch a classic', 4, 'daily');
    expect((await remind(client, 'movie', { time: '20:00' })).status).toBe(200);

    // The servers were down from before 20:00 until 20:40: sent once, 40 minutes late.
    t.clock.now = MONDAY + 21 * DAY + 20 * HOUR + 40 * 60_000;
    await bothInstancesRun(t);
    await bothInstancesRun(t);
    expect(device.messages()).toHaveLength(1);

    // Down again from before the next day's 20:00 until 21:30: skipped, and the one after is kept.
    t.clock.now = MONDAY + 22 * DAY + 21.5 * HOUR;
    await bothInstancesRun(t);
    expect(device.messages()).toHaveLength(1);
    const next = reminderResultSchema.parse((await client.get('/api/planets/movie/reminder')).body).reminder?.nextAt;
    expect(next).toBe(MONDAY + 23 * DAY + 20 * HOUR);

    // Down for three days, back 10 minutes after that day's time: only the latest is sent, once.
    t.clock.now = MONDAY + 26 * DAY + 20 * HOUR + 10 * 60_000;
    await bothInstancesRun(t);
    expect(device.messages()).toHaveLength(2);
  });

  it('turns off, and refuses what is not a reminder of the caller’s own confirmed task', async ({ t }) => {
    t.clock.now = MONDAY + 30 * DAY;
    const { client } = await guestClient(t);
    const device = await subscribe(client, 'en');
    const code = (response: { body: unknown }) => errorBodySchema.parse(response.body).error.code;
    // No task yet.
    const early = await remind(client, 'drama', {});
    expect(early.status).toBe(409);
    expect(code(early)).toBe('task.error_not_confirmed');
    await confirm(client, 'drama', 'One episode', 3, 'daily');
    const noDays = await remind(client, 'drama', { days: [] });
    expect([noDays.status, code(noDays)]).toEqual([400, 'reminder.error_days']);
    for (const days of [[0], [8], [1, 1], ['mon']]) expect((await remind(client, 'drama', { days })).status).toBe(400);
    for (const time of ['24:00', '8:30', '08:60', '', '08:30:00']) {
      const response = await remind(client, 'drama', { time });
      expect([response.status, code(response)]).toEqual([400, 'reminder.error_time']);
    }
    for (const timeZone of ['Mars/Olympus', '../etc', '']) {
      const response = await remind(client, 'drama', { timeZone });
      expect([response.status, code(response)]).toEqual([400, 'progress.error_time_zone']);
    }
    expect((await remind(client, 'moon', {})).status).toBe(400);
    expect((await new TestClient(t).request('PUT', '/api/planets/drama/reminder', {})).status).toBe(401);

    // Off with no days is fine; the days and time are kept for next time; nothing is sent.
    expect((await remind(client, 'drama', { days: [2, 4] })).status).toBe(200);
    const off = await remind(client, 'drama', { enabled: false, days: [2, 4] });
    expect(reminderResultSchema.parse(off.body).reminder).toMatchObject({ enabled: false, days: [2, 4], nextAt: null });
    t.clock.now = MONDAY + 40 * DAY;
    await bothInstancesRun(t);
    expect(device.messages()).toEqual([]);

    // Someone else's reminder is theirs alone.
    const { client: stranger } = await guestClient(t);
    expect((await stranger.get('/api/planets/drama/reminder')).body).toEqual({ reminder: null });
  });
});
