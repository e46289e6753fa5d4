import {
  errorBodySchema,
  gomeumLogIn,
  gomeumLogListSchema,
  gomeumLogSchema,
  submitProofResultSchema,
  taskLogListSchema,
  taskScreenSchema,
  userTaskSchema,
} from '@gomeum/contracts';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { TASK_DEFINITIONS } from '../../content/task-definitions.ts';
import { appTest } from '../../test/app-test.ts';
import { makeImage } from '../../test/images.ts';
import { TestClient, type TestApp, type TestResponse } from '../../test/test-app.ts';

const OPERATOR = { email: 'gomeum@example.com', password: 'operator-password' };

function code(response: TestResponse): string {
  return errorBodySchema.parse(response.body).error.code;
}

async function signUp(t: TestApp, email: string): Promise<TestClient> {
  const client = new TestClient(t);
  const response = await client.post('/api/auth/register', { email, password: 'password-123' });
  expect(response.status).toBe(200);
  return client;
}

async function confirmed(client: TestClient, planet = 'music') {
  const response = await client.request('PUT', `/api/planets/${planet}/task`, {
    description: 'Play piano daily',
    reward: 'Cake',
  });
  expect(response.status).toBe(200);
  return userTaskSchema.parse(response.body);
}

const proof = { date: '2026-11-22', title: 'Day one', content: 'Played for 20 minutes.' };

const it = appTest({ operator: OPERATOR, uploadMaxBytes: 200_000 });

