/** The moon's query keys. */
export const moonKeys = {
  questions: ['moon', 'questions'] as const,
};
