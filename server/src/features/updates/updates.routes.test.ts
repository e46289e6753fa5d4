import {
  diaryStateSchema,
  errorBodySchema,
  updateListSchema,
  updatePreviewSchema,
  updateSchema,
} from '@gomeum/contracts';
import { afterAll, describe, expect } from 'vitest';
import { guestClient, operatorClient, TEST_OPERATOR, userClient } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { makeImage } from '../../test/images.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { TestClient, type TestApp, type TestResponse } from '../../test/test-app.ts';

const code = (response: TestResponse) => errorBodySchema.parse(response.body).error.code;

const it = appTest({ operator: TEST_OPERATOR });

describe('updates routes', () => {
  async function publish(t: TestApp, operator: TestClient, title: string, content = '<p>Hello</p>') {
    t.clock.advance(1000);
    const response = await operator.post('/api/operator/updates', { title: { en: title }, content: { en: content } });
    expect(response.status).toBe(200);
    return updateSchema.parse(response.body);
  }

  async function diary(client: TestClient) {
    const response = await client.get('/api/updates/diary-state');
    expect(response.status).toBe(200);
    return diaryStateSchema.parse(response.body);
  }

  it('starts with no updates and no dot', async ({ t }) => {
    const anonymous = new TestClient(t);
    expect((await anonymous.get('/api/updates')).body).toEqual({ updates: [] });
    const { client } = await guestClient(t);
    expect(await diary(client)).toEqual({ latestAt: null, lastSeenAt: 0, unread: false });
  });

  it('stores sanitized HTML and trimmed titles, drops blank languages, and lists newest first', async ({
    t,
    operator,
  }) => {
    const first = await publish(t, operator, 'First');
    t.clock.advance(1000);
    const response = await operator.post('/api/operator/updates', {
      title: { en: '  Second  ', zh: '第二', ko: '  ' },
      content: {
        en: '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a><script>alert(1)</script></p>',
        zh: '<p>你好</p>',
      },
    });
    const second = updateSchema.parse(response.body);
    expect(second.title).toEqual({ en: 'Second', zh: '第二' });
    expect(second.content).toEqual({
      en: '<p>Hi <a target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
      zh: '<p>你好</p>',
    });
    expect(second.imageUrl).toBeNull();

    const list = updateListSchema.parse((await new TestClient(t).get('/api/updates')).body).updates;
    expect(list.map((u) => u.id)).toEqual([second.id, first.id]);
  });

  it('shows one update to anyone, and 404 for an unknown id', async ({ t, operator }) => {
    const update = await publish(t, operator, 'Open to all');
    const anonymous = new TestClient(t);
    const response = await anonymous.get(`/api/updates/${update.id}`);
    expect(response.status).toBe(200);
    expect(updateSchema.parse(response.body).title.en).toBe('Open to all');
    const missing = await anonymous.get('/api/updates/no-such-update');
    expect(missing.status).toBe(404);
    expect(code(missing)).toBe('errors.not_found');
  });

  it('raises the dot for a newer update and clears it once the diary showed it', async ({ t, operator }) => {
    const { client } = await userClient(t, 'diary-reader@example.com');
    const before = await diary(client);
    expect(before.unread).toBe(true);

    // Opening the diary marks the newest update it showed as seen.
    const seen = await client.post('/api/updates/seen', { seenAt: before.latestAt });
    expect(diaryStateSchema.parse(seen.body)).toMatchObject({ unread: false, lastSeenAt: before.latestAt });
    expect((await diary(client)).unread).toBe(false);

    // A new update raises it again; an older mark never moves the seen time back.
    const newer = await publish(t, operator, 'Newer');
    expect(await diary(client)).toEqual({ latestAt: newer.createdAt, lastSeenAt: before.latestAt, unread: true });
    await client.post('/api/updates/seen', { seenAt: 1 });
    expect((await diary(client)).lastSeenAt).toBe(before.latestAt);

    // A time in the future is capped at the newest update, so the next one still shows the dot.
    await client.post('/api/updates/seen', { seenAt: newer.createdAt + 10 * 86_400_000 });
    expect((await diary(client)).lastSeenAt).toBe(newer.createdAt);
    await publish(t, operator, 'Even newer');
    expect((await diary(client)).unread).toBe(true);
  });

  it('keeps the dot per user', async ({ t }) => {
    const { client: a } = await guestClient(t);
    const { client: b } = await guestClient(t);
    const state = await diary(a);
    await a.post('/api/updates/seen', { seenAt: state.latestAt });
    expect((await diary(a)).unread).toBe(false);
    expect((await diary(b)).unread).toBe(true);
  });

  it('lets the operator edit and delete', async ({ t, operator }) => {
    const update = await publish(t, operator, 'Draft');
    const edited = await operator.request('PUT', `/api/operator/updates/${update.id}`, {
      title: { en: 'Final', ko: '최종' },
      content: { en: '<h2>Done</h2><img src="x" onerror="alert(1)">' },
    });
    expect(edited.status).toBe(200);
    expect(updateSchema.parse(edited.body)).toMatchObject({
      title: { en: 'Final', ko: '최종' },
      content: { en: '<h2>Done</h2><img src="x" />' },
      createdAt: update.createdAt,
    });
    expect((await operator.request('DELETE', `/api/operator/updates/${update.id}`)).status).toBe(200);
    expect((await operator.get(`/api/updates/${update.id}`)).status).toBe(404);
    expect((await operator.request('DELETE', `/api/operator/updates/${update.id}`)).status).toBe(404);
  });

  it('needs a title in at least one language', async ({ operator }) => {
    const response = await operator.post('/api/operator/updates', { title: { en: ' ' }, content: { en: 'x' } });
    expect(response.status).toBe(400);
    expect(code(response)).toBe('updates.error_title_required');
  });

  it('previews HTML as it would be stored (scripts and handlers gone, allowed tags kept), storing nothing', async ({
    t,
    operator,
  }) => {
    const before = updateListSchema.parse((await operator.get('/api/updates')).body).updates.length;
    const response = await operator.post('/api/operator/updates/preview', {
      html: '<h2 onclick="steal()">Hi</h2><p><b>bold</b> <em>and</em> <a href="https://example.com" onmouseover="x()">a link</a></p><script>alert(1)</script><img src="https://example.com/a.png" onerror="x()" alt="A">',
    });
    expect(response.status).toBe(200);
    expect(updatePreviewSchema.parse(response.body)).toEqual({
      html: '<h2>Hi</h2><p><b>bold</b> <em>and</em> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">a link</a></p><img src="https://example.com/a.png" alt="A" />',
    });
    expect((await operator.post('/api/operator/updates/preview', { html: '' })).body).toEqual({ html: '' });
    const tooLong = await operator.post('/api/operator/updates/preview', { html: 'x'.repeat(20_001) });
    expect(tooLong.status).toBe(400);
    expect(code(tooLong)).toBe('updates.error_too_long');
    expect(updateListSchema.parse((await operator.get('/api/updates')).body).updates).toHaveLength(before);

    const { client: user } = await userClient(t, 'previewer@example.com');
    expect((await user.post('/api/operator/updates/preview', { html: '<p>x</p>' })).status).toBe(403);
    expect((await new TestClient(t).post('/api/operator/updates/preview', { html: '<p>x</p>' })).status).toBe(401);
  });

  it('refuses writes from users (403) and anonymous callers (401)', async ({ t, operator }) => {
    const update = await publish(t, operator, 'Protected');
    const { client: user } = await userClient(t, 'not-the-operator@example.com');
    const { client: guest } = await guestClient(t);
    const anonymous = new TestClient(t);
    const body = { title: { en: 'Hacked' }, content: {} };
    for (const [client, status] of [
      [user, 403],
      [guest, 403],
      [anonymous, 401],
    ] as const) {
      expect((await client.post('/api/operator/updates', body)).status).toBe(status);
      expect((await client.request('PUT', `/api/operator/updates/${update.id}`, body)).status).toBe(status);
      expect((await client.request('DELETE', `/api/operator/updates/${update.id}`)).status).toBe(status);
    }
    expect(updateSchema.parse((await anonymous.get(`/api/updates/${update.id}`)).body).title.en).toBe('Protected');
    expect((await anonymous.get('/api/updates/diary-state')).status).toBe(401);
    expect((await anonymous.post('/api/updates/seen', { seenAt: 1 })).status).toBe(401);
  });
});

