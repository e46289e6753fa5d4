import {
  BROADCAST_EVENT,
  errorBodySchema,
  notificationListSchema,
  notificationSchema,
  sentNotificationListSchema,
  sentNotificationSchema,
  type BroadcastEvent,
} from '@gomeum/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithOperator, guestClient, operatorClient, userClient } from '../../test/accounts.ts';
import { TestClient, type TestApp } from '../../test/test-app.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { NotificationsService } from './notifications.service.ts';

describe('notifications routes', () => {
  let t: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    t = await createTestAppWithOperator();
    operator = await operatorClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a trimmed broadcast from Gomeum and lists the history newest first', async () => {
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

  it('needs both title and message', async () => {
    for (const body of [{ title: 'x' }, { title: ' ', message: 'x' }, { title: 'x', message: '' }]) {
      const response = await operator.post('/api/operator/notifications', body);
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(response.body).error.code).toBe('notifications.error_missing_fields');
    }
  });

  it('never shows a stored broadcast lacking title or message', async () => {
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

  it('tells the operator how push delivery went: done, or unfinished when it never ended', async () => {
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

  it('refuses broadcasts from users (403) and anonymous callers (401)', async () => {
    const { client } = await userClient(t, 'broadcaster@example.com');
    const body = { title: 'Spam', message: 'Spam' };
    expect((await client.post('/api/operator/notifications', body)).status).toBe(403);
    expect((await new TestClient(t).post('/api/operator/notifications', body)).status).toBe(401);
    expect((await new TestClient(t).get('/api/notifications')).status).toBe(401);
  });

  it('hands each broadcast to the live channel as a typed event', async () => {
    const events: BroadcastEvent[] = [];
    const service = new NotificationsService(
      new NotificationsRepository(t.database.db),
      () => t.clock.now,
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
});
