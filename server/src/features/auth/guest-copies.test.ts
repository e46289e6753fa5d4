import { authResultSchema } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import { newBrowserKeys } from '../../test/push-endpoint.ts';
import { TestClient } from '../../test/test-app.ts';

/** What a copy of a guest's cookie can do, and what registering takes away from it. */
const it = appTest({}, 'test');

describe('copies of a guest cookie', () => {
  describe('a copied guest cookie', () => {
    it('registering ends every other session of the guest: a copy of the guest cookie never becomes the account', async ({
      t,
      browser,
    }) => {
      const guest = authResultSchema.parse((await browser.post('/api/auth/guest')).body).user;
      // Someone copies the browser's guest cookie and opens a session of their own with it.
      const copier = new TestClient(t);
      copier.cookies.set('gomeum_guest', browser.cookies.get('gomeum_guest') ?? '');
      const copied = authResultSchema.parse((await copier.post('/api/auth/guest')).body).user;
      expect(copied.id).toBe(guest.id);
      expect(((await copier.get('/api/me')).body as { id: string }).id).toBe(guest.id);

      const registered = await browser.post('/api/auth/register', {
        email: 'owner@example.com',
        password: 'purr-purr-1',
      });
      expect(registered.status).toBe(200);
      expect(authResultSchema.parse(registered.body).user.id).toBe(guest.id);

      // The copied session is over: no account, no data download, no chat in their name.
      expect((await copier.get('/api/me')).body).toBeNull();
      expect((await copier.get('/api/me/export')).status).toBe(401);
      expect((await copier.post('/api/chat/messages', { content: 'hi, it is me' })).status).toBe(401);
      // And the copied guest cookie opens no session of the account: it makes a new guest at most.
      const again = authResultSchema.parse((await copier.post('/api/auth/guest')).body).user;
      expect(again.id).not.toBe(guest.id);
      expect(again.isGuest).toBe(true);
      // The registering browser keeps its session, and logging out and in does not bring the copy back.
      expect(((await browser.get('/api/me')).body as { email: string }).email).toBe('owner@example.com');
      await browser.post('/api/auth/logout');
      await browser.post('/api/auth/login', { email: 'owner@example.com', password: 'purr-purr-1' });
      expect(((await copier.get('/api/me')).body as { id: string }).id).toBe(again.id);
    });
  });

  describe("a copied guest cookie's push subscription", () => {
    it('registering forgets the devices the guest subscribed; the registering browser subscribes again as the account', async ({
      t,
      browser,
    }) => {
      const subscribe = (client: TestClient, name: string) => {
        const keys = newBrowserKeys();
        return client.post('/api/push/subscriptions', {
          endpoint: `https://fcm.googleapis.com/fcm/send/${name}`,
          keys: { p256dh: keys.p256dh, auth: keys.authB64 },
          locale: 'en',
        });
      };
      const devices = (userId: string) =>
        t.database.db
          .selectFrom('push_subscriptions')
          .select('endpoint')
          .where('user_id', '=', userId)
          .orderBy('endpoint')
          .execute();
      const guest = authResultSchema.parse((await browser.post('/api/auth/guest')).body).user;
      expect((await subscribe(browser, 'owner')).status).toBe(200);
      // A copy of the guest cookie enters and subscribes a device of the copier's.
      const copier = new TestClient(t);
      copier.cookies.set('gomeum_guest', browser.cookies.get('gomeum_guest') ?? '');
      await copier.post('/api/auth/guest');
      expect((await subscribe(copier, 'copier')).status).toBe(200);
      // The owner comes back and registers in their own browser.
      await browser.post('/api/auth/guest');
      expect((await devices(guest.id)).map((row) => row.endpoint)).toEqual([
        'https://fcm.googleapis.com/fcm/send/copier',
        'https://fcm.googleapis.com/fcm/send/owner',
      ]);
      const registered = await browser.post('/api/auth/register', {
        email: 'pushes@example.com',
        password: 'purr-purr-1',
      });
      expect(registered.status).toBe(200);
      // No device of the guest follows the account: the copier's gets none of the account's pushes.
      expect(await devices(guest.id)).toEqual([]);
      // The registering browser subscribes again (the app does so when the guest becomes an account).
      expect((await subscribe(browser, 'owner')).status).toBe(200);
      expect((await devices(guest.id)).map((row) => row.endpoint)).toEqual([
        'https://fcm.googleapis.com/fcm/send/owner',
      ]);
    });
  });

  describe('a guest is one browser', () => {
    it("entering with the guest cookie ends the guest's other sessions; its owner entering again ends the copy's", async ({
      t,
      browser,
    }) => {
      const guest = authResultSchema.parse((await browser.post('/api/auth/guest')).body).user;
      const copier = new TestClient(t);
      copier.cookies.set('gomeum_guest', browser.cookies.get('gomeum_guest') ?? '');
      expect(authResultSchema.parse((await copier.post('/api/auth/guest')).body).user.id).toBe(guest.id);
      // The copy's entry signed the owner's browser out: it cannot go on unseen beside it.
      expect((await browser.get('/api/me')).body).toBeNull();
      // The owner comes back with the same guest (nothing lost), and the copy is signed out.
      expect(authResultSchema.parse((await browser.post('/api/auth/guest')).body).user.id).toBe(guest.id);
      expect((await copier.get('/api/me')).body).toBeNull();
      expect(((await browser.get('/api/me')).body as { id: string }).id).toBe(guest.id);
    });
  });
});