describe('update images', () => {
  it('attaches, replaces and removes an update image; the old file is gone; only the operator may', async ({
    newApp,
  }) => {
    const t = await newApp({ operator: TEST_OPERATOR });
    const operator = await operatorClient(t);
    const created = updateSchema.parse(
      (
        await operator.post('/api/operator/updates', {
          title: { en: 'With a picture' },
          content: { en: '<p>Hi</p>' },
        })
      ).body,
    );
    expect(created.imageUrl).toBeNull();
    const image = { field: 'image', name: 'a.png', type: 'image/png', bytes: await makeImage('png', 2000, 1000) };
    const first = updateSchema.parse(
      (await operator.postFormAs('PUT', `/api/operator/updates/${created.id}/image`, {}, [image])).body,
    );
    expect(first.imageUrl).toMatch(/^\/api\/files\/updates\/[A-Za-z0-9_-]+\.webp$/);
    const anonymous = new TestClient(t);
    const served = await anonymous.get(first.imageUrl!);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const second = updateSchema.parse(
      (await operator.postFormAs('PUT', `/api/operator/updates/${created.id}/image`, {}, [image])).body,
    );
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect((await anonymous.get(first.imageUrl!)).status).toBe(404);

    const fake = { ...image, bytes: Buffer.from('<svg onload="alert(1)"/>') };
    expect((await operator.postFormAs('PUT', `/api/operator/updates/${created.id}/image`, {}, [fake])).status).toBe(
      415,
    );
    const { client: user } = await userClient(t, 'image-user@example.com');
    expect((await user.postFormAs('PUT', `/api/operator/updates/${created.id}/image`, {}, [image])).status).toBe(403);

    const cleared = updateSchema.parse(
      (await operator.request('DELETE', `/api/operator/updates/${created.id}/image`)).body,
    );
    expect(cleared.imageUrl).toBeNull();
    expect((await anonymous.get(second.imageUrl!)).status).toBe(404);
  });
});

