// One route of the table (../routes.ts), in a module of its own so it goes only where it is called.
import { moonQuestionListSchema } from '../moon.ts';
import type { RouteDef } from '../route.ts';

export const moonQuestions = {
  method: 'GET',
  path: '/api/moon/questions',
  auth: 'user',
  kind: 'json',
  response: moonQuestionListSchema,
} as const satisfies RouteDef;
