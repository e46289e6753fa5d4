import fs from 'node:fs';
import path from 'node:path';
import { errorBodySchema } from '@gomeum/contracts';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { TEST_OPERATOR, operatorClient, userClient } from './test/accounts.ts';
import { appTest } from './test/app-test.ts';
import { hostileBody, hostileForm, TABLES } from './test/hostile-input.ts';
import { TestClient, type TestResponse, type TestApp } from './test/test-app.ts';

/** Cases per route (each a request); the total is printed. */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);

const it = appTest({
  operator: TEST_OPERATOR,
  rateLimit: { auth: 100_000, guest: 100_000, guestsPerDay: 100_000 },
  chatRateLimit: { messages: 100_000, aiReplies: 1 },
  uploadMaxBytes: 100_000,
});

describe('hostile input on every route that takes a body', () => {
  const callers = new Map<'user' | 'operator', TestClient>();
  let userId = '';
  let updateId = '';
  let proofId = '';

  it.beforeAll(async ({ t }) => {
    const user = await userClient(t, 'target@example.com');
    userId = user.id;
    callers.set('user', user.client);
    const operator = await operatorClient(t);
    callers.set('operator', operator);
    await user.client.request('PUT', '/api/planets/music/task', { description: 'Scales', reward: 'Tea' });
    const update = await operator.post('/api/operator/updates', {
      title: { en: 'Hello' },
      content: { en: '<p>Hi</p>' },
    });
    updateId = (update.body as { id: string }).id;
    // A proof for the operator to react to (on another planet than the proof routes', which use music).
    await user.client.request('PUT', '/api/planets/food/task', { description: 'Soup', reward: 'Bread' });
    const proof = await user.client.postForm('/api/planets/food/logs', {
      date: '2026-11-23',
      title: 'Soup',
      content: 'Made soup',
    });
    proofId = (proof.body as { log: { id: string } }).log.id;
  });

  const counts = async (t: TestApp) =>
    Promise.all(
      TABLES.map(async (table) => {
        const row = await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      }),
    );

  // Each request from a new address, so per-address rate limits never answer for the validation.
  let address = 0;
  const from = (t: TestApp, caller: TestClient) => {
    address += 1;
    const client = new TestClient(t, {
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    });
    for (const [name, value] of caller.cookies) client.cookies.set(name, value);
    return client;
  };

  const routes = (t: TestApp) =>
    t.routes
      .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
      .map((route) => ({
        method: route.method as 'POST' | 'PUT' | 'DELETE',
        pattern: route.url,
        url: route.url
          .replace(':userId', userId)
          .replace(':planetId', 'music')
          .replace(/\/updates\/:id/, `/updates/${updateId}`)
          .replace(/\/proofs\/:logId/, `/proofs/${proofId}`)
          .replace(':id', '1'),
        caller: route.url.startsWith('/api/operator/') ? ('operator' as const) : ('user' as const),
      }));

  const problem = (route: string, body: unknown, response: TestResponse): string | null => {
    if (response.status >= 500) return `${route}: ${response.status} for ${JSON.stringify(body).slice(0, 200)}`;
    if (response.status >= 400 && !errorBodySchema.safeParse(response.body).success) {
      return `${route}: ${response.status} without a clear error: ${response.text.slice(0, 200)}`;
    }
    return null;
  };

  // Each input a hostile user got stored, now refused with its code and nothing stored.
  it.for([
    [
      'a common password',
      'register',
      { email: 'p1@example.com', password: 'password' },
      400,
      'register.error_password_common',
    ],
    [
      'a common password',
      'register',
      { email: 'p2@example.com', password: '12345678' },
      400,
      'register.error_password_common',
    ],
    [
      'a common password',
      'register',
      { email: 'p3@example.com', password: 'qwertyuiop' },
      400,
      'register.error_password_common',
    ],
    [
      'a common password in capitals',
      'register',
      { email: 'p4@example.com', password: 'QwertyUIOP' },
      400,
      'register.error_password_common',
    ],
    [
      'a zero-width space in an email',
      'register',
      { email: 'tar\u200bget@example.com', password: 'purr-purr-1' },
      400,
      'register.error_invalid_email',
    ],
    [
      'a soft hyphen in an email',
      'register',
      { email: 'tar\u00adget@example.com', password: 'purr-purr-1' },
      400,
      'register.error_invalid_email',
    ],
    [
      'a Cyrillic look-alike in an email',
      'register',
      { email: 't\u0430rget@example.com', password: 'purr-purr-1' },
      400,
      'register.error_invalid_email',
    ],
    [
      'full-width letters of a taken email',
      'register',
      { email: '\uff54\uff41\uff52\uff47\uff45\uff54@example.com', password: 'purr-purr-1' },
      409,
      'register.error_email_exists',
    ],
    [
      'a chat message of zero-width characters',
      'chat',
      { content: '\u200b\u200c\u200d\u2060\ufeff' },
      400,
      'errors.bad_request',
    ],
    [
      'a proof on 2026-02-31',
      'proof',
      { date: '2026-02-31', title: 'Scales', content: 'Played' },
      400,
      'task.error_date',
    ],
    [
      'a proof on 0000-00-00',
      'proof',
      { date: '0000-00-00', title: 'Scales', content: 'Played' },
      400,
      'task.error_date',
    ],
    [
      'a proof on 2999-01-01',
      'proof',
      { date: '2999-01-01', title: 'Scales', content: 'Played' },
      400,
      'task.error_date',
    ],
    [
      'a proof titled with zero-width characters',
      'proof',
      { date: '2026-11-01', title: '\u200b\u200b', content: 'Played' },
      400,
      'task.error_fill_all',
    ],
  ] as const)('refuses %s and stores nothing', async ([, route, body, status, code], { t }) => {
    await t.services.chat.idle();
    const before = await counts(t);
    const user = from(t, callers.get('user') as TestClient);
    const response =
      route === 'register'
        ? await new TestClient(t, { remoteAddress: '10.201.0.1' }).post('/api/auth/register', body)
        : route === 'chat'
          ? await user.post('/api/chat/messages', body)
          : await user.postForm('/api/planets/music/logs', body);
    expect(response.status).toBe(status);
    expect(errorBodySchema.parse(response.body).error.code).toBe(code);
    expect(await counts(t)).toEqual(before);
  });

  it('answers 4xx with a clear error (never 5xx), stores nothing when it refuses, and lets no one set what is not theirs', async ({
    t,
  }) => {
    const problems: string[] = [];
    let cases = 0;
    // Replies the operator really sent into the user's conversation (the only way to write as Gomeum).
    let gomeumReplies = 0;
    const statuses = new Map<number, number>();
    for (const route of routes(t)) {
      const name = `${route.method} ${route.pattern}`;
      const signIn = route.pattern.startsWith('/api/auth/');
      const caller = callers.get(route.caller) as TestClient;
      // Sign-in routes change whose session a client holds: they get a client of their own.
      const client = () => (signIn ? new TestClient(t, { remoteAddress: '10.200.0.1' }) : from(t, caller));
      const multipart = (await client().request(route.method, route.url, {})).status === 415;
      if (multipart) {
        await fc.assert(
          fc.asyncProperty(hostileForm, async (form) => {
            // Answers to earlier accepted messages are stored in the background: not this request's doing.
            await t.services.chat.idle();
            const before = await counts(t);
            const response = await client().postFormAs(
              route.method === 'PUT' ? 'PUT' : 'POST',
              route.url,
              form.fields,
              form.files.map((file) => ({ ...file, name: 'upload.bin', bytes: Buffer.from(file.bytes) })),
            );
            cases += 1;
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            const found = problem(name, form.fields, response);
            if (found) problems.push(found);
            if (response.status >= 400 && JSON.stringify(await counts(t)) !== JSON.stringify(before)) {
              problems.push(`${name}: refused (${response.status}) but stored something`);
            }
          }),
          { numRuns: RUNS },
        );
        continue;
      }
      await fc.assert(
        fc.asyncProperty(hostileBody, async (body) => {
          // Answers to earlier accepted messages are stored in the background: not this request's doing.
          await t.services.chat.idle();
          const before = await counts(t);
          const client = signIn ? new TestClient(t, { remoteAddress: '10.200.0.1' }) : from(t, caller);
          const response = await client.request(route.method, route.url, body);
          cases += 1;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (name === 'POST /api/operator/chats/:userId/messages' && response.status === 200) gomeumReplies += 1;
          const found = problem(name, body, response);
          if (found) problems.push(found);
          if (response.status >= 400 && JSON.stringify(await counts(t)) !== JSON.stringify(before)) {
            problems.push(`${name}: refused (${response.status}) but stored something`);
          }
        }),
        { numRuns: RUNS },
      );
    }

    // Nobody became the operator, and the user is still a user.
    const operators = await t.database.db.selectFrom('users').select('email').where('role', '=', 'operator').execute();
    expect(operators.map((u) => u.email)).toEqual([TEST_OPERATOR.email]);
    // A user's messages are the user's: every message signed by Gomeum is one the operator sent.
    const asGomeum = await t.database.db
      .selectFrom('chat_messages')
      .select('id')
      .where('user_id', '=', userId)
      .where('sender', '=', 'gomeum')
      .where('kind', '=', 'message')
      .execute();
    expect(asGomeum.length).toBe(gomeumReplies);
    // The proof has at most one reaction, the operator's (this app has no AI key).
    const reactions = await t.database.db.selectFrom('proof_reactions').selectAll().execute();
    expect(reactions.length).toBeLessThanOrEqual(1);
    for (const reaction of reactions) expect(reaction.sender).toBe('gomeum');
    // Uploads that were refused left no file.
    const keys = new Set((await t.database.db.selectFrom('files').select('key').execute()).map((f) => f.key));
    const uploads = path.join(t.config.dataDir, 'uploads');
    const onDisk = fs.existsSync(uploads)
      ? fs
          .readdirSync(uploads, { recursive: true })
          .map(String)
          .filter((entry) => !entry.endsWith('.type') && fs.statSync(path.join(uploads, entry)).isFile())
      : [];
    expect(onDisk.filter((file) => !keys.has(file))).toEqual([]);

    console.log(
      `hostile input: ${routes(t).length} routes, ${cases} requests; answers:`,
      Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    );
    expect(problems).toEqual([]);
  }, 300_000);
});
