import {
  API,
  errorBodySchema,
  gomeumAnswerBodySchema,
  moonAnswerBodySchema,
  moonQuestionListSchema,
  moonQuestionSchema,
  moonQuestionAnswerListSchema,
  moonUserAnswerListSchema,
  newMoonQuestionBodySchema,
} from '@gomeum/contracts';
import { z } from 'zod';
import { operatorOnly, requireOperator, requireUser, userOnly } from '../../lib/auth-guard.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { MoonService } from './moon.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const userParams = z.object({ userId: z.string().min(1).max(100) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

// Writes check who is asking before the body is validated: anonymous callers get 401, not 400.

/** The moon: questions for signed-in users, their answers, and the operator's answers. */
export async function moonRoutes(app: App, options: { moon: MoonService }): Promise<void> {
  const { moon } = options;

  app.get(
    API.moonQuestions,
    { schema: { response: { 200: moonQuestionListSchema, 401: errorBodySchema } } },
    async (request) => ({ questions: await moon.list(requireUser(request).id) }),
  );

  app.post(
    API.moonAnswer,
    {
      onRequest: userOnly,
      schema: {
        params: idParams,
        body: moonAnswerBodySchema,
        response: { 200: moonQuestionSchema, 409: errorBodySchema, ...errors },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => moon.answer(requireUser(request).id, request.params.id, request.body.answer),
  );

  app.put(
    API.moonGomeumAnswer,
    {
      onRequest: operatorOnly,
      schema: { params: idParams, body: gomeumAnswerBodySchema, response: { 200: moonQuestionSchema, ...errors } },
    },
    async (request) => moon.setGomeumAnswer(requireOperator(request).id, request.params.id, request.body),
  );

  app.get(
    API.moonUserAnswers,
    { onRequest: operatorOnly, schema: { params: userParams, response: { 200: moonUserAnswerListSchema, ...errors } } },
    async (request) => {
      requireOperator(request);
      return { answers: await moon.userAnswers(request.params.userId) };
    },
  );

  app.get(
    API.moonQuestionAnswers,
    {
      onRequest: operatorOnly,
      schema: { params: idParams, response: { 200: moonQuestionAnswerListSchema, ...errors } },
    },
    async (request) => ({ answers: await moon.questionAnswers(request.params.id) }),
  );

  app.post(
    API.moonNewQuestion,
    {
      onRequest: operatorOnly,
      schema: {
        body: newMoonQuestionBodySchema,
        response: { 200: moonQuestionSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => moon.addQuestion(requireOperator(request).id, request.body),
  );
}
