import { operatorUserSchema, overviewSchema, userListSchema, userVisitsSchema } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import { TestClient } from '../../test/test-app.ts';

const OPERATOR = { email: 'gomeum@example.com', password: 'operator-password' };
const DAY = 86_400_000;

const it = appTest({ operator: OPERATOR });

describe('dashboard routes', () => {
  let operator: TestClient;
  let mia: { client: TestClient; id: string };
  let guest: { client: TestClient; id: string; guestId: string };

  it.beforeAll(async ({ t }) => {
    operator = new TestClient(t);
    await operator.post('/api/auth/login', OPERATOR);
    const miaClient = new TestClient(t, { remoteAddress: '81.2.69.142' });
    const registered = await miaClient.post('/api/auth/register', {
      email: 'mia@example.com',
      password: 'password-123',
    });
    mia = { client: miaClient, id: (registered.body as { user: { id: string } }).user.id };
    t.clock.advance(1000);
    const guestClient = new TestClient(t, { remoteAddress: '211.45.27.1' });
    const entered = (await guestClient.post('/api/auth/guest')).body as { user: { id: string; guestId: string } };
    guest = { client: guestClient, id: entered.user.id, guestId: entered.user.guestId };
  });

  it('lists users newest first and finds them by email or guest id', async () => {
    const all = userListSchema.parse((await operator.get('/api/operator/users')).body);
    expect(all.total).toBe(3);
    expect(all.items[0]).toMatchObject({ id: guest.id, isGuest: true, guestId: guest.guestId, lastIp: '211.45.27.1' });

    const byEmail = userListSchema.parse((await operator.get('/api/operator/users?query=MIA@')).body);
    expect(byEmail.items.map((u) => u.email)).toEqual(['mia@example.com']);
    const byGuestId = userListSchema.parse(
      (await operator.get(`/api/operator/users?query=${guest.guestId.slice(0, 12)}`)).body,
    );
    expect(byGuestId.items.map((u) => u.id)).toEqual([guest.id]);
    // A search is a prefix (a range of an index): the middle of an address finds nothing, nor does a wildcard.
    for (const query of ['%25', 'example.com', '_']) {
      const none = userListSchema.parse((await operator.get(`/api/operator/users?query=${query}`)).body);
      expect(none, query).toEqual({ items: [], next: null, total: null });
    }

    // Newest first, a page at a time: the next page starts after the last user of this one.
    const page1 = userListSchema.parse((await operator.get('/api/operator/users?limit=2')).body);
    expect(page1.items.map((u) => u.id)).toEqual(all.items.slice(0, 2).map((u) => u.id));
    expect(page1.next).not.toBeNull();
    const page2 = userListSchema.parse(
      (await operator.get(`/api/operator/users?limit=2&cursor=${encodeURIComponent(page1.next ?? '')}`)).body,
    );
    expect(page2).toMatchObject({ total: 3, next: null });
    expect(page2.items.map((u) => u.id)).toEqual(all.items.slice(2).map((u) => u.id));
  });

  it('shows one user as the list does, for a link to them; 404 for none, 403 for a user', async () => {
    const one = await operator.get(`/api/operator/users/${guest.id}`);
    expect(one.status).toBe(200);
    expect(operatorUserSchema.parse(one.body)).toMatchObject({ id: guest.id, isGuest: true, guestId: guest.guestId });
    const listed = userListSchema.parse((await operator.get('/api/operator/users')).body);
    expect(one.body).toEqual(listed.items.find((u) => u.id === guest.id));
    expect((await operator.get('/api/operator/users/no-such-user')).status).toBe(404);
    expect((await mia.client.get(`/api/operator/users/${guest.id}`)).status).toBe(403);
  });

  it("shows a user's visits newest first and per day, with zero days filled in", async ({ t }) => {
    await mia.client.post('/api/visits', { page: '/galaxy' });
    t.clock.advance(DAY);
    await mia.client.post('/api/visits', { page: '/planet/music' });
    await mia.client.post('/api/visits', { page: '/task/music' });
    const visits = userVisitsSchema.parse((await operator.get(`/api/operator/users/${mia.id}/visits?days=7`)).body);
    expect(visits.items.map((v) => v.page)).toEqual(['/task/music', '/planet/music', '/galaxy']);
    expect(visits.items[0]).toMatchObject({ ip: '81.2.69.142', country: 'GB', city: 'Bracknell' });
    expect(visits.perDay).toHaveLength(7);
    expect(visits.perDay.slice(-2).map((d) => d.count)).toEqual([1, 2]);
    expect(visits.perDay.slice(0, 5).every((d) => d.count === 0)).toBe(true);
    expect(visits.perDay.at(-1)?.day).toBe(new Date(t.clock.now).toISOString().slice(0, 10));
  });

  it('sums up activity in the overview', async ({ t }) => {
    await guest.client.post('/api/visits', { page: '/galaxy?from=home' });
    await t.database.db
      .insertInto('chat_messages')
      .values([
        { user_id: mia.id, sender: 'user', kind: 'message', content: 'hi', meta: null, created_at: t.clock.now },
        { user_id: guest.id, sender: 'user', kind: 'message', content: 'hello?', meta: null, created_at: t.clock.now },
        { user_id: guest.id, sender: 'gomeum', kind: 'message', content: 'meow', meta: null, created_at: t.clock.now },
      ])
      .execute();
    // Gomeum read the guest's conversation (and answered it); Mia's waits. Her second message counts once.
    const read = await t.database.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('user_id', '=', guest.id)
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('chat_reads')
      .values({ user_id: guest.id, read_id: read.id, updated_at: t.clock.now })
      .execute();
    await mia.client.post('/api/chat/messages', { content: 'still there?' });
    const overview = overviewSchema.parse((await operator.get('/api/operator/overview?days=14')).body);
    expect(overview.visitsPerDay).toHaveLength(14);
    expect(overview.visitsPerDay.at(-1)?.count).toBe(3);
    expect(overview.topPages[0]).toEqual({ label: '/galaxy', count: 2 });
    expect(overview.topCountries).toEqual([
      { label: 'GB', count: 3 },
      { label: 'KR', count: 1 },
    ]);
    expect(overview).toMatchObject({ activeUsersToday: 2, totalUsers: 3, guestUsers: 1, unansweredChats: 1 });
  });

  it('pages a search by the address or guest id found, each user once', async ({ t }) => {
    const guests = [];
    for (let i = 0; i < 3; i += 1) {
      const entered = (await new TestClient(t).post('/api/auth/guest')).body as { user: { guestId: string } };
      guests.push(entered.user.guestId);
    }
    const found: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = userListSchema.parse((await operator.get(`/api/operator/users?query=GUEST_&limit=2${query}`)).body);
      expect(page.total).toBeNull();
      found.push(...page.items.map((u) => u.guestId ?? ''));
      cursor = page.next;
    }
    expect(found).toEqual([guest.guestId, ...guests].sort());
  });
});
