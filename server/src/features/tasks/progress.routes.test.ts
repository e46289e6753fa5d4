import {
  deleteProofResultSchema,
  errorBodySchema,
  galaxyStandingSchema,
  submitProofResultSchema,
  taskProgressResultSchema,
  userTaskSchema,
} from '@gomeum/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import { makeImage } from '../../test/images.ts';
import { guestClient, operatorClient, TEST_OPERATOR, userClient } from '../../test/accounts.ts';
import { TestClient } from '../../test/test-app.ts';

const HOUR = 3_600_000;
const proof = { date: '2026-11-22', title: 'Practice', content: 'Twenty minutes of scales.' };

async function progressOf(client: TestClient, planet = 'music') {
  const response = await client.get(`/api/planets/${planet}/progress`);
  expect(response.status).toBe(200);
  return taskProgressResultSchema.parse(response.body).progress;
}

async function submit(client: TestClient, planet = 'music') {
  const response = await client.postForm(`/api/planets/${planet}/logs`, proof);
  expect(response.status).toBe(200);
  return submitProofResultSchema.parse(response.body);
}

const it = appTest({ operator: TEST_OPERATOR });

describe('goals and progress', () => {
  it.beforeAll(async ({ t }) => {
    // 2026-11-23 12:00 UTC: a fixed start so days and weeks are predictable.
    t.clock.now = Date.UTC(2026, 10, 23, 12);
  });

  it('without a goal, one proof completes the task (the first behaviour)', async ({ t }) => {
    const { client } = await userClient(t, 'one@example.com');
    const confirm = await client.request('PUT', '/api/planets/music/task', { description: 'Sing', reward: 'Tea' });
    expect(confirm.status).toBe(200);
    expect(await progressOf(client)).toMatchObject({ goal: 1, cadence: null, count: 0, completed: false });
    expect((await submit(client)).userTask.status).toBe('completed');
    expect(await progressOf(client)).toMatchObject({ count: 1, completed: true, celebrate: true, reward: 'Tea' });
  });

  it('completes at the goal, not before, and counts daily streaks', async ({ t }) => {
    const { client } = await userClient(t, 'three@example.com');
    const confirm = await client.request('PUT', '/api/planets/food/task', {
      description: 'Cook dinner every evening',
      reward: 'A concert ticket',
      goal: 3,
      cadence: 'daily',
    });
    expect(confirm.status).toBe(200);
    expect(userTaskSchema.parse(confirm.body).status).toBe('');
    expect((await submit(client, 'food')).userTask.status).toBe('');
    t.clock.advance(24 * HOUR);
    expect((await submit(client, 'food')).userTask.status).toBe('');
    expect(await progressOf(client, 'food')).toMatchObject({
      goal: 3,
      cadence: 'daily',
      count: 2,
      currentStreak: 2,
      bestStreak: 2,
      completed: false,
      celebrate: false,
    });
    t.clock.advance(48 * HOUR);
    expect((await submit(client, 'food')).userTask.status).toBe('completed');
    expect(await progressOf(client, 'food')).toMatchObject({
      count: 3,
      currentStreak: 1,
      bestStreak: 2,
      completed: true,
      celebrate: true,
    });
    // More proofs after the goal keep it completed.
    expect((await submit(client, 'food')).userTask.status).toBe('completed');
  });

  it('counts days in the user time zone', async ({ t }) => {
    const { client } = await userClient(t, 'seoul@example.com');
    await client.request('PUT', '/api/planets/game/task', { description: 'Play', reward: 'Snack', goal: 5 });
    // 14:30 and 15:30 UTC are 23:30 and 00:30 in Seoul: one UTC day, two Seoul days.
    t.clock.now = Date.UTC(2026, 11, 1, 14, 30);
    await submit(client, 'game');
    t.clock.now = Date.UTC(2026, 11, 1, 15, 30);
    await submit(client, 'game');
    expect(await progressOf(client, 'game')).toMatchObject({ currentStreak: 1, bestStreak: 1 });
    const zone = await client.request('PUT', '/api/me/time-zone', { timeZone: 'Asia/Seoul' });
    expect(zone.status).toBe(200);
    expect(await progressOf(client, 'game')).toMatchObject({ currentStreak: 2, bestStreak: 2 });
  });

  it('refuses a bad goal, cadence or time zone', async ({ t }) => {
    const { client } = await userClient(t, 'bad@example.com');
    for (const goal of [0, -1, 1.5, 366, '3']) {
      const response = await client.request('PUT', '/api/planets/movie/task', { description: 'a', reward: 'b', goal });
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(response.body).error.code).toBe('progress.error_goal');
    }
    const cadence = await client.request('PUT', '/api/planets/movie/task', {
      description: 'a',
      reward: 'b',
      cadence: 'hourly',
    });
    expect(cadence.status).toBe(400);
    for (const timeZone of ['Mars/Olympus', '', '../etc', 'x'.repeat(65)]) {
      const response = await client.request('PUT', '/api/me/time-zone', { timeZone });
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(response.body).error.code).toBe('progress.error_time_zone');
    }
  });

  it('shows the celebration once', async ({ t }) => {
    const { client } = await guestClient(t);
    expect((await client.post('/api/planets/travel/celebration')).status).toBe(409);
    await client.request('PUT', '/api/planets/travel/task', { description: 'Walk', reward: 'Map', goal: 1 });
    await submit(client, 'travel');
    expect((await progressOf(client, 'travel'))?.celebrate).toBe(true);
    const seen = await client.post('/api/planets/travel/celebration');
    expect(seen.status).toBe(200);
    expect(taskProgressResultSchema.parse(seen.body).progress?.celebrate).toBe(false);
    expect((await progressOf(client, 'travel'))?.celebrate).toBe(false);
    expect((await client.post('/api/planets/travel/celebration')).status).toBe(200);
    expect((await progressOf(client, 'travel'))?.celebrate).toBe(false);
  });

  it('answers null progress without a confirmed task, and 401 to strangers', async ({ t }) => {
    const { client } = await userClient(t, 'none@example.com');
    expect(await progressOf(client, 'drama')).toBeNull();
    expect((await new TestClient(t).get('/api/planets/drama/progress')).status).toBe(401);
    expect((await new TestClient(t).request('PUT', '/api/me/time-zone', { timeZone: 'UTC' })).status).toBe(401);
  });

  it('the galaxy shows each planet: no task, in progress with progress, completed, and Gomeum news until seen', async ({
    t,
  }) => {
    const { client } = await userClient(t, 'galaxy@example.com');
    const galaxy = async () => {
      const response = await client.get('/api/galaxy');
      expect(response.status).toBe(200);
      return Object.fromEntries(galaxyStandingSchema.parse(response.body).planets.map((p) => [p.planet, p]));
    };
    const before = await galaxy();
    expect(Object.keys(before)).toEqual(['music', 'food', 'manga', 'game', 'movie', 'travel', 'drama']);
    expect(before.music).toMatchObject({ state: 'none', count: 0, goal: 1, gomeumNew: false });

    await client.request('PUT', '/api/planets/music/task', { description: 'Sing', reward: 'Tea', goal: 2 });
    await submit(client, 'music');
    await client.request('PUT', '/api/planets/food/task', { description: 'Cook', reward: 'Cake' });
    await submit(client, 'food');
    const operator = await operatorClient(t);
    t.clock.advance(1000);
    expect((await operator.postForm('/api/operator/gomeum-logs/music', { content: 'Purr.' })).status).toBe(200);

    const after = await galaxy();
    expect(after.music).toMatchObject({ state: 'in_progress', count: 1, goal: 2, gomeumNew: true });
    expect(after.food).toMatchObject({ state: 'completed', count: 1, goal: 1, gomeumNew: false });
    expect(after.drama).toMatchObject({ state: 'none', gomeumNew: false });

    t.clock.advance(1000);
    expect((await client.post('/api/planets/music/seen')).status).toBe(200);
    expect((await galaxy()).music?.gomeumNew).toBe(false);
    // Another user has not looked yet: the dot is theirs to see.
    const other = await userClient(t, 'galaxy-other@example.com');
    const theirs = galaxyStandingSchema.parse((await other.client.get('/api/galaxy')).body).planets;
    expect(theirs.find((p) => p.planet === 'music')?.gomeumNew).toBe(true);
  });

  it('a user deletes their own proof and its image; progress, streaks and completion follow', async ({ t }) => {
    const { client } = await userClient(t, 'delete@example.com');
    await client.request('PUT', '/api/planets/manga/task', { description: 'Draw', reward: 'Pens', goal: 2 });
    t.clock.advance(24 * HOUR);
    const first = await submit(client, 'manga');
    t.clock.advance(24 * HOUR);
    const withImage = await client.postForm('/api/planets/manga/logs', proof, [
      { field: 'image', name: 'p.png', type: 'image/png', bytes: await makeImage('png') },
    ]);
    const second = submitProofResultSchema.parse(withImage.body);
    expect(second.userTask.status).toBe('completed');
    const key = second.log.imageUrl!.replace('/api/files/', '');
    const file = path.join(t.config.dataDir, 'uploads', key);
    expect(fs.existsSync(file)).toBe(true);
    expect(await progressOf(client, 'manga')).toMatchObject({ count: 2, currentStreak: 2, completed: true });

    // Nobody else can delete it: not another user (404, as if it did not exist), not a stranger.
    const other = await userClient(t, 'delete-other@example.com');
    expect((await other.client.request('DELETE', `/api/planets/manga/logs/${second.log.id}`)).status).toBe(404);
    expect((await new TestClient(t).request('DELETE', `/api/planets/manga/logs/${second.log.id}`)).status).toBe(401);
    // Nor through another planet's path.
    expect((await client.request('DELETE', `/api/planets/music/logs/${second.log.id}`)).status).toBe(404);

    const deleted = await client.request('DELETE', `/api/planets/manga/logs/${second.log.id}`);
    expect(deleted.status).toBe(200);
    const result = deleteProofResultSchema.parse(deleted.body);
    expect(result.userTask).toMatchObject({ status: '', imageUrl: null, proof: proof.content });
    // The remaining proof was yesterday: the streak still reaches today.
    expect(result.progress).toMatchObject({ count: 1, currentStreak: 1, bestStreak: 1, completed: false });
    expect(fs.existsSync(file)).toBe(false);
    const row = await t.database.db.selectFrom('files').select('key').where('key', '=', key).executeTakeFirst();
    expect(row).toBeUndefined();
    expect((await client.get(second.log.imageUrl!)).status).toBe(404);
    expect((await client.request('DELETE', `/api/planets/manga/logs/${second.log.id}`)).status).toBe(404);

    expect((await client.request('DELETE', `/api/planets/manga/logs/${first.log.id}`)).status).toBe(200);
    expect(await progressOf(client, 'manga')).toMatchObject({ count: 0, currentStreak: 0, bestStreak: 0 });
  });
});
