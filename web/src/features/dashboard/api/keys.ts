import type { PlanetId } from '@gomeum/contracts';
import { operatorKey } from '../../../lib/operator-keys.ts';

/** The dashboard's own views' query keys (the overview, the users and their tasks), under the operator's. */
export const dashboardKeys = {
  users: (query: string) => operatorKey('users', query),
  user: (userId: string) => operatorKey('user', userId),
  visits: (userId: string, days: number) => operatorKey('visits', userId, days),
  overview: (days: number) => operatorKey('overview', days),
  userTask: (userId: string, planet: PlanetId) => operatorKey('user-task', userId, planet),
};
