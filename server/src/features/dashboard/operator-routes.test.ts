import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app.ts';

const OPERATOR = { email: 'gomeum@example.com', password: 'operator-password' };

/**
 * Every operator route, found from what the app registered (so a new one cannot be forgotten),
 * refuses anonymous callers (401), guests and users (403), and lets the operator through.
 */
describe('operator routes', () => {
  let t: TestApp;
  let operator: TestClient;
  let guest: TestClient;
  let user: TestClient;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ operator: OPERATOR });
    operator = new TestClient(t);
    await operator.post('/api/auth/login', OPERATOR);
    guest = new TestClient(t);
    await guest.post('/api/auth/guest');
    user = new TestClient(t);
    const registered = await user.post('/api/auth/register', { email: 'plain@example.com', password: 'password-123' });
    userId = (registered.body as { user: { id: string } }).user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const operatorRoutes = () =>
    t.routes
      .filter((r) => r.url.startsWith('/api/operator/') && r.method !== 'HEAD')
      .map((r) => ({
        method: r.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: r.url
          .replace(':userId', userId)
          .replace(':planetId', 'music')
          .replace(/:[A-Za-z]+/g, 'x'),
      }));

  it('finds the operator routes', () => {
    const urls = operatorRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['GET /api/operator/users', 'GET /api/operator/overview']));
    expect(urls.length).toBeGreaterThanOrEqual(8);
  });

  it('refuses anonymous callers with 401, guests and users with 403, and lets the operator through', async () => {
    const anonymous = new TestClient(t);
    for (const route of operatorRoutes()) {
      const name = `${route.method} ${route.url}`;
      expect((await anonymous.request(route.method, route.url, {})).status, name).toBe(401);
      expect((await guest.request(route.method, route.url, {})).status, name).toBe(403);
      expect((await user.request(route.method, route.url, {})).status, name).toBe(403);
      const status = (await operator.request(route.method, route.url, {})).status;
      expect([401, 403], name).not.toContain(status);
      expect(status, name).toBeLessThan(500);
    }
  });
});
