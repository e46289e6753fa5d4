import { translationSchema, type ServerEvent } from '@gomeum/contracts';
import { afterAll, afterEach, describe, expect } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { CHAT_OPERATOR as OPERATOR, listen } from '../../test/chat.ts';
import { FakeAi, type FakeAiRequest } from '../../../../scripts/fake-ai.mjs';
import { appTest } from '../../test/app-test.ts';
import { instanceWithAi } from '../../test/two-instances.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { TestClient } from '../../test/test-app.ts';

/**
 * What the AI writes for one operator (a reaction drafted for a proof, a translation) reaches that
 * operator's asking socket or request only: not their other dashboard on another instance, not
 * another operator, not the user. Two instances share the database and a Redis of the test's own;
 * "no one else" is asserted after a marker event published later, never after a wait.
 */

const KEY = 'sk-test-operator-words-3f1e';
const OTHER = { email: 'second-gomeum@example.com', password: 'second-night-cat' };

/** Drafts in the persona's language (Korean persona: Korean words); translations marked. */
function answer(body: FakeAiRequest['body']): string[] {
  const system = body.messages[0]?.content ?? '';
  if (system.startsWith('Translate')) return ['[en] ', body.messages.at(-1)?.content ?? ''];
  return /\p{Script=Hangul}/u.test(system) ? ['정말 ', '멋져요!'] : ['Great ', 'work!'];
}

const fake = new FakeAi({ mode: { kind: 'stream', chunks: answer } });
/** Instance A: the test's app, on a Redis of its own, its AI the stand-in. */
const it = appTest((after) => instanceWithAi(fake, KEY, after));

describe('the operator’s drafts and translations across instances', () => {
  let b: BuiltApp;
  const urls = { a: '', b: '' };
  const sockets: LiveTestClient[] = [];
  let present: LiveTestClient;

  const signIn = async (app: BuiltApp, path: string, body?: unknown) => {
    const client = new TestClient(app);
    expect((await client.post(path, body)).status).toBe(200);
    return client;
  };
  const open = async (url: string, client: TestClient) => {
    const socket = await LiveTestClient.connect(url, client);
    sockets.push(socket);
    return socket;
  };
  const on = (app: BuiltApp, client: TestClient) => {
    const other = new TestClient(app);
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    return other;
  };

  it.beforeAll(async ({ t: a }) => {
    await a.services.auth.ensureOperator(OTHER.email, OTHER.password);
    b = await buildApp({ ...a.config });
    urls.a = await listen(a);
    urls.b = await listen(b);
    // A dashboard open all along: Gomeum is online, so the AI reacts to no proof by itself.
    present = await LiveTestClient.connect(urls.b, await signIn(b, '/api/auth/login', OPERATOR));
    present.send({ type: 'presence.dashboard' });
    await present.waitFor((event) => event.type === 'presence.changed' && event.online);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    fake.reset();
    fake.mode = { kind: 'stream', chunks: answer };
  });
  afterAll(async () => {
    await present.close();
    await b.app.close();
  });

  it('drafts a reaction to a proof in the user’s language, to the asking socket only, within a budget', async ({
    t: a,
  }) => {
    const user = await signIn(a, '/api/auth/guest');
    expect((await user.request('PUT', '/api/me/locale', { locale: 'ko' })).status).toBe(200);
    const userId = ((await user.get('/api/me')).body as { id: string }).id;
    await user.request('PUT', '/api/planets/music/task', { description: '기타 연습', reward: '케이크' });
    const sent = await user.postForm('/api/planets/music/logs', {
      date: '2026-11-24',
      title: '첫날',
      content: '한 시간',
    });
    expect(sent.status).toBe(200);
    const proofId = (sent.body as { log: { id: string } }).log.id;

    const gomeum = await signIn(a, '/api/auth/login', OPERATOR);
    const asking = await open(urls.a, gomeum);
    const ownOther = await open(urls.b, on(b, gomeum));
    const second = await open(urls.b, await signIn(b, '/api/auth/login', OTHER));
    const userTab = await open(urls.b, on(b, user));
    const done = (socket: LiveTestClient, draftId: string) =>
      socket.waitFor((event) => event.type === 'chat.draft_done' && event.draftId === draftId);

    asking.send({ type: 'chat.draft', userId, draftId: 'reaction', proofId });
    expect(await done(asking, 'reaction')).toMatchObject({ ok: true });
    const deltas = asking.events.flatMap((e) => (e.type === 'chat.draft_delta' ? [e.delta] : []));
    expect(deltas.join('')).toBe('정말 멋져요!');
    // Asked in the user's language, about that proof.
    expect(fake.requests[0]?.body.messages.at(-1)?.content).toContain('첫날');
    // A proof named with another user's id drafts nothing.
    asking.send({ type: 'chat.draft', userId: 'someone-else', draftId: 'wrong', proofId });
    expect(await done(asking, 'wrong')).toMatchObject({ ok: false });
    // The operator's draft budget (two a minute): one more, then none, with no AI call.
    asking.send({ type: 'chat.draft', userId, draftId: 'again', proofId });
    expect(await done(asking, 'again')).toMatchObject({ ok: true });
    asking.send({ type: 'chat.draft', userId, draftId: 'spent', proofId });
    expect(await done(asking, 'spent')).toMatchObject({ ok: false });
    expect(fake.requests).toHaveLength(2);

    // A translation asked on A is the answer to that request alone.
    const translation = await gomeum.post('/api/operator/translate', { text: '첫날 한 시간', to: 'en' });
    expect(translationSchema.parse(translation.body).text).toBe('[en] 첫날 한 시간');

    // The marker: a message of the user's, published by A after all of the above, reaches every
    // operator's dashboard on B; none of them heard a draft or the translation.
    const marker = await user.post('/api/chat/messages', { content: 'marker' });
    expect(marker.status).toBe(200);
    const heardMarker = (event: ServerEvent) => event.type === 'chat.message' && event.message.content === 'marker';
    for (const socket of [ownOther, second, userTab]) {
      await socket.waitFor(heardMarker);
      const words = JSON.stringify(socket.events);
      expect(socket.events.filter((e) => e.type === 'chat.draft_delta' || e.type === 'chat.draft_done')).toEqual([]);
      expect(words).not.toContain('멋져요');
      expect(words).not.toContain('[en]');
    }
  });
});
