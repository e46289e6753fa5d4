import { authResultSchema, meSchema } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import { errorCode, TestClient } from '../../test/test-app.ts';

const DAY = 86_400_000;

const it = appTest({}, 'test');

describe('auth routes', () => {
  describe('POST /api/auth/register', () => {
    it('creates an account, signs it in with an HttpOnly SameSite cookie and sends it to the galaxy', async ({
      browser,
    }) => {
      const response = await browser.post('/api/auth/register', {
        email: ' Mia@Example.com ',
        password: 'purr-purr-1',
      });
      expect(response.status).toBe(200);
      const result = authResultSchema.parse(response.body);
      expect(result.redirectTo).toBe('/galaxy');
      expect(result.user).toMatchObject({ email: 'mia@example.com', role: 'user', isGuest: false, guestId: null });
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/gomeum_session=/);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).not.toMatch(/Secure/);

      const me = await browser.get('/api/me');
      expect(me.status).toBe(200);
      expect(meSchema.parse(me.body).id).toBe(result.user.id);
    });

    it.for([
      ['both empty', { email: '', password: '' }],
      ['blank email', { email: '   ', password: 'long-enough' }],
      ['no password', { email: 'a@b.co' }],
      ['no fields', {}],
    ] as const)('refuses %s with register.error_missing_fields', async ([, body], { browser }) => {
      const response = await browser.post('/api/auth/register', body);
      expect(response.status).toBe(400);
      expect(errorCode(response)).toBe('register.error_missing_fields');
    });

    it('refuses an address already registered with register.error_email_exists', async ({ t, browser }) => {
      await new TestClient(t).post('/api/auth/register', { email: 'taken@example.com', password: 'password-1' });
      const response = await browser.post('/api/auth/register', { email: 'TAKEN@example.com', password: 'password-2' });
      expect(response.status).toBe(409);
      expect(errorCode(response)).toBe('register.error_email_exists');
    });

    it('refuses a malformed address and a short password with their own codes', async ({ browser }) => {
      const badEmail = await browser.post('/api/auth/register', { email: 'not-an-email', password: 'password-1' });
      expect(badEmail.status).toBe(400);
      expect(errorCode(badEmail)).toBe('register.error_invalid_email');
      const short = await browser.post('/api/auth/register', { email: 'ok@example.com', password: 'short' });
      expect(short.status).toBe(400);
      expect(errorCode(short)).toBe('register.error_password_short');
    });

    it('answers bad JSON, wrong types, huge bodies and odd content types with 4xx, never 500', async ({ browser }) => {
      const badJson = await browser.post('/api/auth/register', '{"email":', { 'content-type': 'application/json' });
      expect(badJson.status).toBe(400);
      expect(errorCode(badJson)).toBe('errors.bad_request');

      const wrongTypes = await browser.post('/api/auth/register', { email: 42, password: ['x'] });
      expect(wrongTypes.status).toBe(400);
      expect(errorCode(wrongTypes)).toBe('register.error_missing_fields');

      const huge = await browser.post('/api/auth/register', { email: 'a@b.co', password: 'x'.repeat(200_000) });
      expect(huge.status).toBe(413);
      expect(errorCode(huge)).toBe('errors.payload_too_large');

      const xml = await browser.post('/api/auth/register', '<x/>', { 'content-type': 'application/xml' });
      expect(xml.status).toBe(415);
      expect(errorCode(xml)).toBe('errors.unsupported_media_type');
    });
  });

  describe('POST /api/auth/login', () => {
    it.beforeEach(async ({ t }) => {
      await new TestClient(t).post('/api/auth/register', { email: 'leo@example.com', password: 'correct-horse' });
    });

    it('signs in with the address typed in full-width letters, and an account stored before normalizing still signs in', async ({
      t,
    }) => {
      const fullWidth = await new TestClient(t).post('/api/auth/login', {
        email: '\uff4c\uff45\uff4f@example.com',
        password: 'correct-horse',
      });
      expect(fullWidth.status).toBe(200);
      // An address as an earlier version stored it, not NFKC-normalized: still found as typed.
      await t.database.db
        .updateTable('users')
        .set({ email: '\uff4c\uff45\uff4f@example.com' })
        .where('email', '=', 'leo@example.com')
        .execute();
      const old = await new TestClient(t).post('/api/auth/login', {
        email: '\uff4c\uff45\uff4f@example.com',
        password: 'correct-horse',
      });
      expect(old.status).toBe(200);
    });

    it('signs in and rotates the session: the previous cookie stops working', async ({ t, browser }) => {
      const first = await browser.post('/api/auth/login', { email: 'leo@example.com', password: 'correct-horse' });
      expect(first.status).toBe(200);
      expect(authResultSchema.parse(first.body).redirectTo).toBe('/galaxy');
      const oldToken = browser.cookies.get('gomeum_session');

      const second = await browser.post('/api/auth/login', { email: 'LEO@example.com', password: 'correct-horse' });
      expect(second.status).toBe(200);
      expect(browser.cookies.get('gomeum_session')).not.toBe(oldToken);

      const replay = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { gomeum_session: oldToken ?? '' } });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toBeNull();
      expect(meSchema.parse((await browser.get('/api/me')).body).email).toBe('leo@example.com');
    });

    it('answers a wrong password or unknown address with register.error_failed', async ({ browser }) => {
      const wrong = await browser.post('/api/auth/login', { email: 'leo@example.com', password: 'wrong-horse' });
      expect(wrong.status).toBe(401);
      expect(errorCode(wrong)).toBe('register.error_failed');
      const unknown = await browser.post('/api/auth/login', { email: 'nobody@example.com', password: 'correct-horse' });
      expect(unknown.status).toBe(401);
      expect(errorCode(unknown)).toBe('register.error_failed');
      expect(browser.cookies.has('gomeum_session')).toBe(false);
    });

    it('answers empty fields with register.error_missing_fields', async ({ browser }) => {
      const response = await browser.post('/api/auth/login', { email: 'leo@example.com', password: '' });
      expect(response.status).toBe(400);
      expect(errorCode(response)).toBe('register.error_missing_fields');
    });

    it('records the login time and address', async ({ t, browser }) => {
      t.clock.advance(5000);
      await browser.post('/api/auth/login', { email: 'leo@example.com', password: 'correct-horse' });
      const row = await t.database.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'leo@example.com')
        .executeTakeFirstOrThrow();
      expect(row.last_login_at).toBe(t.clock.now);
      expect(row.last_ip).toBe('127.0.0.1');
    });
  });

  describe('POST /api/auth/logout and GET /api/me', () => {
    it('answers /api/me with null (not an error) when signed out', async ({ browser }) => {
      const response = await browser.get('/api/me');
      expect(response.status).toBe(200);
      expect(response.text).toBe('null');
      expect(response.body).toBeNull();
    });

    it('ends the session on the server, so a copied cookie is worthless afterwards', async ({ t, browser }) => {
      await browser.post('/api/auth/register', { email: 'zoe@example.com', password: 'password-1' });
      const token = browser.cookies.get('gomeum_session') ?? '';
      const out = await browser.post('/api/auth/logout');
      expect(out.status).toBe(200);
      expect(browser.cookies.has('gomeum_session')).toBe(false);
      const replay = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { gomeum_session: token } });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toBeNull();
    });
  });

  describe('POST /api/auth/guest', () => {
    it('makes a new anonymous user per browser with a guest_ id', async ({ t, browser }) => {
      const a = await browser.post('/api/auth/guest');
      expect(a.status).toBe(200);
      const guestA = authResultSchema.parse(a.body);
      expect(guestA.redirectTo).toBe('/galaxy');
      expect(guestA.user).toMatchObject({ isGuest: true, email: null, role: 'user' });
      expect(guestA.user.guestId).toMatch(/^guest_[0-9a-f]{16}$/);

      const other = authResultSchema.parse((await new TestClient(t).post('/api/auth/guest')).body);
      expect(other.user.id).not.toBe(guestA.user.id);
      expect(other.user.guestId).not.toBe(guestA.user.guestId);
    });

    it('gives the same browser its same guest account back, even after logging out', async ({ browser }) => {
      const first = authResultSchema.parse((await browser.post('/api/auth/guest')).body);
      const again = authResultSchema.parse((await browser.post('/api/auth/guest')).body);
      expect(again.user.id).toBe(first.user.id);
      await browser.post('/api/auth/logout');
      const back = authResultSchema.parse((await browser.post('/api/auth/guest')).body);
      expect(back.user.id).toBe(first.user.id);
    });

    it('limits new guests per address per day; a returning guest does not count', async ({ newApp }) => {
      const limited = await newApp({ rateLimit: { auth: 1000, guest: 1000, guestsPerDay: 3 } });
      const returning = new TestClient(limited);
      expect((await returning.post('/api/auth/guest')).status).toBe(200);
      for (let i = 0; i < 2; i += 1) expect((await new TestClient(limited).post('/api/auth/guest')).status).toBe(200);
      const fourth = await new TestClient(limited).post('/api/auth/guest');
      expect(fourth.status).toBe(429);
      expect(errorCode(fourth)).toBe('errors.rate_limited');
      // The browser that already has its guest gets it back.
      expect((await returning.post('/api/auth/logout')).status).toBe(200);
      expect((await returning.post('/api/auth/guest')).status).toBe(200);
      // Another address has a day of its own; a day later this one does too.
      expect((await new TestClient(limited, { remoteAddress: '10.1.2.3' }).post('/api/auth/guest')).status).toBe(200);
      limited.clock.advance(DAY + 1);
      expect((await new TestClient(limited).post('/api/auth/guest')).status).toBe(200);
    });

    it('counts new guests of an IPv6 network by its /64, as one household or phone holds it', async ({ newApp }) => {
      const limited = await newApp({ rateLimit: { auth: 1000, guest: 1000, guestsPerDay: 2 } });
      const from = (remoteAddress: string) => new TestClient(limited, { remoteAddress }).post('/api/auth/guest');
      expect((await from('2001:db8:1:2::1')).status).toBe(200);
      expect((await from('2001:db8:1:2::2')).status).toBe(200);
      // Another address of the same /64 is the same place: its day is spent.
      expect((await from('2001:db8:1:2:ffff::9')).status).toBe(429);
      expect((await from('2001:db8:1:3::1')).status).toBe(200);
    });

    it('upgrades the guest in place on registering, keeping its data', async ({ t, browser }) => {
      const guest = authResultSchema.parse((await browser.post('/api/auth/guest')).body).user;
      const now = t.clock.now;
      await t.database.db
        .insertInto('user_tasks')
        .values({
          id: 'task-1',
          user_id: guest.id,
          planet: 'music',
          description: 'Practise piano',
          reward: 'Cake',
          confirmed: 1,
          proof: '',
          status: '',
          image_key: null,
          updated_at: now,
        })
        .execute();
      await t.database.db
        .insertInto('chat_messages')
        .values({ user_id: guest.id, sender: 'user', kind: 'message', content: 'hello', meta: null, created_at: now })
        .execute();

      const registered = await browser.post('/api/auth/register', { email: 'kit@example.com', password: 'password-1' });
      expect(registered.status).toBe(200);
      const user = authResultSchema.parse(registered.body).user;
      expect(user).toMatchObject({ id: guest.id, email: 'kit@example.com', isGuest: false, guestId: guest.guestId });

      const tasks = await t.database.db.selectFrom('user_tasks').selectAll().where('user_id', '=', guest.id).execute();
      expect(tasks.map((r) => r.description)).toEqual(['Practise piano']);
      const chat = await t.database.db
        .selectFrom('chat_messages')
        .selectAll()
        .where('user_id', '=', guest.id)
        .execute();
      expect(chat.map((r) => r.content)).toEqual(['hello']);

      // The browser no longer has a guest to return to: entering as a guest now makes a new one.
      await browser.post('/api/auth/logout');
      const next = authResultSchema.parse((await browser.post('/api/auth/guest')).body).user;
      expect(next.id).not.toBe(guest.id);
      // And the upgraded account logs in with its new password.
      const login = await new TestClient(t).post('/api/auth/login', {
        email: 'kit@example.com',
        password: 'password-1',
      });
      expect(authResultSchema.parse(login.body).user.id).toBe(guest.id);
    });
  });

  describe('session expiry', () => {
    it('ends a session left idle longer than the idle limit', async ({ t, browser }) => {
      await browser.post('/api/auth/register', { email: 'idle@example.com', password: 'password-1' });
      t.clock.advance(29 * DAY);
      expect((await browser.get('/api/me')).body).not.toBeNull();
      t.clock.advance(29 * DAY);
      expect((await browser.get('/api/me')).body).not.toBeNull();
      t.clock.advance(30 * DAY + 1);
      expect((await browser.get('/api/me')).body).toBeNull();
    });

    it('ends even an active session at its absolute limit', async ({ t, browser }) => {
      await browser.post('/api/auth/register', { email: 'busy@example.com', password: 'password-1' });
      // Active every 20 days, so never idle: 8 × 20 + 19 = 179 days in, it still works.
      for (let step = 0; step < 8; step += 1) {
        t.clock.advance(20 * DAY);
        expect((await browser.get('/api/me')).body).not.toBeNull();
      }
      t.clock.advance(19 * DAY);
      expect((await browser.get('/api/me')).body).not.toBeNull();
      t.clock.advance(DAY);
      expect((await browser.get('/api/me')).body).toBeNull();
    });
  });

  describe('cross-site requests', () => {
    it('refuses a write whose Origin is another site', async ({ browser }) => {
      const response = await browser.post(
        '/api/auth/register',
        { email: 'csrf@example.com', password: 'password-1' },
        { origin: 'https://evil.example' },
      );
      expect(response.status).toBe(403);
      expect(errorCode(response)).toBe('errors.forbidden');
      const sameSite = await browser.post(
        '/api/auth/register',
        { email: 'csrf@example.com', password: 'password-1' },
        { origin: 'http://localhost:80', host: 'localhost:80' },
      );
      expect(sameSite.status).toBe(200);
    });
  });
});
