import type { MoonQuestion } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { prefetchPage } from '../../../lib/prefetch-page.ts';
import { moonKeys } from './keys.ts';

/** Every moon question by number, with the signed-in user's answers. */
export async function getMoonQuestions(): Promise<MoonQuestion[]> {
  return (await api(routes.moonQuestions)).questions;
}

/** Query options for the moon's questions. */
export const moonQuestionsQuery = queryOptions({ queryKey: moonKeys.questions, queryFn: getMoonQuestions });

/** The moon's questions, with the user's answers. */
export function useMoonQuestions() {
  return useQuery(moonQuestionsQuery);
}

/** Prefetches the moon page's query before it renders (the app's first page, on the server and in the browser). */
export function prefetchMoon(queryClient: QueryClient) {
  return prefetchPage('moon', { moonQuestions: () => queryClient.query(moonQuestionsQuery) });
}
