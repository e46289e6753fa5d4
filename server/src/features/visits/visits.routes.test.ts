import { errorBodySchema } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import { TestClient, type TestApp } from '../../test/test-app.ts';
import { VisitsRepository } from './visits.repository.ts';

// An address in a well-known block that the GeoLite2 database places in Bracknell, GB.
const UK_IP = '81.2.69.142';
const KR_IP = '211.45.27.1';

const it = appTest({}, 'test');

describe('POST /api/visits', () => {
  async function guestOf(app: TestApp, remoteAddress: string) {
    const browser = new TestClient(app, { remoteAddress });
    const response = await browser.post('/api/auth/guest');
    return { browser, userId: (response.body as { user: { id: string } }).user.id };
  }

  it('refuses anonymous callers with 401', async ({ t }) => {
    const response = await new TestClient(t).post('/api/visits', { page: '/galaxy' });
    expect(response.status).toBe(401);
    expect(errorBodySchema.parse(response.body).error.code).toBe('errors.unauthorized');
  });

  it('stores page, address, city and country for a signed-in guest', async ({ t }) => {
    const { browser, userId } = await guestOf(t, UK_IP);
    t.clock.advance(1000);
    const response = await browser.post('/api/visits', { page: '/planet/music?from=galaxy' });
    expect(response.status).toBe(200);
    const visits = await new VisitsRepository(t.database.db).listForUser(userId, 10);
    expect(visits).toEqual([
      { page: '/planet/music?from=galaxy', ip: UK_IP, city: 'Bracknell', country: 'GB', at: t.clock.now },
    ]);
  });

  it('lists visits newest first', async ({ t }) => {
    const { browser, userId } = await guestOf(t, KR_IP);
    for (const page of ['/galaxy', '/planet/food', '/task/food']) {
      t.clock.advance(1000);
      await browser.post('/api/visits', { page });
    }
    const visits = await new VisitsRepository(t.database.db).listForUser(userId, 10);
    expect(visits.map((v) => v.page)).toEqual(['/task/food', '/planet/food', '/galaxy']);
    expect(visits[0]?.country).toBe('KR');
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async ({ t }) => {
    const { browser, userId } = await guestOf(t, '127.0.0.1');
    await browser.post('/api/visits', { page: '/galaxy' }, { 'x-forwarded-for': UK_IP });
    const [visit] = await new VisitsRepository(t.database.db).listForUser(userId, 1);
    expect(visit).toMatchObject({ ip: '127.0.0.1', city: null, country: null });
  });

  it('takes the client address from X-Forwarded-For behind a trusted proxy', async ({ newApp }) => {
    const t = await newApp({ trustProxy: { hops: 1 } });
    const { browser, userId } = await guestOf(t, '127.0.0.1');
    await browser.post('/api/visits', { page: '/galaxy' }, { 'x-forwarded-for': KR_IP });
    const [visit] = await new VisitsRepository(t.database.db).listForUser(userId, 1);
    expect(visit).toMatchObject({ ip: KR_IP, country: 'KR' });
  });

  it.for(['galaxy', '//evil.example/x', ''])('refuses the page %j with 400', async (page, { t }) => {
    const { browser } = await guestOf(t, '127.0.0.1');
    const response = await browser.post('/api/visits', { page });
    expect(response.status).toBe(400);
  });
});