describe('tasks routes', () => {
  let operator: TestClient;
  it.beforeAll(async ({ t }) => {
    operator = new TestClient(t);
    await operator.post('/api/auth/login', OPERATOR);
  });

  describe('GET /api/planets/:planetId/task', () => {
    it('answers the definition, Gomeum task and no user task yet, in every language', async ({ t }) => {
      const client = await signUp(t, 'screen@example.com');
      const response = await client.get('/api/planets/food/task');
      expect(response.status).toBe(200);
      const screen = taskScreenSchema.parse(response.body);
      expect(screen.planet).toBe('food');
      // The food planet's own words, in each language.
      expect(screen.definition?.name).toEqual({ en: 'Taste something new', zh: '尝点新鲜的', ko: '새로운 맛 도전' });
      expect(screen.definition?.description).toEqual(TASK_DEFINITIONS.find((d) => d.planet === 'food')?.description);
      expect(screen.gomeumTask?.description).toEqual({
        en: 'Taste one new kind of fish each week and keep a tasting diary, signed with a paw print.',
        zh: '每周尝一种没吃过的鱼，写一本试吃日记，每页都盖上爪印。',
        ko: '매주 처음 먹어 보는 생선을 한 가지씩 맛보고, 발도장을 꾹 찍은 시식 일기 쓰기.',
      });
      expect(screen.userTask).toBeNull();
    });

    it('refuses anonymous callers and unknown planets', async ({ t }) => {
      expect((await new TestClient(t).get('/api/planets/food/task')).status).toBe(401);
      const client = await signUp(t, 'planets@example.com');
      expect((await client.get('/api/planets/moon/task')).status).toBe(400);
      expect((await client.get('/api/planets/pluto/task')).status).toBe(400);
    });

    it('answers a planet with no seeded content with nulls (the screen shows the localized fallbacks)', async ({
      t,
    }) => {
      await t.database.db.deleteFrom('task_definitions').where('planet', '=', 'drama').execute();
      await t.database.db.deleteFrom('gomeum_tasks').where('planet', '=', 'drama').execute();
      const client = await signUp(t, 'fallback@example.com');
      const screen = taskScreenSchema.parse((await client.get('/api/planets/drama/task')).body);
      expect(screen.definition).toBeNull();
      expect(screen.gomeumTask).toBeNull();
    });
  });

  describe('PUT /api/planets/:planetId/task (confirm once)', () => {
    it('confirms description and reward once, then refuses any change', async ({ t }) => {
      const client = await signUp(t, 'confirm@example.com');
      const task = await confirmed(client);
      expect(task).toMatchObject({
        planet: 'music',
        description: 'Play piano daily',
        reward: 'Cake',
        confirmed: true,
        status: '',
      });

      const again = await client.request('PUT', '/api/planets/music/task', {
        description: 'Something else',
        reward: 'More cake',
      });
      expect(again.status).toBe(409);
      expect(code(again)).toBe('task.error_already_confirmed');
      const screen = taskScreenSchema.parse((await client.get('/api/planets/music/task')).body);
      expect(screen.userTask?.description).toBe('Play piano daily');
    });

    it('needs both fields, trimmed', async ({ t }) => {
      const client = await signUp(t, 'both@example.com');
      for (const body of [{ description: '  ', reward: 'x' }, { description: 'x' }, {}]) {
        const response = await client.request('PUT', '/api/planets/game/task', body);
        expect(response.status).toBe(400);
        expect(code(response)).toBe('task.error_fill_all');
      }
      const ok = await client.request('PUT', '/api/planets/game/task', {
        description: '  Beat level 3 ',
        reward: ' Pizza ',
      });
      expect(userTaskSchema.parse(ok.body)).toMatchObject({ description: 'Beat level 3', reward: 'Pizza' });
    });

    it('lets the operator still edit a confirmed task', async ({ t }) => {
      const client = await signUp(t, 'opedit@example.com');
      const task = await confirmed(client);
      const me = (await client.get('/api/me')).body as { id: string };
      const edit = await operator.request('PUT', `/api/operator/users/${me.id}/tasks/music`, {
        proof: 'Checked by Gomeum',
        reward: 'Two cakes',
      });
      expect(edit.status).toBe(200);
      expect(userTaskSchema.parse(edit.body)).toMatchObject({
        id: task.id,
        proof: 'Checked by Gomeum',
        reward: 'Two cakes',
        confirmed: true,
      });
      // …but nobody else can.
      const other = await signUp(t, 'notop@example.com');
      expect((await other.request('PUT', `/api/operator/users/${me.id}/tasks/music`, { proof: 'x' })).status).toBe(403);
      expect(
        (await new TestClient(t).request('PUT', `/api/operator/users/${me.id}/tasks/music`, { proof: 'x' })).status,
      ).toBe(401);
      expect((await operator.request('PUT', '/api/operator/users/nobody/tasks/music', { proof: 'x' })).status).toBe(
        404,
      );
    });
  });

  describe('POST /api/planets/:planetId/logs (proofs)', () => {
    it('needs a confirmed task first', async ({ t }) => {
      const client = await signUp(t, 'early@example.com');
      const response = await client.postForm('/api/planets/travel/logs', proof);
      expect(response.status).toBe(409);
      expect(code(response)).toBe('task.error_not_confirmed');
    });

    it('needs a date, a title and non-blank proof text', async ({ t }) => {
      const client = await signUp(t, 'fields@example.com');
      await confirmed(client);
      for (const fields of [
        { ...proof, content: '   ' },
        { ...proof, title: '' },
        { ...proof, date: '' },
        { ...proof, date: 'yesterday' },
        { title: 'x', content: 'y' },
      ]) {
        const response = await client.postForm('/api/planets/music/logs', fields);
        expect(response.status).toBe(400);
        expect(code(response)).toBe('task.error_fill_all');
      }
      expect(taskLogListSchema.parse((await client.get('/api/planets/music/logs')).body).items).toEqual([]);
    });

    it('stores the proof with a resized image, completes the task, and lists logs newest first', async ({ t }) => {
      const client = await signUp(t, 'proof@example.com');
      await confirmed(client);
      const first = await client.postForm('/api/planets/music/logs', { ...proof, title: 'First' });
      expect(first.status).toBe(200);
      t.clock.advance(1000);
      const photo = await makeImage('jpeg', 2400, 1800);
      const second = await client.postForm(
        '/api/planets/music/logs',
        { ...proof, title: 'Second', content: 'With a photo' },
        [{ field: 'image', name: 'photo.jpg', type: 'image/jpeg', bytes: photo }],
      );
      expect(second.status).toBe(200);
      const result = submitProofResultSchema.parse(second.body);
      expect(result.userTask).toMatchObject({ status: 'completed', proof: 'With a photo' });
      expect(result.log.imageUrl).toMatch(/^\/api\/files\/proofs\/[A-Za-z0-9_-]+\.webp$/);
      expect(result.userTask.imageUrl).toBe(result.log.imageUrl);

      const logs = taskLogListSchema.parse((await client.get('/api/planets/music/logs')).body).items;
      expect(logs.map((l) => l.title)).toEqual(['Second', 'First']);

      const image = await client.get(result.log.imageUrl!);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cache-control']).toBe('private, no-store');
      const served = await t.app.inject({
        method: 'GET',
        url: result.log.imageUrl!,
        cookies: Object.fromEntries(client.cookies),
      });
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([1600, 1200]);
    });

    it('keeps proof images from everyone but their owner and the operator', async ({ t }) => {
      const alice = await signUp(t, 'alice@example.com');
      await confirmed(alice, 'movie');
      const result = submitProofResultSchema.parse(
        (
          await alice.postForm('/api/planets/movie/logs', proof, [
            { field: 'image', name: 'a.png', type: 'image/png', bytes: await makeImage('png') },
          ])
        ).body,
      );
      const url = result.log.imageUrl!;
      const bob = await signUp(t, 'bob@example.com');
      expect((await bob.get(url)).status).toBe(404);
      expect((await new TestClient(t).get(url)).status).toBe(404);
      expect((await operator.get(url)).status).toBe(200);
      expect((await alice.get(url)).status).toBe(200);
      // Bob sees none of Alice's task or logs: his own are empty.
      expect(taskScreenSchema.parse((await bob.get('/api/planets/movie/task')).body).userTask).toBeNull();
      expect(taskLogListSchema.parse((await bob.get('/api/planets/movie/logs')).body).items).toEqual([]);
    });

    it.for([
      ['an HTML file renamed .png', '<!doctype html><script>alert(1)</script>', 'image/png'],
      ['an SVG renamed .png', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>', 'image/png'],
      ['a PNG header with HTML after it', '\x89PNG\r\n\x1a\n<html><script>alert(1)</script>', 'image/png'],
    ] as const)('refuses %s with 415 and saves nothing', async ([, content, type], { t }) => {
      const client = await signUp(t, `sniff-${Math.random()}@example.com`);
      await confirmed(client);
      const response = await client.postForm('/api/planets/music/logs', proof, [
        { field: 'image', name: 'cat.png', type, bytes: Buffer.from(content, 'latin1') },
      ]);
      expect(response.status).toBe(415);
      expect(code(response)).toBe('upload.error_not_image');
      expect(taskLogListSchema.parse((await client.get('/api/planets/music/logs')).body).items).toEqual([]);
      expect(taskScreenSchema.parse((await client.get('/api/planets/music/task')).body).userTask?.status).toBe('');
    });

    it('refuses an upload over the size limit with 413 and saves nothing', async ({ t }) => {
      const client = await signUp(t, 'big@example.com');
      await confirmed(client);
      const big = await sharp({
        create: {
          width: 1200,
          height: 1200,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      expect(big.length).toBeGreaterThan(200_000);
      const response = await client.postForm('/api/planets/music/logs', proof, [
        { field: 'image', name: 'big.png', type: 'image/png', bytes: big },
      ]);
      expect(response.status).toBe(413);
      expect(code(response)).toBe('upload.error_too_large');
      expect(taskLogListSchema.parse((await client.get('/api/planets/music/logs')).body).items).toEqual([]);
      const files = await t.database.db.selectFrom('files').selectAll().execute();
      expect(files.every((f) => f.size <= 200_000)).toBe(true);
    });

    it('leaves no stored image behind when saving the entry fails', async ({ t }) => {
      const client = await signUp(t, 'rollback@example.com');
      await confirmed(client);
      const before = (await t.database.db.selectFrom('files').select('key').execute()).length;
      // Make the database refuse the entry, after the image has been stored.
      const repository = t.services.tasks['tasks'];
      const original = repository.transaction.bind(repository);
      repository.transaction = () => Promise.reject(new Error('disk full'));
      try {
        const response = await client.postForm('/api/planets/music/logs', proof, [
          { field: 'image', name: 'a.png', type: 'image/png', bytes: await makeImage('png') },
        ]);
        expect(response.status).toBe(500);
      } finally {
        repository.transaction = original;
      }
      expect((await t.database.db.selectFrom('files').select('key').execute()).length).toBe(before);
      expect(taskLogListSchema.parse((await client.get('/api/planets/music/logs')).body).items).toEqual([]);
    });
  });

  describe('Gomeum logs', () => {
    it('are written by the operator only, with public images, and read newest first by every user', async ({ t }) => {
      const user = await signUp(t, 'reader@example.com');
      expect((await user.postForm('/api/operator/gomeum-logs/food', { content: 'Hi' })).status).toBe(403);
      expect((await new TestClient(t).postForm('/api/operator/gomeum-logs/food', { content: 'Hi' })).status).toBe(401);

      const first = await operator.postForm('/api/operator/gomeum-logs/food', { content: 'Tasted a new fish.' });
      expect(first.status).toBe(200);
      t.clock.advance(1000);
      const second = await operator.postForm('/api/operator/gomeum-logs/food', { content: 'Two photos today.' }, [
        { field: 'images', name: 'a.png', type: 'image/png', bytes: await makeImage('png') },
        { field: 'images', name: 'b.gif', type: 'image/gif', bytes: await makeImage('gif') },
      ]);
      expect(second.status).toBe(200);

      const logs = gomeumLogListSchema.parse((await user.get('/api/gomeum-logs/food')).body).items;
      expect(logs.map((l) => l.content)).toEqual(['Two photos today.', 'Tasted a new fish.']);
      expect(logs[0]?.imageUrls).toHaveLength(2);
      const image = await new TestClient(t).get(logs[0]!.imageUrls[1]!);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/gif');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await new TestClient(t).get('/api/gomeum-logs/food')).status).toBe(401);
    });

    it('refuses a blank entry', async () => {
      const response = await operator.postForm('/api/operator/gomeum-logs/food', { content: '  ' });
      expect(response.status).toBe(400);
    });

    it('keep each language written, read through gomeumLogIn; a correction rewrites them all', async ({ t }) => {
      const user = await signUp(t, 'trilingual@example.com');
      const fields = { content: 'x', content_zh: '尝了鱼。', content_ko: '생선을 맛봤어요.', content_en: '' };
      const log = gomeumLogSchema.parse((await operator.postForm('/api/operator/gomeum-logs/game', fields)).body);
      // No English written: the first language written is every other reader's.
      expect(log).toMatchObject({ content: '尝了鱼。', contents: { zh: '尝了鱼。', ko: '생선을 맛봤어요.' } });
      const [read] = gomeumLogListSchema.parse((await user.get('/api/gomeum-logs/game')).body).items;
      expect([gomeumLogIn(read!, 'ko'), gomeumLogIn(read!, 'en')]).toEqual(['생선을 맛봤어요.', '尝了鱼。']);
      const path = `/api/operator/gomeum-logs/game/${log.id}`;
      const fixed = await operator.request('PUT', path, { content: 'Fish.', content_en: 'Fish.', content_ko: '생선.' });
      expect(gomeumLogSchema.parse(fixed.body)).toMatchObject({
        content: 'Fish.',
        contents: { en: 'Fish.', ko: '생선.' },
      });
      // Corrected in one text only, it is one language's again.
      await operator.request('PUT', path, { content: 'Fish!' });
      const [once] = gomeumLogListSchema.parse((await user.get('/api/gomeum-logs/game')).body).items;
      expect(once).toMatchObject({ content: 'Fish!' });
      expect(once?.contents).toBeUndefined();
    });

    it('are corrected and taken back by the operator only; a deleted entry takes its images with it', async ({ t }) => {
      const user = await signUp(t, 'editor-watch@example.com');
      const posted = await operator.postForm('/api/operator/gomeum-logs/travel', { content: 'Took the wrong trian.' }, [
        { field: 'images', name: 'a.png', type: 'image/png', bytes: await makeImage('png') },
      ]);
      const log = gomeumLogSchema.parse(posted.body);
      const path = `/api/operator/gomeum-logs/travel/${log.id}`;

      // Only the operator; on the planet it belongs to; never blank.
      expect((await user.request('PUT', path, { content: 'Mine now' })).status).toBe(403);
      expect((await user.request('DELETE', path)).status).toBe(403);
      expect((await new TestClient(t).request('DELETE', path)).status).toBe(401);
      expect((await operator.request('PUT', `/api/operator/gomeum-logs/food/${log.id}`, { content: 'x' })).status).toBe(
        404,
      );
      expect((await operator.request('PUT', path, { content: '   ' })).status).toBe(400);

      const edited = await operator.request('PUT', path, { content: 'Took the wrong train.' });
      expect(edited.status).toBe(200);
      expect(gomeumLogSchema.parse(edited.body)).toMatchObject({
        id: log.id,
        content: 'Took the wrong train.',
        imageUrls: log.imageUrls,
        createdAt: log.createdAt,
      });
      expect(gomeumLogListSchema.parse((await user.get('/api/gomeum-logs/travel')).body).items[0]?.content).toBe(
        'Took the wrong train.',
      );

      const key = new URL(`http://x${log.imageUrls[0]!}`).pathname.replace('/api/files/', '');
      expect(
        await t.database.db.selectFrom('files').select('key').where('key', '=', key).executeTakeFirst(),
      ).toBeTruthy();
      expect((await operator.request('DELETE', `/api/operator/gomeum-logs/food/${log.id}`)).status).toBe(404);
      expect((await operator.request('DELETE', path)).status).toBe(200);
      expect(gomeumLogListSchema.parse((await user.get('/api/gomeum-logs/travel')).body).items).toEqual([]);
      expect(await t.database.db.selectFrom('files').select('key').where('key', '=', key).executeTakeFirst()).toBe(
        undefined,
      );
      expect((await new TestClient(t).get(log.imageUrls[0]!)).status).toBe(404);
      expect((await operator.request('DELETE', path)).status).toBe(404);
    });
  });
});
