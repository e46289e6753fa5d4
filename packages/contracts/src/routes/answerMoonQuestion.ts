// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { moonAnswerBodySchema, moonIdParamsSchema, moonQuestionSchema } from '../moon.ts';
import type { RouteDef } from '../route.ts';

export const answerMoonQuestion = {
  method: 'POST',
  path: '/api/moon/questions/:id/answer',
  auth: 'user',
  kind: 'json',
  params: moonIdParamsSchema,
  body: moonAnswerBodySchema,
  response: moonQuestionSchema,
} as const satisfies RouteDef;
