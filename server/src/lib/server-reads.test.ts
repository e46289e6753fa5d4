import type { Me } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { guestClient } from '../test/accounts.ts';
import { appTest } from '../test/app-test.ts';
import { TestClient } from '../test/test-app.ts';

const it = appTest();

/** Every read a page render makes of the API (the pages' prefetches, and who is signed in). */
const PAGE_READS = [
  '/api/me',
  '/api/galaxy',
  '/api/moon/questions',
  '/api/planets/music/task',
  '/api/planets/music/progress',
  '/api/planets/music/logs',
  '/api/planets/music/logs?limit=5',
  '/api/gomeum-logs/music',
  '/api/planets/music/reminder',
];

describe("the render's reads answered in the process", () => {
  it('answer each page read as its route answers the same reader, body for body', async ({ t }) => {
    const { client } = await guestClient(t);
    const user = (await client.get('/api/me')).body as Me;
    for (const url of PAGE_READS) {
      const route = await client.get(url);
      expect(route.status, url).toBe(200);
      expect(await t.app.serverReads.answer(url, { user }), url).toEqual({ status: 200, body: route.body });
    }
  });

  it('answer a visitor as the route does, and leave to the route what it refuses', async ({ t }) => {
    const visitor = new TestClient(t);
    expect(await t.app.serverReads.answer('/api/me', { user: null })).toEqual({
      status: 200,
      body: (await visitor.get('/api/me')).body,
    });
    // Signed out: the routes refuse (401); the render's read answers nothing of its own.
    for (const url of PAGE_READS.slice(1)) {
      expect((await visitor.get(url)).status, url).toBe(401);
      expect(await t.app.serverReads.answer(url, { user: null }), url).toBeNull();
    }
    // Refused by the route's schemas (no such planet, a limit out of range): left to the route.
    const { client } = await guestClient(t);
    const user = (await client.get('/api/me')).body as Me;
    for (const url of [
      '/api/planets/pluto/task',
      '/api/planets/music/logs?limit=100000',
      '/api/planets/%E0%A4%A/task',
    ]) {
      expect((await client.get(url)).status, url).toBe(400);
      expect(await t.app.serverReads.answer(url, { user }), url).toBeNull();
    }
    // Not a read registered with its route: left to the route.
    expect(await t.app.serverReads.answer('/api/account/export', { user })).toBeNull();
  });
});
