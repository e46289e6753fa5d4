import { API, moonQuestionListSchema, type MoonQuestion } from '@gomeum/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every moon question by number, with the signed-in user's answers. */
export async function getMoonQuestions(): Promise<MoonQuestion[]> {
  return (await apiRequest('GET', API.moonQuestions, moonQuestionListSchema)).questions;
}

/** Query options for the moon's questions. */
export const moonQuestionsQuery = queryOptions({ queryKey: ['moon', 'questions'] as const, queryFn: getMoonQuestions });

/** The moon's questions, with the user's answers. */
export function useMoonQuestions() {
  return useQuery(moonQuestionsQuery);
}
