import { describe, expect } from 'vitest';
import { TEST_OPERATOR, guestClient, userClient } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { makeImage } from '../../test/images.ts';
import { TestClient } from '../../test/test-app.ts';
import { fillUserData, storedFiles, whereValueAppears } from '../../test/user-data.ts';

const PASSWORD = 'user-password-1';
const fileKey = (url: string) => url.replace('/api/files/', '');

interface Log {
  title: string;
  imageUrl: string | null;
}

const it = appTest({ operator: TEST_OPERATOR });

describe('a guest keeps their work', () => {
  const must = async (response: Promise<{ status: number; text: string; body: unknown }>) => {
    const done = await response;
    expect(done.status, done.text).toBe(200);
    return done.body;
  };

  /** A second task and proof (on food), and both planets looked at: more of what a guest makes. */
  const moreWork = async (client: TestClient, tag: string) => {
    await must(client.request('PUT', '/api/planets/food/task', { description: `Cook ${tag}`, reward: 'Cake' }));
    const proof = (await must(
      client.postForm('/api/planets/food/logs', { date: '2026-11-24', title: `Soup ${tag}`, content: 'Hot' }, [
        { field: 'image', name: 'soup.png', type: 'image/png', bytes: await makeImage('png', 77) },
      ]),
    )) as { log: { imageUrl: string } };
    await must(client.post('/api/planets/music/seen', {}));
    await must(client.post('/api/planets/food/seen', {}));
    return proof.log.imageUrl;
  };

  const logs = async (client: TestClient, planet: string) =>
    ((await must(client.get(`/api/planets/${planet}/logs`))) as { items: Log[] }).items;

  it('brings every row and file of a guest who logs into an account into it, losing nothing, once', async ({
    t,
    operator,
  }) => {
    const account = await userClient(t, 'keeper@example.com');
    await fillUserData(t, account.client, 'account', { client: operator, userId: account.id });
    await must(account.client.post('/api/planets/music/seen', {}));

    const guest = await guestClient(t);
    const browser = guest.client;
    const guestData = await fillUserData(t, browser, 'guest', { client: operator, userId: guest.id });
    const soupUrl = await moreWork(browser, 'guest');
    // Asked, after those proofs, whether to keep them (the flag lives in user_meta).
    expect(await must(browser.post('/api/me/keep-progress-ask'))).toEqual({ ask: true });
    const guestFiles = (
      await t.database.db.selectFrom('files').select('key').where('owner_id', '=', guest.id).execute()
    ).map((file) => file.key);
    expect(guestFiles).toEqual(expect.arrayContaining([fileKey(guestData.proofUrl), fileKey(soupUrl)]));

    const guestBefore = await whereValueAppears(t.database, guest.id);
    const accountBefore = await whereValueAppears(t.database, account.id);
    // The guest's work reached every table that holds a user's rows.
    expect([...guestBefore.keys()]).toEqual(
      expect.arrayContaining([
        'chat_messages.user_id',
        'chat_reads.user_id',
        'files.owner_id',
        'moon_answers.user_id',
        'page_visits.user_id',
        'planet_reads.user_id',
        'push_subscriptions.user_id',
        'sessions.user_id',
        'task_logs.user_id',
        'user_meta.user_id',
        'user_tasks.user_id',
        'users.id',
      ]),
    );

    // The guest logs out, then logs into the account in the same browser: it still proves the guest.
    await must(browser.post('/api/auth/logout'));
    const login = await browser.post('/api/auth/login', { email: 'keeper@example.com', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      user: { id: account.id },
      guestMerge: { tasks: 2, proofs: 2, messages: 1, answers: 1 },
    });

    // The offer is this session's: the account's other browser cannot use it.
    expect((await account.client.post('/api/me/guest-merge', { accept: true })).status).toBe(404);
    expect((await whereValueAppears(t.database, guest.id)).size).toBeGreaterThan(0);

    const merged = await browser.post('/api/me/guest-merge', { accept: true });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ ok: true, merged: true });
    // Used once.
    expect((await browser.post('/api/me/guest-merge', { accept: true })).status).toBe(404);
    expect((await browser.post('/api/me/guest-merge', { accept: false })).status).toBe(404);

    // No table holds the guest's id any more, whatever tables there are.
    expect(await whereValueAppears(t.database, guest.id)).toEqual(new Map());
    // Every row moved: the account holds the sum of both, except where a user has one at most.
    const after = await whereValueAppears(t.database, account.id);
    const atMostOne: Record<string, number> = {
      'users.id': 1,
      'user_meta.user_id': 1,
      'chat_reads.user_id': 1,
      'chat_conversations.user_id': 1,
      // Both answered the first question: one answer holding both texts.
      'moon_answers.user_id': 1,
      // Both have music; food was the guest's alone.
      'user_tasks.user_id': 2,
      'planet_reads.user_id': 2,
      // Both have a music reminder: the account's stays.
      'task_reminders.user_id': 1,
      // The guest's sessions end with the guest; this browser's new session is the account's.
      'sessions.user_id': (accountBefore.get('sessions.user_id') ?? 0) + 1,
    };
    const columns = new Set([...guestBefore.keys(), ...accountBefore.keys()]);
    for (const column of columns) {
      const want = atMostOne[column] ?? (accountBefore.get(column) ?? 0) + (guestBefore.get(column) ?? 0);
      expect(after.get(column), column).toBe(want);
    }

    // Every file is the account's now, still stored, and the account's browsers can read it.
    const owned = (
      await t.database.db.selectFrom('files').select('key').where('owner_id', '=', account.id).execute()
    ).map((file) => file.key);
    expect(owned).toEqual(expect.arrayContaining(guestFiles));
    for (const key of guestFiles) {
      expect(storedFiles(t)).toContain(key);
      expect((await account.client.get(`/api/files/${key}`)).status).toBe(200);
    }

    // Music: the account's task stays, with the guest's proof as an entry of it; food moved whole.
    const screen = (await must(account.client.get('/api/planets/music/task'))) as {
      userTask: { description: string } | null;
    };
    expect(screen.userTask?.description).toBe('Scales account');
    expect((await logs(account.client, 'music')).map((log) => log.title).sort()).toEqual([
      'Proof account',
      'Proof guest',
    ]);
    expect((await logs(account.client, 'food')).map((log) => log.title)).toEqual(['Soup guest']);
    const moon = (await must(account.client.get('/api/moon/questions'))) as {
      questions: { answer: string | null }[];
    };
    expect(moon.questions[0]?.answer).toContain('Moon answer of account');
    expect(moon.questions[0]?.answer).toContain(guestData.moonAnswer);
    const chat = (await must(account.client.get('/api/chat/messages'))) as { messages: { content: string }[] };
    expect(chat.messages.map((m) => m.content)).toEqual(expect.arrayContaining([guestData.chatText]));

    // This browser forgets the guest: entering as a guest again makes a new one.
    expect(browser.cookies.has('gomeum_guest')).toBe(false);
    await must(browser.post('/api/auth/logout'));
    const again = (await must(browser.post('/api/auth/guest'))) as { user: { id: string } };
    expect(again.user.id).not.toBe(guest.id);
  });

  it('leaves the work with the guest when the offer is declined, and offers only briefly', async ({ t }) => {
    const account = await userClient(t, 'decliner@example.com');
    const guest = await guestClient(t);
    await must(guest.client.request('PUT', '/api/planets/game/task', { description: 'Chess', reward: 'Pie' }));
    const before = await whereValueAppears(t.database, guest.id);

    // Logging in while signed in as the guest.
    const login = await guest.client.post('/api/auth/login', { email: 'decliner@example.com', password: PASSWORD });
    expect(login.body).toMatchObject({ guestMerge: { tasks: 1, proofs: 0, messages: 0, answers: 0 } });
    const declined = await guest.client.post('/api/me/guest-merge', { accept: false });
    expect(declined.body).toEqual({ ok: true, merged: false, rows: 0 });
    expect((await guest.client.post('/api/me/guest-merge', { accept: true })).status).toBe(404);
    // The guest and its task stay as they were (but for its ended session).
    const now = await whereValueAppears(t.database, guest.id);
    expect(now.get('user_tasks.user_id')).toBe(before.get('user_tasks.user_id'));
    expect((await whereValueAppears(t.database, account.id)).has('user_tasks.user_id')).toBe(false);

    // Back as the guest later, then in again: a new offer, which lapses after half an hour.
    await must(guest.client.post('/api/auth/logout'));
    const back = (await must(guest.client.post('/api/auth/guest'))) as { user: { id: string } };
    expect(back.user.id).toBe(guest.id);
    await must(guest.client.post('/api/auth/login', { email: 'decliner@example.com', password: PASSWORD }));
    t.clock.advance(31 * 60 * 1000);
    expect((await guest.client.post('/api/me/guest-merge', { accept: true })).status).toBe(404);
    expect((await whereValueAppears(t.database, guest.id)).get('user_tasks.user_id')).toBe(1);
  });

  it('offers nothing for a guest without work, or to the operator, or to a guest', async ({ t }) => {
    await userClient(t, 'plain@example.com');
    const empty = await guestClient(t);
    const login = await empty.client.post('/api/auth/login', { email: 'plain@example.com', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).not.toHaveProperty('guestMerge');
    expect((await empty.client.post('/api/me/guest-merge', { accept: true })).status).toBe(404);

    const busy = await guestClient(t);
    await must(busy.client.request('PUT', '/api/planets/drama/task', { description: 'Act', reward: 'Tea' }));
    expect((await busy.client.post('/api/me/guest-merge', { accept: true })).status).toBe(404);
    const asOperator = await busy.client.post('/api/auth/login', TEST_OPERATOR);
    expect(asOperator.body).not.toHaveProperty('guestMerge');
    expect((await busy.client.post('/api/me/guest-merge', { accept: true })).status).toBe(404);
    expect(
      (await t.database.db.selectFrom('users').select('id').where('id', '=', busy.id).executeTakeFirst())?.id,
    ).toBe(busy.id);
  });

  it('keeps the same user when a guest registers, signed in or logged out', async ({ t }) => {
    const signedIn = await guestClient(t);
    await must(signedIn.client.request('PUT', '/api/planets/music/task', { description: 'Hum', reward: 'Tea' }));
    const registered = (await must(
      signedIn.client.post('/api/auth/register', { email: 'was-a-guest@example.com', password: PASSWORD }),
    )) as { user: { id: string; isGuest: boolean } };
    expect(registered.user).toMatchObject({ id: signedIn.id, isGuest: false });
    expect(signedIn.client.cookies.has('gomeum_guest')).toBe(false);

    const loggedOut = await guestClient(t);
    await must(loggedOut.client.request('PUT', '/api/planets/movie/task', { description: 'Film', reward: 'Pop' }));
    await must(loggedOut.client.post('/api/auth/logout'));
    const later = (await must(
      loggedOut.client.post('/api/auth/register', { email: 'came-back@example.com', password: PASSWORD }),
    )) as { user: { id: string; isGuest: boolean } };
    expect(later.user).toMatchObject({ id: loggedOut.id, isGuest: false });
    const screen = (await must(loggedOut.client.get('/api/planets/movie/task'))) as {
      userTask: { description: string } | null;
    };
    expect(screen.userTask?.description).toBe('Film');
    // A browser that never was a guest gets a new account.
    const fresh = new TestClient(t);
    const made = (await must(
      fresh.post('/api/auth/register', { email: 'brand-new@example.com', password: PASSWORD }),
    )) as { user: { id: string } };
    expect([signedIn.id, loggedOut.id]).not.toContain(made.user.id);
  });

  it('asks a guest once, after a proof, whether to keep their progress', async ({ t }) => {
    const guest = await guestClient(t);
    expect((await must(guest.client.post('/api/me/keep-progress-ask'))) as object).toEqual({ ask: false });
    await must(guest.client.request('PUT', '/api/planets/travel/task', { description: 'Walk', reward: 'Map' }));
    await must(
      guest.client.postForm('/api/planets/travel/logs', { date: '2026-11-24', title: 'Park', content: 'Nice' }),
    );
    expect(await must(guest.client.post('/api/me/keep-progress-ask'))).toEqual({ ask: true });
    expect(await must(guest.client.post('/api/me/keep-progress-ask'))).toEqual({ ask: false });
    const user = await userClient(t, 'never-asked@example.com');
    expect(await must(user.client.post('/api/me/keep-progress-ask'))).toEqual({ ask: false });
    expect((await new TestClient(t).post('/api/me/keep-progress-ask')).status).toBe(401);
  });
});
