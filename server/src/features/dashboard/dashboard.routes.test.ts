import { operatorUserSchema, overviewSchema, userListSchema, userVisitsSchema } from '@gomeum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app.ts';

const OPERATOR = { email: 'gomeum@example.com', password: 'operator-password' };
const DAY = 86_400_000;

describe('dashboard routes', () => {
  let t: TestApp;
  let operator: TestClient;
  let mia: { client: TestClient; id: string };
  let guest: { client: TestClient; id: string; guestId: string };

  beforeAll(async () => {
    t = await createTestApp({ operator: OPERATOR });
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
  afterAll(async () => {
    await t.close();
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
    const wildcard = userListSchema.parse((await operator.get('/api/operator/users?query=%25')).body);
    expect(wildcard.total).toBe(0);

    const page2 = userListSchema.parse((await operator.get('/api/operator/users?pageSize=2&page=2')).body);
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items).toHaveLength(1);
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

  it("shows a user's visits newest first and per day, with zero days filled in", async () => {
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

  it('sums up activity in the overview', async () => {
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
});