/** An app of its own: what it publishes reaches only this describe's socket. */
const live = appTest({ operator: TEST_OPERATOR });

describe('a published update, live', () => {
  let socket: LiveTestClient;
  live.beforeAll(async ({ t, url }) => {
    socket = await LiveTestClient.connect(url, (await guestClient(t)).client);
  });
  afterAll(async () => {
    await socket.close();
  });

  live('reaches every open tab at once, so the diary dot shows without a reload', async ({ t, operator }) => {
    const { client } = await guestClient(t);
    t.clock.advance(1000);
    const response = await operator.post('/api/operator/updates', {
      title: { en: 'Live news' },
      content: { en: '<p>Now</p>' },
    });
    const update = updateSchema.parse(response.body);
    const event = await socket.waitFor((e) => e.type === 'update.published' && e.id === update.id);
    expect(event).toEqual({ type: 'update.published', id: update.id, createdAt: update.createdAt });
    expect(diaryStateSchema.parse((await client.get('/api/updates/diary-state')).body).unread).toBe(true);
  });

  live(
    'tells every open tab when an update changes: its image attached or removed, its text edited, its deletion',
    async ({ operator }) => {
      const update = updateSchema.parse(
        (await operator.post('/api/operator/updates', { title: { en: 'Soon' }, content: { en: '<p>x</p>' } })).body,
      );
      // The n-th change told about this update: each write below is told once.
      const changes = () => socket.events.filter((e) => e.type === 'update.changed' && e.id === update.id);
      const changed = (nth: number) => socket.waitFor((e) => changes().indexOf(e) === nth - 1);
      const image = { field: 'image', name: 'a.png', type: 'image/png', bytes: await makeImage('png', 40, 30) };
      const url = `/api/operator/updates/${update.id}`;
      expect((await operator.postFormAs('PUT', `${url}/image`, {}, [image])).status).toBe(200);
      await changed(1);
      expect((await operator.request('DELETE', `${url}/image`)).status).toBe(200);
      await changed(2);
      const body = { title: { en: 'Now' }, content: { en: '<p>y</p>' } };
      expect((await operator.request('PUT', url, body)).status).toBe(200);
      await changed(3);
      expect((await operator.request('DELETE', url)).status).toBe(200);
      await changed(4);
    },
  );
});
