import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A question row joined with one user's answer. */
export interface MoonQuestionRow {
  id: string;
  number: number;
  question: string;
  gomeum_answer: string;
  answer: string | null;
  answered_at: number | null;
}

/** All SQL about moon questions and users' answers. */
export class MoonRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Questions joined with `userId`'s answer (the one shape both reads below share). */
  private withAnswers(userId: string) {
    return this.db
      .selectFrom('moon_questions as q')
      .leftJoin('moon_answers as a', (join) => join.onRef('a.question_id', '=', 'q.id').on('a.user_id', '=', userId))
      .select([
        'q.id',
        'q.number',
        'q.question',
        'q.gomeum_answer',
        'a.answer as answer',
        'a.created_at as answered_at',
      ]);
  }

  /** Every question by number, with `userId`'s answer where there is one. */
  listWithAnswers(userId: string): Promise<MoonQuestionRow[]> {
    return this.withAnswers(userId).orderBy('q.number', 'asc').execute();
  }

  /** One question with `userId`'s answer, or undefined. */
  findWithAnswer(id: string, userId: string): Promise<MoonQuestionRow | undefined> {
    return this.withAnswers(userId).where('q.id', '=', id).executeTakeFirst();
  }

  /** Saves an answer unless the user already has one for this question; true when it was saved. */
  async insertAnswer(userId: string, questionId: string, answer: string, at: number): Promise<boolean> {
    const result = await this.db
      .insertInto('moon_answers')
      .values({ user_id: userId, question_id: questionId, answer, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** Gomeum's answer column of one question, or undefined when there is no such question. */
  async findGomeumAnswer(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('moon_questions')
      .select('gomeum_answer')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.gomeum_answer;
  }

  async updateGomeumAnswer(id: string, gomeumAnswer: string, at: number): Promise<void> {
    await this.db
      .updateTable('moon_questions')
      .set({ gomeum_answer: gomeumAnswer, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** One user's answers, oldest first. */
  listUserAnswers(userId: string): Promise<{ question_id: string; answer: string; created_at: number }[]> {
    return this.db
      .selectFrom('moon_answers')
      .select(['question_id', 'answer', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .execute();
  }

  /** Every answer to one question with its author, newest first. */
  listQuestionAnswers(questionId: string) {
    return this.db
      .selectFrom('moon_answers as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.user_id', 'a.answer', 'a.created_at', 'u.email', 'u.guest_id'])
      .where('a.question_id', '=', questionId)
      .orderBy('a.created_at', 'desc')
      .execute();
  }

  /** Adds a question; false when its number is taken. */
  async insertQuestion(row: { id: string; number: number; question: string; at: number }): Promise<boolean> {
    const result = await this.db
      .insertInto('moon_questions')
      .values({ id: row.id, number: row.number, question: row.question, gomeum_answer: '{}', updated_at: row.at })
      .onConflict((oc) => oc.column('number').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
