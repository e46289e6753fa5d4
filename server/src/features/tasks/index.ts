import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ResponseCache } from '../../lib/response-cache.ts';
import type { LiveHub } from '../../lib/live/index.ts';
import type { OperatorAlertHooks } from '../../lib/operator-alert-hooks.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import type { FilesService } from '../files/index.ts';
import { GomeumTasksRepository } from './gomeum-tasks.repository.ts';
import { gomeumTasksRoutes } from './gomeum-tasks.routes.ts';
import { GomeumTasksService } from './gomeum-tasks.service.ts';
import { ReactionsRepository } from './reactions.repository.ts';
import { reactionsRoutes, type OwnWordsKeeper } from './reactions.routes.ts';
import { ReactionsService, type ReactionsServiceDeps } from './reactions.service.ts';
import { TasksRepository } from './tasks.repository.ts';
import { tasksRoutes } from './tasks.routes.ts';
import { TasksService, type TaskUsers } from './tasks.service.ts';

export type { GomeumTasksService } from './gomeum-tasks.service.ts';
export type { ReactionsService } from './reactions.service.ts';
export { proofQueueItem } from './reactions.service.ts';
export type { TaskSummary } from './tasks.repository.ts';
export type { TasksService } from './tasks.service.ts';

/**
 * What the tasks feature is built from: the database, other features' services, and what its
 * reactions need (the live channel, the companion's presence and voice, push).
 */
export interface TasksDeps extends Omit<ReactionsServiceDeps, 'repo' | 'live'> {
  db: Kysely<Database>;
  files: FilesService;
  users: TaskUsers;
  /** Gomeum's log changes go to every tab; reactions to the user and the operators. */
  live: LiveHub;
  /** The operator's alerts: told of each proof stored, and of the operator's answers. */
  alerts?: OperatorAlertHooks;
  /** Hears each lookup in the cache of users' log pages: a hit (answered from the cache) or a miss. */
  onLogPageCache?: (outcome: 'hit' | 'miss') => void;
  /** Keeps the operator's own words of a reaction sent translated. */
  translator?: OwnWordsKeeper;
}

/** The bytes of users' log pages cached in memory for reads asked again (about 1,500 pages of 20 proofs). */
const LOG_PAGE_CACHE_BYTES = 8 * 1024 * 1024;

/** The tasks feature as the app uses it. */
export interface TasksFeature {
  /** Users' planet tasks and proofs. */
  tasks: TasksService;
  /** Gomeum's own task and log on each planet. */
  gomeumTasks: GomeumTasksService;
  /** Gomeum's reaction to each proof. */
  reactions: ReactionsService;
  plugin: FeaturePlugin;
}

/**
 * Planet tasks: users' tasks and proofs, Gomeum's task and log (a new, corrected or deleted log
 * tells every open tab, on every instance: its pages read the log again, and on a new one its chat
 * resyncs, which posts the announcement to the planet's users), and Gomeum's reactions to proofs:
 * the operator from the queue, or the AI while the operator is away.
 */
export function createTasks(deps: TasksDeps): TasksFeature {
  const { db, files, users, onLogPageCache, translator, ...reactionDeps } = deps;
  const logPageCache = new ResponseCache(LOG_PAGE_CACHE_BYTES, onLogPageCache);
  const reactions = new ReactionsService({ ...reactionDeps, repo: new ReactionsRepository(db) });
  const gomeumTasks = new GomeumTasksService(new GomeumTasksRepository(db), files, deps.now, (planet, change) =>
    deps.live.publishToAll({ type: change === 'published' ? 'gomeum_log.published' : 'gomeum_log.changed', planet }),
  );
  const tasks = new TasksService(new TasksRepository(db), gomeumTasks, users, files, deps.now, reactions, deps.alerts);
  return {
    tasks,
    gomeumTasks,
    reactions,
    plugin: async (app) => {
      await tasksRoutes(app, { tasks, logPageCache });
      await gomeumTasksRoutes(app, { gomeum: gomeumTasks });
      await reactionsRoutes(app, { reactions, translator });
    },
  };
}
