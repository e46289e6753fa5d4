import type { GomeumAnswerBody, MoonQuestion, NewMoonQuestionBody } from '@gomeum/contracts';
import { newId } from '../../lib/ids.ts';
import { AppError } from '../../lib/errors.ts';
import { parseLocalized, stringifyLocalized } from '../../lib/json.ts';
import type { MoonQuestionRow, MoonRepository } from './moon.repository.ts';

function toQuestion(row: MoonQuestionRow): MoonQuestion {
  return {
    id: row.id,
    number: row.number,
    question: parseLocalized(row.question),
    gomeumAnswer: parseLocalized(row.gomeum_answer),
    answer: row.answer,
    answeredAt: row.answered_at,
  };
}

/** The moon: numbered questions, Gomeum's answers, and each user's one answer per question. */
export class MoonService {
  constructor(
    private readonly moon: MoonRepository,
    private readonly now: () => number,
  ) {}

  /** Every question by number, with this user's answers. */
  async list(userId: string): Promise<MoonQuestion[]> {
    return (await this.moon.listWithAnswers(userId)).map(toQuestion);
  }

  /** Saves the user's answer (already trimmed, never blank); one answer per user and question. */
  async answer(userId: string, questionId: string, answer: string): Promise<MoonQuestion> {
    const question = await this.moon.findWithAnswer(questionId, userId);
    if (!question) throw new AppError('errors.not_found');
    if (question.answer !== null) throw new AppError('moon.error_already_answered');
    const saved = await this.moon.insertAnswer(userId, questionId, answer, this.now());
    if (!saved) throw new AppError('moon.error_already_answered');
    const row = await this.moon.findWithAnswer(questionId, userId);
    if (!row) throw new AppError('errors.not_found');
    return toQuestion(row);
  }

  /** The operator's new answers: the languages given replace those languages only. */
  async setGomeumAnswer(operatorId: string, questionId: string, body: GomeumAnswerBody): Promise<MoonQuestion> {
    const current = await this.moon.findGomeumAnswer(questionId);
    if (current === undefined) throw new AppError('errors.not_found');
    const merged = { ...parseLocalized(current), ...body.gomeumAnswer };
    await this.moon.updateGomeumAnswer(questionId, stringifyLocalized(merged), this.now());
    const row = await this.moon.findWithAnswer(questionId, operatorId);
    if (!row) throw new AppError('errors.not_found');
    return toQuestion(row);
  }

  /** One user's answers, for the operator. */
  async userAnswers(userId: string): Promise<{ questionId: string; answer: string; createdAt: number }[]> {
    return (await this.moon.listUserAnswers(userId)).map((row) => ({
      questionId: row.question_id,
      answer: row.answer,
      createdAt: row.created_at,
    }));
  }

  /** Every user's answer to one question, for the operator. */
  async questionAnswers(questionId: string) {
    if ((await this.moon.findGomeumAnswer(questionId)) === undefined) throw new AppError('errors.not_found');
    return (await this.moon.listQuestionAnswers(questionId)).map((row) => ({
      userId: row.user_id,
      who: row.email ?? row.guest_id ?? row.user_id,
      answer: row.answer,
      createdAt: row.created_at,
    }));
  }

  /** Adds a question (409 `moon.error_number_taken` when the number is in use). */
  async addQuestion(operatorId: string, body: NewMoonQuestionBody): Promise<MoonQuestion> {
    const id = newId();
    const inserted = await this.moon.insertQuestion({
      id,
      number: body.number,
      question: stringifyLocalized(body.question),
      at: this.now(),
    });
    if (!inserted) throw new AppError('moon.error_number_taken');
    const row = await this.moon.findWithAnswer(id, operatorId);
    if (!row) throw new AppError('errors.server');
    return toQuestion(row);
  }
}
