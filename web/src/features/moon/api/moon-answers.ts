import type { GomeumAnswerBody, NewMoonQuestionBody } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { moonKeys } from './keys.ts';

/** Every moon question with Gomeum's answers. */
export function useMoonQuestions() {
  return useQuery({
    queryKey: moonKeys.operator,
    queryFn: async () => (await api(routes.moonQuestions)).questions,
  });
}

/** Every user's answer to one question. */
export function useQuestionAnswers(questionId: string) {
  return useQuery({
    queryKey: moonKeys.questionAnswers(questionId),
    queryFn: async () => (await api(operatorRoutes.moonQuestionAnswers, { params: { id: questionId } })).answers,
  });
}

/** Replaces Gomeum's answer in the languages given. */
export function useSetGomeumAnswer(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GomeumAnswerBody) => api(operatorRoutes.setGomeumAnswer, { params: { id: questionId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moonKeys.operator }),
  });
}

/** Adds a moon question. */
export function useAddMoonQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMoonQuestionBody) => api(operatorRoutes.addMoonQuestion, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moonKeys.operator }),
  });
}
