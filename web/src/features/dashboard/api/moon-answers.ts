import {
  API,
  moonQuestionAnswerListSchema,
  moonQuestionListSchema,
  moonQuestionSchema,
  type GomeumAnswerBody,
  type NewMoonQuestionBody,
} from '@gomeum/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every moon question with Gomeum's answers. */
export function useMoonQuestions() {
  return useQuery({
    queryKey: ['operator', 'moon'],
    queryFn: async () => (await apiRequest('GET', API.moonQuestions, moonQuestionListSchema)).questions,
  });
}

/** Every user's answer to one question. */
export function useQuestionAnswers(questionId: string) {
  return useQuery({
    queryKey: ['operator', 'moon', questionId, 'answers'],
    queryFn: async () =>
      (
        await apiRequest(
          'GET',
          API.moonQuestionAnswers.replace(':id', encodeURIComponent(questionId)),
          moonQuestionAnswerListSchema,
        )
      ).answers,
  });
}

/** Replaces Gomeum's answer in the languages given. */
export function useSetGomeumAnswer(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GomeumAnswerBody) =>
      apiRequest('PUT', API.moonGomeumAnswer.replace(':id', encodeURIComponent(questionId)), moonQuestionSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator', 'moon'] }),
  });
}

/** Adds a moon question. */
export function useAddMoonQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMoonQuestionBody) => apiRequest('POST', API.moonNewQuestion, moonQuestionSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator', 'moon'] }),
  });
}
