import { perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import { addRead } from '../../lib/server-reads.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { MoonService } from './moon.service.ts';

/** The moon: questions for signed-in users, their answers, and the operator's answers. */
export async function moonRoutes(app: App, options: { moon: MoonService }): Promise<void> {
  const { moon } = options;

  addRead(app, ROUTES.moonQuestions, async (request) => ({ questions: await moon.list(request.user.id) }));

  addRoute(app, ROUTES.answerMoonQuestion, perPerson(60), async (request) =>
    moon.answer(request.user.id, request.params.id, request.body.answer),
  );

  addRoute(app, ROUTES.setGomeumAnswer, async (request) =>
    moon.setGomeumAnswer(request.user.id, request.params.id, request.body),
  );

  addRoute(app, ROUTES.moonUserAnswers, async (request) => ({
    answers: await moon.userAnswers(request.params.userId),
  }));

  addRoute(app, ROUTES.moonQuestionAnswers, async (request) => ({
    answers: await moon.questionAnswers(request.params.id),
  }));

  addRoute(app, ROUTES.addMoonQuestion, async (request) => moon.addQuestion(request.user.id, request.body));
}
