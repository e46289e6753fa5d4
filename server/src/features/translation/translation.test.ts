import { translationSchema } from '@gomeum/contracts';
import { describe, expect, vi } from 'vitest';
import { FakeAi, type FakeAiRequest } from '../../../../scripts/fake-ai.mjs';
import { CHAT_OPERATOR, guest, operator, send } from '../../test/chat.ts';
import { appTest } from '../../test/app-test.ts';
import { MemoryWindows, WindowBudget } from '../../lib/rate-budget.ts';
import { TranslationRepository } from './translation.repository.ts';
import { Translator } from './translator.ts';
import type { TestApp, TestClient } from '../../test/test-app.ts';

/**
 * Translations for the operator: made by the AI once per text and language and kept (the same
 * words are never asked for twice, even by two askers at once), counted in a budget of their own,
 * and never asked for without an AI key.
 */

const KEY = 'sk-test-translation-41ab';

/** The stand-in's translation: the language asked for, then the text. */
function translated(body: FakeAiRequest['body']): string[] {
  const into = /into (English|Chinese|Korean)/.exec(body.messages[0]?.content ?? '')?.[1] ?? '?';
  return [`[${into}] `, body.messages.at(-1)?.content ?? ''];
}

const translate = async (client: TestClient, text: string, to: string) => {
  const response = await client.post('/api/operator/translate', { text, to });
  expect(response.status).toBe(200);
  return translationSchema.parse(response.body);
};

/** The metric's value for one outcome of translation lookups. */
const lookups = (t: TestApp, outcome: 'hit' | 'miss') =>
  t.metrics.translationLookups
    .get()
    .then((metric) => metric.values.find((value) => value.labels.outcome === outcome)?.value ?? 0);

const fake = new FakeAi({ mode: { kind: 'stream', chunks: translated } });
const it = appTest(async (after) => {
  const ai = await fake.appConfig(KEY, after);
  return { operator: CHAT_OPERATOR, ...ai, chatRateLimit: { messages: 100, aiReplies: 3, aiTranslations: 4 } };
});

