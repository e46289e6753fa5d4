import { operatorKey } from '../../../lib/operator-keys.ts';

/** The moon's query keys: the user's questions; the operator's questions and each one's answers. */
export const moonKeys = {
  questions: ['moon', 'questions'] as const,
  operator: operatorKey('moon'),
  questionAnswers: (questionId: string) => operatorKey('moon', questionId, 'answers'),
};
