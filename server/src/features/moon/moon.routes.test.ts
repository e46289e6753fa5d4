import { errorBodySchema, moonQuestionListSchema, moonQuestionSchema, pickLocalized } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import { MOON_QUESTIONS } from '../../content/moon-questions.ts';
import { guestClient, operatorClient, userClient, TEST_OPERATOR } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import { TestClient, type TestResponse } from '../../test/test-app.ts';

const it = appTest({ operator: TEST_OPERATOR });

const code = (response: TestResponse) => errorBodySchema.parse(response.body).error.code;

describe('moon routes', () => {
  async function questions(client: TestClient) {
    const response = await client.get('/api/moon/questions');
    expect(response.status).toBe(200);
    return moonQuestionListSchema.parse(response.body).questions;
  }

  it('lists every seeded question ordered by number, unanswered', async ({ t }) => {
    const { client } = await guestClient(t);
    const list = await questions(client);
    expect(list.map((q) => q.number)).toEqual(MOON_QUESTIONS.map((q) => q.number).sort((a, b) => a - b));
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list.every((q) => q.answer === null && q.answeredAt === null)).toBe(true);
    expect(pickLocalized(list[0]?.question, 'ko')).toBe(MOON_QUESTIONS[0]?.question.ko);
  });

  it('keeps numbers in order even when a later number is inserted first', async ({ t }) => {
    await t.database.db
      .insertInto('moon_questions')
      .values({ id: 'q-first-but-last', number: 999, question: '{"en":"Last?"}', gomeum_answer: '{}', updated_at: 1 })
      .execute();
    await t.database.db
      .insertInto('moon_questions')
      .values({ id: 'q-zero', number: 0, question: '{"en":"Zero"}', gomeum_answer: '{}', updated_at: 1 })
      .execute();
    const { client } = await guestClient(t);
    const numbers = (await questions(client)).map((q) => q.number);
    expect(numbers[0]).toBe(0);
    expect(numbers.at(-1)).toBe(999);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('falls back to English for a language a question lacks', async ({ t }) => {
    const { client } = await guestClient(t);
    const last = (await questions(client)).at(-1)!;
    expect(last.question).toEqual({ en: 'Last?' });
    expect(pickLocalized(last.question, 'zh')).toBe('Last?');
  });

  it('saves one answer per user and question, trimmed, and refuses a second', async ({ t }) => {
    const { client } = await userClient(t, 'moon-answer@example.com');
    const [first] = await questions(client);
    const saved = await client.post(`/api/moon/questions/${first!.id}/answer`, { answer: '  Purring.  ' });
    expect(saved.status).toBe(200);
    expect(moonQuestionSchema.parse(saved.body)).toMatchObject({ id: first!.id, answer: 'Purring.' });
    expect(moonQuestionSchema.parse(saved.body).answeredAt).toBe(t.clock.now);

    const again = await client.post(`/api/moon/questions/${first!.id}/answer`, { answer: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(code(again)).toBe('moon.error_already_answered');
    expect((await questions(client))[0]?.answer).toBe('Purring.');

    // Another user's list is untouched.
    const { client: other } = await guestClient(t);
    expect((await questions(other))[0]?.answer).toBeNull();
  });

  it('ignores a blank answer: 400 and nothing saved', async ({ t }) => {
    const { client } = await guestClient(t);
    const [first] = await questions(client);
    for (const answer of ['', '   \n ']) {
      const response = await client.post(`/api/moon/questions/${first!.id}/answer`, { answer });
      expect(response.status).toBe(400);
      expect(code(response)).toBe('moon.error_blank');
    }
    expect((await questions(client))[0]?.answer).toBeNull();
  });

  it('answers 404 for an unknown question and 401 for anonymous callers', async ({ t }) => {
    const { client } = await guestClient(t);
    expect((await client.post('/api/moon/questions/nope/answer', { answer: 'x' })).status).toBe(404);
    const anonymous = new TestClient(t);
    expect((await anonymous.get('/api/moon/questions')).status).toBe(401);
    expect((await anonymous.post('/api/moon/questions/nope/answer', { answer: '' })).status).toBe(401);
  });

  describe("Gomeum's answers", () => {
    it('lets the operator replace the languages given, keeping the others', async ({ t }) => {
      const operator = await operatorClient(t);
      const [first] = await questions(operator);
      const response = await operator.request('PUT', `/api/operator/moon/questions/${first!.id}/gomeum-answer`, {
        gomeumAnswer: { zh: '  新的回答  ', ko: '   ' },
      });
      expect(response.status).toBe(200);
      const updated = moonQuestionSchema.parse(response.body);
      expect(updated.gomeumAnswer.zh).toBe('新的回答');
      expect(updated.gomeumAnswer.en).toBe(first!.gomeumAnswer.en);
      expect(updated.gomeumAnswer.ko).toBe(first!.gomeumAnswer.ko);
    });

    it('needs an answer in at least one language', async ({ t }) => {
      const operator = await operatorClient(t);
      const [first] = await questions(operator);
      const response = await operator.request('PUT', `/api/operator/moon/questions/${first!.id}/gomeum-answer`, {
        gomeumAnswer: { en: ' ', zh: '' },
      });
      expect(response.status).toBe(400);
      expect(code(response)).toBe('moon.error_answer_language');
    });

    it('refuses users with 403 and anonymous callers with 401', async ({ t }) => {
      const { client } = await userClient(t, 'moon-not-operator@example.com');
      const [first] = await questions(client);
      const body = { gomeumAnswer: { en: 'Hacked' } };
      const url = `/api/operator/moon/questions/${first!.id}/gomeum-answer`;
      expect((await client.request('PUT', url, body)).status).toBe(403);
      expect((await new TestClient(t).request('PUT', url, body)).status).toBe(401);
      expect((await questions(client))[0]?.gomeumAnswer.en).toBe(first!.gomeumAnswer.en);
    });

    it("shows one user's answers only to the operator", async ({ t }) => {
      const { client, id } = await userClient(t, 'moon-reader@example.com');
      const [first] = await questions(client);
      await client.post(`/api/moon/questions/${first!.id}/answer`, { answer: 'Stars' });
      const operator = await operatorClient(t);
      const response = await operator.get(`/api/operator/moon/users/${id}/answers`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ answers: [{ questionId: first!.id, answer: 'Stars', createdAt: t.clock.now }] });
      expect((await client.get(`/api/operator/moon/users/${id}/answers`)).status).toBe(403);
    });
  });
});

describe('operator moon routes', () => {
  it("lists every user's answer to a question and adds new questions", async ({ newApp }) => {
    const t = await newApp({ operator: { email: 'op@example.com', password: 'operator-password' } });
    const operator = new TestClient(t);
    await operator.post('/api/auth/login', { email: 'op@example.com', password: 'operator-password' });
    const user = new TestClient(t);
    await user.post('/api/auth/register', { email: 'moon@example.com', password: 'password-123' });
    const guest = new TestClient(t);
    const guestId = ((await guest.post('/api/auth/guest')).body as { user: { guestId: string } }).user.guestId;
    const first = moonQuestionListSchema.parse((await user.get('/api/moon/questions')).body).questions[0]!;
    await user.post(`/api/moon/questions/${first.id}/answer`, { answer: 'Stars' });
    t.clock.advance(1000);
    await guest.post(`/api/moon/questions/${first.id}/answer`, { answer: 'Fish' });

    const answers = await operator.get(`/api/operator/moon/questions/${first.id}/answers`);
    expect(answers.status).toBe(200);
    expect(
      (answers.body as { answers: { who: string; answer: string }[] }).answers.map((a) => [a.who, a.answer]),
    ).toEqual([
      [guestId, 'Fish'],
      ['moon@example.com', 'Stars'],
    ]);
    expect((await user.get(`/api/operator/moon/questions/${first.id}/answers`)).status).toBe(403);
    expect((await operator.get('/api/operator/moon/questions/nope/answers')).status).toBe(404);

    const count = moonQuestionListSchema.parse((await user.get('/api/moon/questions')).body).questions.length;
    const added = await operator.post('/api/operator/moon/questions', {
      number: 99,
      question: { en: ' New? ', zh: ' ', ko: '새로?' },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ number: 99, question: { en: 'New?', ko: '새로?' } });
    expect((added.body as { question: Record<string, string> }).question).not.toHaveProperty('zh');
    const questions = moonQuestionListSchema.parse((await user.get('/api/moon/questions')).body).questions;
    expect(questions).toHaveLength(count + 1);
    expect(questions.at(-1)?.number).toBe(99);

    const taken = await operator.post('/api/operator/moon/questions', { number: 99, question: { en: 'Again' } });
    expect(taken.status).toBe(409);
    expect((taken.body as { error: { code: string } }).error.code).toBe('moon.error_number_taken');
    const blank = await operator.post('/api/operator/moon/questions', { number: 100, question: { en: '  ' } });
    expect((blank.body as { error: { code: string } }).error.code).toBe('moon.error_question_language');
    expect((await user.post('/api/operator/moon/questions', { number: 101, question: { en: 'x' } })).status).toBe(403);
  });
});
