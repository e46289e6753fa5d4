import { savedReplyListSchema, savedReplySchema, savedReplyUseSchema } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import { CHAT_OPERATOR, guest, operator } from '../../test/chat.ts';
import type { TestClient } from '../../test/test-app.ts';

const it = appTest({ operator: CHAT_OPERATOR });

/** The operator's saved replies: kept in three languages, and filled in for one user in theirs. */
describe('saved replies', () => {
  let gomeum: TestClient;
  it.beforeAll(async ({ t }) => {
    gomeum = await operator(t);
  });

  const welcome = {
    shortcut: 'Hi',
    texts: { en: 'Hi {name}, how is {planet}?', ko: '{name}님, {planet}은 어때요?', zh: '' },
  };

  it('keeps, lists, changes and deletes them; a shortcut is one reply’s', async () => {
    const added = await gomeum.post('/api/operator/saved-replies', welcome);
    expect(added.status).toBe(200);
    const reply = savedReplySchema.parse(added.body);
    // Trimmed and lower-cased; a blank language is not kept.
    expect(reply).toMatchObject({ shortcut: 'hi', texts: { en: welcome.texts.en, ko: welcome.texts.ko } });
    expect(reply.texts.zh).toBeUndefined();
    expect((await gomeum.post('/api/operator/saved-replies', welcome)).status).toBe(400);
    expect((await gomeum.post('/api/operator/saved-replies', { shortcut: 'x', texts: {} })).status).toBe(400);
    expect((await gomeum.post('/api/operator/saved-replies', { shortcut: 'a b', texts: { en: 'x' } })).status).toBe(
      400,
    );

    const other = savedReplySchema.parse(
      (await gomeum.post('/api/operator/saved-replies', { shortcut: 'bye', texts: { en: 'Bye!' } })).body,
    );
    const list = savedReplyListSchema.parse((await gomeum.get('/api/operator/saved-replies')).body);
    expect(list.items.map((item) => item.shortcut)).toEqual(['bye', 'hi']);
    const changed = await gomeum.request('PUT', `/api/operator/saved-replies/${other.id}`, {
      shortcut: 'later',
      texts: { zh: '回头见！' },
    });
    expect(savedReplySchema.parse(changed.body)).toEqual({
      id: other.id,
      shortcut: 'later',
      texts: { zh: '回头见！' },
    });
    expect((await gomeum.request('PUT', `/api/operator/saved-replies/${other.id}`, welcome)).status).toBe(400);
    expect((await gomeum.request('DELETE', `/api/operator/saved-replies/${other.id}`)).status).toBe(200);
    expect((await gomeum.request('DELETE', `/api/operator/saved-replies/${other.id}`)).status).toBe(404);
  });

  it('fills one in for a user: their language, their name and planet; the operator’s reading beside it', async ({
    t,
  }) => {
    const list = savedReplyListSchema.parse((await gomeum.get('/api/operator/saved-replies')).body);
    const hi = list.items.find((item) => item.shortcut === 'hi');
    const user = await guest(t);
    const me = (await user.get('/api/me')).body as { id: string; guestId: string };
    await user.request('PUT', '/api/me/locale', { locale: 'ko' });
    await user.request('PUT', '/api/planets/music/task', { description: 'Guitar', reward: 'Cake' });
    const used = await gomeum.post(`/api/operator/chats/${me.id}/saved-replies/${hi?.id}`, { reading: 'en' });
    expect(savedReplyUseSchema.parse(used.body)).toEqual({
      text: `${me.guestId}님, 음악은 어때요?`,
      language: 'ko',
      reading: `Hi ${me.guestId}, how is Music?`,
    });
    // A language the reply lacks: its English goes, and is the reading too.
    const other = await guest(t);
    const them = (await other.get('/api/me')).body as { id: string; guestId: string };
    expect((await other.request('PUT', '/api/me/locale', { locale: 'zh' })).status).toBe(200);
    const inZh = await gomeum.post(`/api/operator/chats/${them.id}/saved-replies/${hi?.id}`, { reading: 'zh' });
    expect(savedReplyUseSchema.parse(inZh.body)).toEqual({
      text: `Hi ${them.guestId}, how is ?`,
      language: 'zh',
      reading: `Hi ${them.guestId}, how is ?`,
    });
  });

  it('is the operator’s only', async ({ t }) => {
    const user = await guest(t);
    expect((await user.get('/api/operator/saved-replies')).status).toBe(403);
    expect((await user.post('/api/operator/saved-replies', welcome)).status).toBe(403);
  });
});
