import {
  broadcastIn,
  BROADCAST_EVENT,
  errorBodySchema,
  notificationListSchema,
  notificationSchema,
  sentNotificationListSchema,
  sentNotificationSchema,
  type BroadcastEvent,
  type Language,
} from '@gomeum/contracts';
import type { PushMessageBuilder, PushSender } from '../../lib/push-sender.ts';
import { describe, expect } from 'vitest';
import { guestClient, userClient, TEST_OPERATOR } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { TestClient } from '../../test/test-app.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { NotificationsService } from './notifications.service.ts';

const it = appTest({ operator: TEST_OPERATOR });

describe('notifications routes', () => {
  it('stores a trimmed broadcast from Gomeum and lists the history newest first', async ({ t, operator }) => {
    const first = await operator.post('/api/operator/notifications', {
      title: ' Meteor night ',
      message: ' Look up at 9! ',
    });
    expect(first.status).toBe(200);
    expect(notificationSchema.parse(first.body)).toMatchObject({
      title: 'Meteor night',
      message: 'Look up at 9!',
      sender: 'Gomeum',
      createdAt: t.clock.now,
    });
    t.clock.advance(1000);
    await operator.post('/api/operator/notifications', { title: '新活动', message: '새 소식이 있어요' });
    const { client } = await guestClient(t);
    const history = notificationListSchema.parse((await client.get('/api/notifications')).body).notifications;
    expect(history.map((n) => n.title)).toEqual(['新活动', 'Meteor night']);
  });

  it('needs both title and message', async ({ operator }) => {
    for (const body of [{ title: 'x' }, { title: ' ', message: 'x' }, { title: 'x', message: '' }]) {
      const response = await operator.post('/api/operator/notifications', body);
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(response.body).error.code).toBe('notifications.error_missing_fields');
    }
  });

  it('never shows a stored broadcast lacking title or message', async ({ t, operator }) => {
    await t.database.db
      .insertInto('notifications')
      .values([
        { id: 'blank-title', title: ' ', message: 'm', sender: 'Gomeum', created_at: t.clock.now + 5 },
        { id: 'blank-message', title: 't', message: '', sender: 'Gomeum', created_at: t.clock.now + 6 },
      ])
      .execute();
    const history = notificationListSchema.parse((await operator.get('/api/notifications')).body).notifications;
    expect(history.map((n) => n.id)).not.toContain('blank-title');
    expect(history.map((n) => n.id)).not.toContain('blank-message');
  });

  it('tells the operator how push delivery went: done, or unfinished when it never ended', async ({ t, operator }) => {
    const sent = sentNotificationSchema.parse(
      (await operator.post('/api/operator/notifications', { title: 'Quiet', message: 'Nobody subscribed' })).body,
    );
    await t.services.push.drain();
    await t.database.db
      .insertInto('notifications')
      .values({
        id: 'cut-short',
        title: 'Cut',
        message: 'short',
        sender: 'Gomeum',
        created_at: t.clock.now - 1,
        push_delivered: null,
        push_failed: null,
      })
      .execute();
    const list = async () =>
      new Map(
        sentNotificationListSchema
          .parse((await operator.get('/api/operator/notifications')).body)
          .notifications.map((n) => [n.id, n.push]),
      );
    const now = await list();
    expect(now.get(sent.id)).toEqual({ state: 'done', delivered: 0, failed: 0 });
    expect(now.get('cut-short')).toEqual({ state: 'sending' });
    t.clock.advance(61 * 60 * 1000);
    expect((await list()).get('cut-short')).toEqual({ state: 'unfinished' });
  });

  it('refuses broadcasts from users (403) and anonymous callers (401)', async ({ t }) => {
    const { client } = await userClient(t, 'broadcaster@example.com');
    const body = { title: 'Spam', message: 'Spam' };
    expect((await client.post('/api/operator/notifications', body)).status).toBe(403);
    expect((await new TestClient(t).post('/api/operator/notifications', body)).status).toBe(401);
    expect((await new TestClient(t).get('/api/notifications')).status).toBe(401);
  });

  it('hands each broadcast to the live channel as a typed event', async ({ t }) => {
    const events: BroadcastEvent[] = [];
    const service = new NotificationsService(
      new NotificationsRepository(t.database.db),
      () => t.clock.now,
      { path: () => '/?popup=true' },
      undefined,
      (event) => {
        events.push(event);
      },
    );
    const sent = await service.broadcast({ title: 'Live', message: 'Now' });
    // Open tabs get the broadcast itself; how its push delivery goes is the operator's business.
    expect(events).toEqual([{ type: BROADCAST_EVENT, notification: notificationSchema.parse(sent) }]);
    expect(Object.keys(events[0]?.notification ?? {})).not.toContain('push');
  });

  it('keeps a broadcast written in several languages: each reader, and each push subscription, gets its own', async ({
    t,
    operator,
  }) => {
    const response = await operator.post('/api/operator/notifications', {
      title: 'Meteor night',
      message: 'Look up at 9!',
      languages: {
        en: { title: ' Meteor night ', message: 'Look up at 9!' },
        ko: { title: '유성의 밤', message: '9시에 하늘을 봐요!' },
      },
    });
    expect(response.status).toBe(200);
    const { client } = await guestClient(t);
    const { id } = sentNotificationSchema.parse(response.body);
    const stored = notificationListSchema
      .parse((await client.get('/api/notifications')).body)
      .notifications.find((n) => n.id === id);
    expect(stored).toMatchObject({ title: 'Meteor night', message: 'Look up at 9!' });
    expect(broadcastIn(stored!, 'ko')).toMatchObject({ title: '유성의 밤', message: '9시에 하늘을 봐요!' });
    // No Chinese written: a Chinese reader gets the English.
    expect(broadcastIn(stored!, 'zh')).toMatchObject({ title: 'Meteor night' });
    // Each language's popup link carries its own title.
    expect(stored?.languages?.ko?.popupPath).not.toBe(stored?.popupPath);

    // A language missing its message is refused.
    const half = await operator.post('/api/operator/notifications', {
      title: 'x',
      message: 'y',
      languages: { zh: { title: '标题', message: ' ' } },
    });
    expect(errorBodySchema.parse(half.body).error.code).toBe('notifications.error_missing_fields');
  });

  it('pushes a broadcast to each subscription in its language, else in its own words', async ({ t }) => {
    const builds: PushMessageBuilder[] = [];
    const push: PushSender = { sendToAll: (build) => void builds.push(build), sendToUser: () => undefined };
    const service = new NotificationsService(
      new NotificationsRepository(t.database.db),
      () => t.clock.now,
      { path: ({ title }) => `/?popup=${title}` },
      push,
    );
    await service.broadcast({
      title: '流星之夜',
      message: '九点抬头看！',
      languages: { zh: { title: '流星之夜', message: '九点抬头看！' }, ko: { title: '유성의 밤', message: '9시!' } },
    });
    const message = (locale: Language) => builds[0]?.(locale);
    expect(message('ko')).toMatchObject({ title: '유성의 밤', body: '9시!', url: '/?popup=유성의 밤' });
    expect(message('ko')?.notification).toMatchObject({ title: '유성의 밤', message: '9시!' });
    // Only one language travels in a push message.
    expect(message('ko')?.notification?.languages).toBeUndefined();
    // No English written, so the first written (Chinese) is every other reader's.
    expect(message('en')).toMatchObject({ title: '流星之夜', body: '九点抬头看！' });
  });
});
