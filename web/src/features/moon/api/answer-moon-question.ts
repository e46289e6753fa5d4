import type { MoonQuestion } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { moonQuestionsQuery } from './get-moon-questions.ts';

/** Saves the user's one answer to a question. */
export function answerMoonQuestion(questionId: string, answer: string): Promise<MoonQuestion> {
  return api(routes.answerMoonQuestion, { params: { id: questionId }, body: { answer } });
}

/** Saves an answer and writes the answered question into the cached list at once. */
export function useAnswerMoonQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, answer }: { questionId: string; answer: string }) =>
      answerMoonQuestion(questionId, answer),
    onSuccess: (saved) => {
      queryClient.setQueryData(moonQuestionsQuery.queryKey, (list) =>
        list?.map((question) => (question.id === saved.id ? saved : question)),
      );
    },
  });
}
