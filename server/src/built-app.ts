import type { DatabaseHandle } from './db/database.ts';
import type { AccountService } from './features/account/index.ts';
import type { AuthService } from './features/auth/index.ts';
import type { ChatDrafts, ChatInbox, ChatService } from './features/chat/index.ts';
import type { PresenceService, TypingRelay } from './features/companion/index.ts';
import type { DashboardService } from './features/dashboard/index.ts';
import type { FilesService } from './features/files/index.ts';
import type { MoonService } from './features/moon/index.ts';
import type { NotificationsService } from './features/notifications/index.ts';
import type { PushService } from './features/push/index.ts';
import type { RemindersService } from './features/reminders/index.ts';
import type { OperatorAlertsService } from './features/operator-alerts/index.ts';
import type { GomeumTasksService, ReactionsService, TasksService } from './features/tasks/index.ts';
import type { UpdatesService } from './features/updates/index.ts';
import type { VisitsService } from './features/visits/index.ts';
import type { GracefulShutdown } from './lib/graceful-shutdown.ts';
import type { PeriodicJobs } from './lib/jobs.ts';
import type { LiveHub } from './lib/live/index.ts';
import type { Metrics } from './lib/metrics.ts';
import type { RouteLimit } from './lib/route-limits.ts';
import type { App } from './lib/zod-provider.ts';

/** The services of a running app, for tests and the CLI. */
export interface Services {
  auth: AuthService;
  visits: VisitsService;
  tasks: TasksService;
  gomeumTasks: GomeumTasksService;
  files: FilesService;
  dashboard: DashboardService;
  moon: MoonService;
  updates: UpdatesService;
  notifications: NotificationsService;
  push: PushService;
  live: LiveHub;
  chat: ChatService;
  /** Replies drafted for the operator. */
  drafts: ChatDrafts;
  /** The operator's inbox and queue, a page at a time, and their live changes. */
  inbox: ChatInbox;
  /** "Typing…", both ways (live only). */
  typing: TypingRelay;
  reactions: ReactionsService;
  presence: PresenceService;
  jobs: PeriodicJobs;
  account: AccountService;
  reminders: RemindersService;
  alerts: OperatorAlertsService;
}

/** A route as registered: for tests that must cover every route of a kind. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Its rate limit, if it has one: how many per window, per person or per address. */
  limit: RouteLimit | null;
}

/** A built app: the Fastify instance, its services and its database. */
export interface BuiltApp {
  app: App;
  routes: RegisteredRoute[];
  services: Services;
  database: DatabaseHandle;
  metrics: Metrics;
  /** Stops the app without losing work (SIGTERM). */
  shutdown: GracefulShutdown;
}