describe('translations with an AI key', () => {
  it.beforeEach(({ t }) => {
    fake.reset();
    fake.mode = { kind: 'stream', chunks: translated };
    t.clock.advance(61_000);
  });

  it('translates once: the same words again are the kept translation, with no AI call', async ({
    t,
    operator: gomeum,
  }) => {
    const first = await translate(gomeum, '오늘 기타를 연습했어', 'en');
    expect(first).toEqual({ text: '[English] 오늘 기타를 연습했어', to: 'en', status: 'translated' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body.messages.at(-1)?.content).toBe('오늘 기타를 연습했어');
    const hitsBefore = await lookups(t, 'hit');
    expect(await translate(gomeum, '오늘 기타를 연습했어', 'en')).toEqual(first);
    expect(fake.requests).toHaveLength(1);
    expect(await lookups(t, 'hit')).toBe(hitsBefore + 1);
    // Another language is another translation.
    expect((await translate(gomeum, '오늘 기타를 연습했어', 'zh')).text).toBe('[Chinese] 오늘 기타를 연습했어');
    expect(fake.requests).toHaveLength(2);
  });

  it('two askers of the same words at once share one AI call', async ({ operator: gomeum }) => {
    const [one, two] = await Promise.all([
      translate(gomeum, '我做了一道新的汤', 'en'),
      translate(gomeum, '我做了一道新的汤', 'en'),
    ]);
    expect(one).toEqual(two);
    expect(fake.requests).toHaveLength(1);
  });

  it('two instances asked for the same new words at once ask the AI once: the other waits for its', async ({ t }) => {
    let calls = 0;
    const answers: ((text: string) => void)[] = [];
    const ai = {
      configured: true,
      stream: () => {
        calls += 1;
        return new Promise<string>((resolve) => answers.push(resolve));
      },
    };
    // Two servers over one database, each with its own memory (no in-process sharing between them).
    const instance = () =>
      new Translator({
        repo: new TranslationRepository(t.database.db),
        ai,
        budget: new WindowBudget(new MemoryWindows(() => t.clock.now)),
        perMinute: 10,
        processBudget: new WindowBudget(new MemoryWindows(() => t.clock.now)),
        now: () => t.clock.now,
        onError: () => undefined,
      });
    const [one, two] = [instance(), instance()];
    const first = one.translate('새로운 수프를 만들었어', 'en', 'op');
    await vi.waitFor(() => expect(calls).toBe(1));
    const second = two.translate('새로운 수프를 만들었어', 'en', 'op');
    answers[0]?.('I made a new soup');
    const made = { text: 'I made a new soup', to: 'en', status: 'translated' };
    expect(await first).toEqual(made);
    expect(await second).toEqual(made);
    expect(calls).toBe(1);
    // The claim ends with the translation kept.
    expect(await t.database.db.selectFrom('translation_claims').selectAll().execute()).toEqual([]);
  });

  it('words already in the reader’s language (or with no words) are not sent', async ({ operator: gomeum }) => {
    expect(await translate(gomeum, 'I made soup', 'en')).toEqual({ text: 'I made soup', to: 'en', status: 'same' });
    expect((await translate(gomeum, '🐾 123', 'ko')).status).toBe('same');
    expect(fake.requests).toHaveLength(0);
  });

  it('counts new translations in the operator’s own budget; kept ones stay free', async ({ t, operator: gomeum }) => {
    for (const n of [1, 2, 3, 4]) expect((await translate(gomeum, `새 단어 ${n}`, 'en')).status).toBe('translated');
    expect(await translate(gomeum, '새 단어 5', 'en')).toEqual({ text: '새 단어 5', to: 'en', status: 'busy' });
    expect(fake.requests).toHaveLength(4);
    // A kept one is still given.
    expect((await translate(gomeum, '새 단어 1', 'en')).status).toBe('translated');
    t.clock.advance(61_000);
    expect((await translate(gomeum, '새 단어 5', 'en')).status).toBe('translated');
  });

  it('an AI failure gives the original back, and nothing is kept', async ({ operator: gomeum }) => {
    fake.mode = { kind: 'error', status: 500 };
    expect(await translate(gomeum, '실패한 번역', 'en')).toEqual({ text: '실패한 번역', to: 'en', status: 'failed' });
    fake.mode = { kind: 'stream', chunks: translated };
    expect((await translate(gomeum, '실패한 번역', 'en')).status).toBe('translated');
    expect(fake.requests).toHaveLength(2);
  });

  it('the operator’s reply into a user’s language; their own words kept as its translation back', async ({
    t,
    operator: gomeum,
  }) => {
    const user = await guest(t);
    expect((await user.request('PUT', '/api/me/locale', { locale: 'ko' })).status).toBe(200);
    const userId = ((await user.get('/api/me')).body as { id: string }).id;
    const response = await gomeum.post(`/api/operator/chats/${userId}/translate`, { text: 'Well done today!' });
    expect(translationSchema.parse(response.body)).toEqual({
      text: '[Korean] Well done today!',
      to: 'ko',
      status: 'translated',
    });
    const sent = await gomeum.post(`/api/operator/chats/${userId}/messages`, {
      content: '오늘 정말 잘했어!',
      original: { text: 'Well done today!', language: 'en' },
    });
    expect(sent.status).toBe(200);
    const requests = fake.requests.length;
    // The operator reads their own words for the message the user got, with no AI call.
    expect(await translate(gomeum, '오늘 정말 잘했어!', 'en')).toEqual({
      text: 'Well done today!',
      to: 'en',
      status: 'translated',
    });
    expect(fake.requests).toHaveLength(requests);
  });

  it('the user’s download holds their messages’ kept translations; deleting them forgets them', async ({
    t,
    operator: gomeum,
  }) => {
    const user = await guest(t);
    await send(user, '항상 함께해 줘서 고마워');
    await translate(gomeum, '항상 함께해 줘서 고마워', 'en');
    const download = await user.get('/api/me/export');
    expect(download.status).toBe(200);
    const { default: yauzl } = await import('yauzl');
    const chat = await new Promise<string>((resolve, reject) => {
      yauzl.fromBuffer(download.raw, { lazyEntries: true }, (error, zip) => {
        if (error) return reject(error);
        zip.on('entry', (entry: { fileName: string }) => {
          if (entry.fileName !== 'chat.json') return zip.readEntry();
          zip.openReadStream(entry as never, (failure, stream) => {
            if (failure) return reject(failure);
            let text = '';
            stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
            stream.on('end', () => resolve(text));
          });
        });
        zip.readEntry();
      });
    });
    const messages = JSON.parse(chat) as { content: string; translations: Record<string, string> | null }[];
    expect(messages.find((m) => m.content === '항상 함께해 줘서 고마워')?.translations).toEqual({
      en: '[English] 항상 함께해 줘서 고마워',
    });
    expect((await user.post('/api/me/delete', { confirm: 'delete' })).status).toBe(200);
    const requests = fake.requests.length;
    await translate(gomeum, '항상 함께해 줘서 고마워', 'en');
    expect(fake.requests).toHaveLength(requests + 1);
  });

  it('is the operator’s only', async ({ t, operator: gomeum }) => {
    const user = await guest(t);
    expect((await user.post('/api/operator/translate', { text: '안녕', to: 'en' })).status).toBe(403);
    expect((await gomeum.post('/api/operator/translate', { text: '', to: 'en' })).status).toBe(400);
    expect((await gomeum.post('/api/operator/translate', { text: '안녕', to: 'fr' })).status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });
});

const idleAi = new FakeAi();
const withoutAi = appTest(async (after) => {
  await idleAi.start();
  after(() => idleAi.stop());
  return { operator: CHAT_OPERATOR };
});

describe('translations without an AI key', () => {
  withoutAi('asks no AI and fails nothing: the original comes back as `no_ai`', async ({ t }) => {
    const gomeum = await operator(t);
    expect(await translate(gomeum, '오늘 기타를 연습했어', 'en')).toEqual({
      text: '오늘 기타를 연습했어',
      to: 'en',
      status: 'no_ai',
    });
    expect(idleAi.requests).toHaveLength(0);
  });
});
