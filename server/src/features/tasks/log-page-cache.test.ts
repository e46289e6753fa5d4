import zlib from 'node:zlib';
import { taskLogListSchema } from '@gomeum/contracts';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { TEST_OPERATOR, guestClient, userClient } from '../../test/accounts.ts';
import { buildApp } from '../../app.ts';
import { appTest } from '../../test/app-test.ts';
import { TEST_DATABASE_URL, TestClient, type TestApp } from '../../test/test-app.ts';

const it = appTest({ operator: TEST_OPERATOR });

/**
 * A page of a user's log is sent again, as the same bytes, until the database changes the user's
 * logs version; every kind of write to what the page shows changes it, made through the app or not.
 */
describe('the cache of pages of a user’s log', () => {
  const lookups = async (t: TestApp) => {
    const values = (await t.metrics.responseCache.get()).values;
    const count = (outcome: string) => values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
    return { hit: count('hit'), miss: count('miss') };
  };

  /** The page's raw bytes, and how the lookup went (hit: sent from the cache). */
  const read = async (t: TestApp, client: TestClient, planet = 'music', limit?: number) => {
    const before = await lookups(t);
    const response = await client.get(`/api/planets/${planet}/logs${limit ? `?limit=${limit}` : ''}`);
    expect(response.status, response.text).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const after = await lookups(t);
    const outcome = after.hit > before.hit ? 'hit' : after.miss > before.miss ? 'miss' : 'none';
    return { text: response.text, items: taskLogListSchema.parse(response.body).items, outcome };
  };

  const prove = async (t: TestApp, client: TestClient, title: string, planet = 'music') => {
    // Newest first: each proof a moment after the one before.
    t.clock.advance(1000);
    const response = await client.postForm(`/api/planets/${planet}/logs`, {
      date: '2026-11-28',
      title,
      content: `${title}: done`,
    });
    expect(response.status, response.text).toBe(200);
    return (response.body as { log: { id: string } }).log.id;
  };

  const version = async (t: TestApp, userId: string) =>
    (await t.database.db.selectFrom('users').select('logs_version').where('id', '=', userId).executeTakeFirstOrThrow())
      .logs_version;

  it('sends the same bytes again until a proof, a reaction, an edit or a deletion changes the page', async ({
    t,
    operator,
  }) => {
    const mia = await userClient(t, 'kept-mia@example.com');
    await mia.client.request('PUT', '/api/planets/music/task', { description: 'Play', reward: 'Cake', goal: 3 });
    const first = await prove(t, mia.client, 'Scales');

    const made = await read(t, mia.client);
    expect(made.outcome).toBe('miss');
    expect(made.items.map((log) => log.title)).toEqual(['Scales']);
    const again = await read(t, mia.client);
    expect(again).toEqual({ ...made, outcome: 'hit' });

    // A new proof.
    const second = await prove(t, mia.client, 'Arpeggios');
    const afterProof = await read(t, mia.client);
    expect(afterProof.outcome).toBe('miss');
    expect(afterProof.items.map((log) => log.title)).toEqual(['Arpeggios', 'Scales']);
    expect((await read(t, mia.client)).outcome).toBe('hit');

    // Gomeum's reaction, written by the operator.
    const reacted = await operator.post(`/api/operator/proofs/${first}/reaction`, { content: 'Purr' });
    expect(reacted.status, reacted.text).toBe(200);
    const afterReaction = await read(t, mia.client);
    expect(afterReaction.outcome).toBe('miss');
    expect(afterReaction.items.find((log) => log.id === first)?.reaction).toMatchObject({ content: 'Purr' });

    // A write the app never makes (an operator's hand in the database) changes the page too.
    await sql`update task_logs set title = ${'Scales, slowly'} where id = ${first}`.execute(t.database.db);
    const afterEdit = await read(t, mia.client);
    expect(afterEdit.outcome).toBe('miss');
    expect(afterEdit.items.find((log) => log.id === first)?.title).toBe('Scales, slowly');
    await sql`update proof_reactions set content = ${'Purr purr'} where log_id = ${first}`.execute(t.database.db);
    expect((await read(t, mia.client)).items.find((log) => log.id === first)?.reaction?.content).toBe('Purr purr');

    // The user deletes a proof (its reaction goes with it).
    expect((await mia.client.request('DELETE', `/api/planets/music/logs/${first}`)).status).toBe(200);
    const afterDelete = await read(t, mia.client);
    expect(afterDelete.outcome).toBe('miss');
    expect(afterDelete.items.map((log) => log.id)).toEqual([second]);
  });

  it('keeps each user’s, planet’s and page size’s page apart, and never sends one user another’s', async ({ t }) => {
    const ana = await userClient(t, 'kept-ana@example.com');
    const ben = await userClient(t, 'kept-ben@example.com');
    for (const { client } of [ana, ben]) {
      await client.request('PUT', '/api/planets/music/task', { description: 'Play', reward: 'Cake', goal: 3 });
      await client.request('PUT', '/api/planets/food/task', { description: 'Cook', reward: 'Cake', goal: 3 });
    }
    await prove(t, ana.client, 'Ana plays');
    await prove(t, ana.client, 'Ana plays again');
    await prove(t, ana.client, 'Ana cooks', 'food');
    await prove(t, ben.client, 'Ben plays');

    const anaMusic = await read(t, ana.client);
    expect((await read(t, ana.client)).outcome).toBe('hit');
    const benMusic = await read(t, ben.client);
    expect(benMusic.outcome).toBe('miss');
    expect(benMusic.items.map((log) => log.title)).toEqual(['Ben plays']);
    const anaFood = await read(t, ana.client, 'food');
    expect(anaFood.outcome).toBe('miss');
    expect(anaFood.items.map((log) => log.title)).toEqual(['Ana cooks']);
    const anaOne = await read(t, ana.client, 'music', 1);
    expect(anaOne.outcome).toBe('miss');
    expect(anaOne.items.map((log) => log.title)).toEqual(['Ana plays again']);
    expect((await read(t, ana.client)).text).toBe(anaMusic.text);

    // Ben's proof changes Ben's version only: Ana's page is still sent from the cache.
    const anaVersion = await version(t, ana.id);
    await prove(t, ben.client, 'Ben plays again');
    expect(await version(t, ana.id)).toBe(anaVersion);
    expect((await read(t, ana.client)).outcome).toBe('hit');
    expect((await read(t, ben.client)).items.map((log) => log.title)).toEqual(['Ben plays again', 'Ben plays']);
  });

  it('changes when a guest’s proofs move into an account, for both of them', async ({ t }) => {
    const account = await userClient(t, 'kept-keeper@example.com');
    await account.client.request('PUT', '/api/planets/music/task', { description: 'Play', reward: 'Cake', goal: 3 });
    await prove(t, account.client, 'Account plays');
    expect((await read(t, account.client)).items.map((log) => log.title)).toEqual(['Account plays']);
    expect((await read(t, account.client)).outcome).toBe('hit');

    const guest = await guestClient(t);
    const browser = guest.client;
    await browser.request('PUT', '/api/planets/music/task', { description: 'Play', reward: 'Cake', goal: 3 });
    await prove(t, browser, 'Guest plays');
    expect((await read(t, browser)).items.map((log) => log.title)).toEqual(['Guest plays']);

    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    const login = await browser.post('/api/auth/login', {
      email: 'kept-keeper@example.com',
      password: 'user-password-1',
    });
    expect(login.status, login.text).toBe(200);
    const merged = await browser.post('/api/me/guest-merge', { accept: true });
    expect(merged.body).toMatchObject({ ok: true, merged: true });

    const afterMerge = await read(t, account.client);
    expect(afterMerge.outcome).toBe('miss');
    expect(afterMerge.items.map((log) => log.title)).toEqual(['Guest plays', 'Account plays']);
    expect((await read(t, browser)).text).toBe(afterMerge.text);
  });

  it('sends a page compressed as the browser asks, compressed once and cached with it', async ({ t }) => {
    const lee = await userClient(t, 'kept-lee@example.com');
    await lee.client.request('PUT', '/api/planets/travel/task', { description: 'Walk', reward: 'Cake', goal: 3 });
    const small = await lee.client.request('GET', '/api/planets/travel/logs', undefined, { 'accept-encoding': 'br' });
    // An empty page is under the 1 KB threshold: sent as it is.
    expect(small.headers['content-encoding']).toBeUndefined();
    for (let i = 0; i < 8; i += 1)
      await prove(t, lee.client, `Walk ${i} along the river and back by the old bridge`, 'travel');
    const plain = await read(t, lee.client, 'travel');
    expect(plain.text.length).toBeGreaterThan(1024);

    const ask = async (acceptEncoding: string) => {
      const before = await lookups(t);
      const response = await lee.client.request('GET', '/api/planets/travel/logs', undefined, {
        'accept-encoding': acceptEncoding,
      });
      expect(response.status).toBe(200);
      expect((await lookups(t)).hit).toBe(before.hit + 1);
      return response;
    };
    const br = await ask('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zlib.brotliDecompressSync(br.raw).toString()).toBe(plain.text);
    expect((await ask('br')).raw.equals(br.raw)).toBe(true);
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.raw).toString()).toBe(plain.text);
    expect((await ask('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    const identity = await ask('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    // Sent as it is, it still says it would have been compressed for another browser.
    expect(identity.headers.vary).toBe('accept-encoding');
    expect(identity.text).toBe(plain.text);
  });

  it('tells a browser that holds the page that it has not changed (304), and sends a changed one', async ({ t }) => {
    const sam = await userClient(t, 'kept-sam@example.com');
    await sam.client.request('PUT', '/api/planets/drama/task', { description: 'Watch', reward: 'Cake', goal: 3 });
    await prove(t, sam.client, 'Episode one', 'drama');
    const first = await sam.client.get('/api/planets/drama/logs');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);

    const ask = (ifNoneMatch: string, acceptEncoding = 'gzip, br') =>
      sam.client.request('GET', '/api/planets/drama/logs', undefined, {
        'if-none-match': ifNoneMatch,
        'accept-encoding': acceptEncoding,
      });
    const same = await ask(etag);
    expect(same.status).toBe(304);
    expect(same.raw.length).toBe(0);
    expect(same.headers.etag).toBe(etag);
    // Strong or weak, in a list, or any: the same page.
    expect((await ask(etag.slice(2))).status).toBe(304);
    expect((await ask(`"other", ${etag}`)).status).toBe(304);
    expect((await ask('*')).status).toBe(304);
    expect((await ask('W/"other"')).status).toBe(200);

    // A changed page gets a new tag and its bytes: the old tag no longer matches.
    await prove(t, sam.client, 'Episode two', 'drama');
    const changed = await ask(etag, 'identity');
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(taskLogListSchema.parse(changed.body).items.map((log) => log.title)).toEqual(['Episode two', 'Episode one']);
    expect((await ask(String(changed.headers.etag))).status).toBe(304);
  });

  it('draws a new version with every write, never one seen before', async ({ t }) => {
    const kim = await userClient(t, 'kept-kim@example.com');
    await kim.client.request('PUT', '/api/planets/game/task', { description: 'Play', reward: 'Cake', goal: 3 });
    const seen = new Set([await version(t, kim.id)]);
    for (let i = 0; i < 5; i += 1) {
      await prove(t, kim.client, `Level ${i}`, 'game');
      const now = await version(t, kim.id);
      expect(Number.isSafeInteger(now)).toBe(true);
      expect(seen.has(now)).toBe(false);
      seen.add(now);
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('cached pages on two instances of one database', () => {
  it('each keeps its own, and a write through one changes the page the other sends', async ({ newApp }) => {
    const a = await newApp();
    const b = await buildApp(a.config);
    try {
      const onA = (await userClient(a, 'kept-two@example.com')).client;
      const onB = new TestClient(b);
      for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
      await onA.request('PUT', '/api/planets/food/task', { description: 'Cook', reward: 'Cake', goal: 3 });
      const send = async (client: TestClient, title: string) => {
        a.clock.advance(1000);
        const response = await client.postForm('/api/planets/food/logs', { date: '2026-11-28', title, content: 'Hot' });
        expect(response.status, response.text).toBe(200);
      };
      const titles = async (client: TestClient) =>
        taskLogListSchema.parse((await client.get('/api/planets/food/logs')).body).items.map((log) => log.title);

      await send(onA, 'Soup');
      // Both instances make the page and keep it.
      expect(await titles(onA)).toEqual(['Soup']);
      expect(await titles(onB)).toEqual(['Soup']);
      expect(await titles(onB)).toEqual(['Soup']);
      const hitsOnB = (await b.metrics.responseCache.get()).values.find((v) => v.labels.outcome === 'hit')?.value;
      expect(hitsOnB).toBe(1);
      // A proof sent through A: B's cached page is not sent again.
      await send(onA, 'Stew');
      expect(await titles(onB)).toEqual(['Stew', 'Soup']);
      // And the other way round.
      await send(onB, 'Salad');
      expect(await titles(onA)).toEqual(['Salad', 'Stew', 'Soup']);
    } finally {
      await b.app.close();
    }
  });
});
