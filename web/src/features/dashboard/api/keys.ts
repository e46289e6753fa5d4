import type { PlanetId } from '@gomeum/contracts';

/** The dashboard's query keys: every operator view sits under `all`. */
export const operatorKeys = {
  all: ['operator'] as const,
  users: (query: string, page: number, pageSize: number) => ['operator', 'users', query, page, pageSize] as const,
  user: (userId: string) => ['operator', 'user', userId] as const,
  visits: (userId: string, days: number) => ['operator', 'visits', userId, days] as const,
  overview: (days: number) => ['operator', 'overview', days] as const,
  userTask: (userId: string, planet: PlanetId) => ['operator', 'user-task', userId, planet] as const,
  gomeumTask: (planet: PlanetId) => ['operator', 'gomeum-task', planet] as const,
  moon: ['operator', 'moon'] as const,
  questionAnswers: (questionId: string) => ['operator', 'moon', questionId, 'answers'] as const,
  updates: ['operator', 'updates'] as const,
  broadcasts: ['operator', 'broadcasts'] as const,
  /** The conversation list; one user's conversation sits under it. */
  chats: ['operator', 'chats'] as const,
  conversation: (userId: string) => ['operator', 'chats', userId] as const,
  presence: ['operator', 'presence'] as const,
  waitingProofs: ['operator', 'proofs', 'waiting'] as const,
  /** Whether a cached operator view is about this user (dropped when the user is deleted). */
  isAbout: (key: readonly unknown[], userId: string) => key[0] === 'operator' && key.includes(userId),
};
