import { authResultSchema, meSchema } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import { errorCode, TestClient } from '../../test/test-app.ts';

const it = appTest({}, 'test');

// The auth routes as the browser and the deployment meet them: forms posted before the app's
// script runs, rate limits, the operator made from the environment, Secure cookies behind a proxy.

describe('sign-in forms the browser sends by itself (the register page before its script has started)', () => {
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  it('registers and sends the browser on to the galaxy, signed in', async ({ browser }) => {
    const response = await browser.request(
      'POST',
      '/api/auth/register',
      form({ email: 'quick@example.com', password: 'purr-purr-1' }),
      FORM,
    );
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/galaxy');
    expect(String(response.headers['set-cookie'])).toMatch(/gomeum_session=.*HttpOnly/);
    const me = await browser.get('/api/me');
    expect(meSchema.parse(me.body)).toMatchObject({ email: 'quick@example.com', isGuest: false });
  });

  it('logs in, and enters as a guest, the same way', async ({ t, browser }) => {
    await new TestClient(t).post('/api/auth/register', { email: 'back@example.com', password: 'purr-purr-1' });
    const login = await browser.request(
      'POST',
      '/api/auth/login',
      form({ email: 'back@example.com', password: 'purr-purr-1' }),
      FORM,
    );
    expect([login.status, login.headers.location]).toEqual([303, '/galaxy']);
    expect(meSchema.parse((await browser.get('/api/me')).body).email).toBe('back@example.com');

    const guest = new TestClient(t);
    const entered = await guest.request('POST', '/api/auth/guest', '', FORM);
    expect([entered.status, entered.headers.location]).toEqual([303, '/galaxy']);
    expect(meSchema.parse((await guest.get('/api/me')).body).isGuest).toBe(true);
  });

  it.for([
    [
      'a wrong password',
      '/api/auth/login',
      { email: 'nobody@example.com', password: 'purr-purr-1' },
      'login',
      'register.error_failed',
    ],
    ['a missing password', '/api/auth/register', { email: 'a@b.co' }, 'register', 'register.error_missing_fields'],
    [
      'a malformed email',
      '/api/auth/register',
      { email: 'not-an-email', password: 'purr-purr-1' },
      'register',
      'register.error_invalid_email',
    ],
  ] as const)(
    'sends the browser back to the form, in its mode, with the code of %s',
    async ([, url, fields, mode, code], { browser }) => {
      const response = await browser.request('POST', url, form(fields), FORM);
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`/register?mode=${mode}&error=${code}`);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect((await browser.get('/api/me')).body).toBeNull();
    },
  );

  it('refuses a form posted from another site, signing nobody in', async ({ t, browser }) => {
    const response = await browser.request(
      'POST',
      '/api/auth/register',
      form({ email: 'csrf@example.com', password: 'purr-purr-1' }),
      { ...FORM, origin: 'https://evil.example' },
    );
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/register?mode=register&error=errors.forbidden');
    expect(response.headers['set-cookie']).toBeUndefined();
    const login = await new TestClient(t).post('/api/auth/login', {
      email: 'csrf@example.com',
      password: 'purr-purr-1',
    });
    expect(login.status).toBe(401);
  });

  it('still answers the app, which sends JSON, with JSON', async ({ browser }) => {
    const response = await browser.post('/api/auth/login', { email: 'nobody@example.com', password: 'purr-purr-1' });
    expect(response.status).toBe(401);
    expect(errorCode(response)).toBe('register.error_failed');
  });
});

describe('auth rate limits', () => {
  it('answers 429 errors.rate_limited past the login limit', async ({ newApp }) => {
    const t = await newApp({ rateLimit: { auth: 3, guest: 2 } });
    const browser = new TestClient(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await browser.post('/api/auth/login', { email: 'x@example.com', password: 'whatever-1' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await browser.post('/api/auth/login', { email: 'x@example.com', password: 'whatever-1' });
    expect(errorCode(limited)).toBe('errors.rate_limited');

    const guests = [];
    for (let i = 0; i < 3; i += 1) guests.push((await new TestClient(t).post('/api/auth/guest')).status);
    expect(guests).toEqual([200, 200, 429]);
  });
});

describe('operator bootstrap', () => {
  it('creates the operator from the environment; its login goes to the dashboard', async ({ newApp }) => {
    const t = await newApp({ operator: { email: 'gomeum@example.com', password: 'night-sky-cat' } });
    const response = await new TestClient(t).post('/api/auth/login', {
      email: 'gomeum@example.com',
      password: 'night-sky-cat',
    });
    expect(response.status).toBe(200);
    const result = authResultSchema.parse(response.body);
    expect(result.redirectTo).toBe('/gomeum-dashboard');
    expect(result.user.role).toBe('operator');
  });

  it('promotes an existing user and replaces its password', async ({ t }) => {
    await new TestClient(t).post('/api/auth/register', { email: 'cat@example.com', password: 'old-password' });
    expect(await t.services.auth.ensureOperator('Cat@Example.com', 'new-password')).toEqual({ created: false });
    const old = await new TestClient(t).post('/api/auth/login', {
      email: 'cat@example.com',
      password: 'old-password',
    });
    expect(old.status).toBe(401);
    const fresh = await new TestClient(t).post('/api/auth/login', {
      email: 'cat@example.com',
      password: 'new-password',
    });
    expect(authResultSchema.parse(fresh.body)).toMatchObject({
      redirectTo: '/gomeum-dashboard',
      user: { role: 'operator' },
    });
  });
});

describe('secure cookies', () => {
  it('marks the session cookie Secure when served over https behind a trusted proxy', async ({ newApp }) => {
    const t = await newApp({ trustProxy: { hops: 1 } });
    const response = await new TestClient(t).post('/api/auth/guest', undefined, { 'x-forwarded-proto': 'https' });
    expect(String(response.headers['set-cookie'])).toMatch(/Secure/);
  });
});
