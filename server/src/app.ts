import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import path from 'node:path';
import Fastify from 'fastify';
import type { AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedContent } from './db/seed.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { createAccount, type AccountService } from './features/account/index.ts';
import { createAuth, type AuthService } from './features/auth/index.ts';
import { AiClient, createChat, createPresence, type ChatService, type PresenceService } from './features/chat/index.ts';
import { createDashboard, type DashboardService } from './features/dashboard/index.ts';
import { createFiles, type FilesService } from './features/files/index.ts';
import { createMoon, type MoonService } from './features/moon/index.ts';
import { createNotifications, type NotificationsService } from './features/notifications/index.ts';
import { createOperatorAlerts, type OperatorAlertsService } from './features/operator-alerts/index.ts';
import { createPush, type PushService } from './features/push/index.ts';
import { createReminders, type RemindersService } from './features/reminders/index.ts';
import { createSystem } from './features/system/index.ts';
import {
  createTasks,
  type GomeumTasksService,
  type ReactionsService,
  type TasksService,
} from './features/tasks/index.ts';
import { createUpdates, type UpdatesService } from './features/updates/index.ts';
import { createVisits, type VisitsService } from './features/visits/index.ts';
import { createWeb } from './features/web/index.ts';
import { LocalStorage } from './lib/storage/local-storage.ts';
import { S3Storage } from './lib/storage/s3-storage.ts';
import type { Storage } from './lib/storage/storage.ts';
import { cleanForwardedHeadersOn, trustFunction } from './lib/client-address.ts';
import { REPLY_COMPRESSION } from './lib/compression.ts';
import { GracefulShutdown } from './lib/graceful-shutdown.ts';
import { AppError, errorBody, errorHandler } from './lib/errors.ts';
import { InProcessBus, LiveHub, liveRoutes, RedisBus } from './lib/live/index.ts';
import { Metrics } from './lib/metrics.ts';
import { MemoryRateBudget, RedisRateBudget, redisReady } from './lib/rate-budget.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { sharedRateLimitStore } from './lib/rate-limit-store.ts';
import { PeriodicJobs } from './lib/jobs.ts';
import { authorize, onlyTableRoutes } from './lib/route-table.ts';
import { serializerCompiler, validatorCompiler, type App } from './lib/zod-provider.ts';

/** True when a request's Origin header names this very site (default ports compared as such). */
function sameOrigin(origin: string, protocol: string, host: string): boolean {
  try {
    return new URL(origin).origin === new URL(`${protocol}://${host}`).origin;
  } catch {
    return false;
  }
}

/** The AI client, timed into the metrics: calls, failures (answered with the fallback), latency. */
class MeasuredAiClient extends AiClient {
  constructor(
    config: AppConfig['ai'],
    private readonly metrics: Metrics,
  ) {
    super(config);
  }

  override stream(...args: Parameters<AiClient['stream']>): Promise<string> {
    return Metrics.timed(this.metrics.aiRequests, () => super.stream(...args));
  }
}

/** Calls `log` at most once per `ms` (an outage would otherwise log once per request). */
function oncePer<T>(ms: number, log: (value: T) => void): (value: T) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (value) => {
    const now = Date.now();
    if (now - last < ms) return;
    last = now;
    log(value);
  };
}

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
  reactions: ReactionsService;
  presence: PresenceService;
  jobs: PeriodicJobs;
  account: AccountService;
  reminders: RemindersService;
  alerts: OperatorAlertsService;
}

/** The upload store the configuration asks for. */
function createStorage(config: AppConfig): { storage: Storage; close(): void } {
  if (config.storage.driver === 's3') {
    const s3 = new S3Storage(config.storage);
    return { storage: s3, close: () => s3.destroy() };
  }
  return { storage: new LocalStorage(path.join(config.dataDir, 'uploads')), close: () => undefined };
}

/** A route as registered: for tests that must cover every route of a kind. */
export interface RegisteredRoute {
  method: string;
  url: string;
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

const DAY_MS = 24 * 60 * 60 * 1000;
// How often due jobs are looked for: reminders go out at most this late.
const REMINDER_CHECK_MS = 30_000;

// JSON bodies of the API are small; uploads get their own limit on their own routes.
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Builds the whole server: plugins in a fixed order (external → app → routes), migrations run and
 * starting content seeded. Listening is left to the caller, so tests can `inject` or use a port.
 */
export async function buildApp(config: AppConfig): Promise<BuiltApp> {
  const metrics = new Metrics();
  // Until the app's logger exists, an idle connection's error is only kept from ending the process.
  let logPoolError: (error: Error) => void = () => undefined;
  const database = await openDatabase({
    ...config,
    onPoolError: (error) => logPoolError(error),
    onQuery: (ms, failed) => metrics.dbQueries.observe({ outcome: failed ? 'failed' : 'ok' }, ms / 1000),
  });
  await withStartupLock(database, async () => {
    await migrateToLatest(database.db, database.engine, database.schema);
    if (config.seedContent) await seedContent(database.db, config.now());
  });

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: trustFunction(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider() as unknown as App;
  cleanForwardedHeadersOn(app.server, config.trustProxy);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  logPoolError = (error) => app.log.warn({ err: error }, 'database connection lost (a new one is made when needed)');
  const routes: RegisteredRoute[] = [];
  // Every route comes from the route table (lib/route-table.ts): one registered otherwise fails the start.
  onlyTableRoutes(app, (method, url) => routes.push({ method, url }), config.testRoutes);

  // With Redis, rate limits and AI budgets are shared by every instance; else each keeps its own.
  // Nothing waits for Redis: no offline queue and a short command timeout, so while it is down
  // every limit is counted in this instance's memory instead, at once. The client is loaded only
  // when Redis is configured (it is a fifth of a second of start-up).
  const limitsRedis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        connectTimeout: 500,
        commandTimeout: 500,
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 2_000),
      })
    : null;
  const redisWarning = oncePer(10_000, (error: unknown) =>
    app.log.warn({ err: error }, 'redis unavailable: rate limits and AI budgets counted per instance'),
  );
  limitsRedis?.on('error', redisWarning);
  const budget = (prefix: string) =>
    limitsRedis
      ? new RedisRateBudget(limitsRedis, prefix, new MemoryRateBudget(config.now), redisWarning, config.now)
      : new MemoryRateBudget(config.now);
  const aiBudget = budget('gomeum:ai-budget:');
  const {
    auth,
    users,
    resolveUser,
    plugin: authPlugin,
  } = createAuth({
    db: database.db,
    session: config.session,
    now: config.now,
    newGuests: { budget: budget('gomeum:new-guests:'), perDay: config.rateLimit.guestsPerDay ?? 100 },
    rateLimit: config.rateLimit,
  });
  const { visits, plugin: visitsPlugin } = createVisits({ db: database.db, geoip: config.geoip, now: config.now });
  const storage = createStorage(config);
  const { files, plugin: filesPlugin } = createFiles({
    db: database.db,
    storage: storage.storage,
    now: config.now,
    imageWork: config.imageWork,
  });
  const { dashboard, plugin: dashboardPlugin } = createDashboard({ db: database.db, visits, now: config.now });
  const { push, plugin: pushPlugin } = await createPush({
    db: database.db,
    vapid: config.vapid,
    vapidSubject: config.vapidSubject,
    now: config.now,
    allowedHosts: config.pushAllowedHosts,
    agent: config.pushAgent,
    log: app.log,
    onDelivery: (outcome) => metrics.pushDeliveries.inc({ outcome }),
  });
  const { moon, plugin: moonPlugin } = createMoon({ db: database.db, now: config.now });
  const bus = config.redisUrl
    ? await RedisBus.connect(
        config.redisUrl,
        oncePer(10_000, (error: unknown) => app.log.warn({ err: error }, 'live bus: redis unavailable')),
      )
    : new InProcessBus();
  const live = new LiveHub(
    bus,
    (error, context) => app.log.error({ err: error, context }, 'live'),
    (lagMs) => metrics.liveDeliveryLag.observe(lagMs / 1000),
  );
  metrics.watchConnections({ liveSockets: () => live.size, server: app.server });
  const shutdown = new GracefulShutdown(app, live);
  const system = createSystem({
    db: database.db,
    storage: storage.storage,
    redis: () => (!limitsRedis ? 'off' : redisReady(limitsRedis) && live.busStatus() === 'ok' ? 'ok' : 'down'),
    now: config.now,
    metrics,
    access: config.metrics ?? {},
  });
  app.setErrorHandler(
    errorHandler((kind) => {
      if (kind === 'storage_full') system.readiness.noteStorageFull();
    }),
  );
  const presence = createPresence({
    db: database.db,
    live,
    now: config.now,
    onError: (error) => app.log.error({ err: error }, 'presence'),
  });
  // A push to the operator's devices when a user needs Gomeum and no dashboard is open (the chat
  // and the tasks tell it; features/operator-alerts).
  const { alerts, plugin: alertsPlugin } = createOperatorAlerts({
    db: database.db,
    presence,
    users,
    push,
    now: config.now,
    onOutcome: (outcome) => metrics.operatorAlerts.inc({ outcome }),
    onError: (error, context) => app.log.warn({ err: error, context }, 'operator alert'),
  });
  const ai = new MeasuredAiClient(config.ai, metrics);
  const keptPageLookups = {
    hit: metrics.keptReplies.labels({ outcome: 'hit' }),
    miss: metrics.keptReplies.labels({ outcome: 'miss' }),
  };
  // Gomeum reacts to every proof: the operator from the queue, or the AI while the operator is away,
  // counted against the same AI budget per user as the chat's answers.
  const {
    tasks,
    gomeumTasks,
    reactions,
    plugin: tasksPlugin,
  } = createTasks({
    db: database.db,
    files,
    users,
    live,
    presence,
    ai,
    push,
    alerts,
    aiBudget,
    aiPerMinute: config.chatRateLimit?.aiReplies ?? 10,
    now: config.now,
    onError: (error, context) => app.log.warn({ err: error, context }, 'proof reaction'),
    onKeptPage: (outcome) => keptPageLookups[outcome].inc(),
  });
  const { chat, plugin: chatPlugin } = createChat({
    db: database.db,
    live,
    presence,
    ai,
    users,
    tasks,
    gomeumTasks,
    now: config.now,
    aiRepliesPerMinute: config.chatRateLimit?.aiReplies ?? 10,
    aiBudget,
    messagesPerMinute: config.chatRateLimit?.messages ?? 30,
    onError: (error, context) => app.log.warn({ err: error, context }, 'chat'),
    alerts,
  });
  const { updates, plugin: updatesPlugin } = createUpdates({
    db: database.db,
    push,
    files,
    announce: (event) => live.publishToAll(event),
    now: config.now,
  });
  const { notifications, plugin: notificationsPlugin } = createNotifications({
    db: database.db,
    push,
    publish: (event) => live.publishToAll(event),
    now: config.now,
  });
  // A deleted account's sockets close at once on every instance: by user, and by each session.
  const { account, plugin: accountPlugin } = createAccount({
    db: database.db,
    files,
    endLive: async (userId, sessionIds) => {
      await live.endUser(userId);
      for (const sessionId of sessionIds) await live.endSession(sessionId);
    },
    now: config.now,
    onError: (error, context) => app.log.error({ err: error, context }, 'account'),
    exportsPerHour: config.exportRateLimit ?? 5,
    deletesPerMinute: config.rateLimit.auth,
    guestPerMinute: config.rateLimit.auth,
  });

  const { operator } = config;
  if (operator) await withStartupLock(database, () => auth.ensureOperator(operator.email, operator.password));

  // Daily, on one instance: addresses older than the retention period are removed.
  const jobs = new PeriodicJobs(
    database.db,
    config.now,
    (error, job) => app.log.error({ err: error, job }, 'job failed'),
    (job, outcome, ms) => metrics.jobRuns.observe({ job, outcome }, ms / 1000),
  );
  const retentionMs = config.retentionMs ?? 90 * DAY_MS;
  jobs.add('privacy.retention', DAY_MS, async () => {
    const visitAddresses = await visits.forgetOldAddresses(retentionMs);
    const accountAddresses = await auth.forgetOldAddresses(retentionMs);
    app.log.info({ visitAddresses, accountAddresses }, 'retention: old addresses removed');
  });
  // Every half minute, on one instance: due task reminders go out (each claimed once; see reminders).
  const { reminders, plugin: remindersPlugin } = createReminders({ db: database.db, push, now: config.now });
  jobs.add('reminders.send', REMINDER_CHECK_MS, async () => {
    const run = await reminders.runDue();
    if (run.sent + run.skipped > 0) app.log.info(run, 'reminders');
  });
  app.addHook('onReady', async () => jobs.start(REMINDER_CHECK_MS));

  // External plugins.
  await app.register(fastifyCookie);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // No address leaves for another site; our own pages' forms still say where they come from (with
    // no referrer at all, a browser posts a form as from origin `null`, which the same-origin check
    // refuses: the register page's forms are posted by the browser itself before the app starts).
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Replies of 1 KB and more (JSON, the app shell) go out compressed when the browser takes brotli or
  // gzip; the build's assets are compressed ahead (see webRoutes). Request bodies are never inflated.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    ...REPLY_COMPRESSION,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // Shared through Redis when configured; if Redis is unreachable, requests pass rather than fail.
    ...(limitsRedis ? { store: sharedRateLimitStore(limitsRedis, 'gomeum:rate-limit:', redisWarning) } : {}),
    errorResponseBuilder: () => ({ statusCode: 429, ...errorBody('errors.rate_limited') }),
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 8, fields: 10, fieldSize: 64 * 1024, parts: 20 },
  });

  // App hooks: refuse cross-site writes, then resolve who is asking.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (origin && !sameOrigin(origin, request.protocol, request.host)) {
      throw new AppError(403, 'errors.forbidden');
    }
  });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('logsVersion', null);
  app.addHook('onRequest', resolveUser);
  // Who may call each route is the route table's `auth`, enforced here for every route at once: on
  // the matched route, before its body is read or validated (401 anonymous, 403 others).
  app.addHook('onRequest', authorize({ scraper: system.scraper }));

  // Every request's route pattern, status and time, for /metrics.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.observe({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
  });

  // Routes.
  await app.register(system.plugin);
  await app.register(authPlugin);
  await app.register(visitsPlugin);
  await app.register(filesPlugin);
  await app.register(tasksPlugin);
  await app.register(dashboardPlugin);
  await app.register(moonPlugin);
  await app.register(updatesPlugin);
  await app.register(notificationsPlugin);
  await app.register(pushPlugin);
  await app.register(alertsPlugin);
  await app.register(remindersPlugin);
  await app.register(accountPlugin);
  // A session that ends closes its sockets at once, on every instance; expiry is caught by a check.
  // Never awaited: a slow or broken bus must not hold up (or fail) a sign-out.
  auth.onSessionEnded((sessionId) => {
    live.endSession(sessionId).catch((error: unknown) => app.log.warn({ err: error }, 'live: closing a session'));
  });
  await app.register(liveRoutes, {
    hub: live,
    heartbeatMs: config.liveHeartbeatMs,
    liveSessions: (ids) => auth.liveSessions(ids),
    sessionCheckMs: config.liveSessionCheckMs,
  });
  await app.register(chatPlugin);
  await app.register(
    createWeb({
      webDist: config.webDist,
      publicOrigin: config.publicUrl ? new URL(config.publicUrl).origin : undefined,
      requestHostFallback: config.requestHostFallback ?? false,
      findUpdate: (id) =>
        updates.get(id).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        }),
    }).plugin,
  );

  // Store AI answers under way (cut short: the fallback), withdraw this instance's presence, close
  // sockets and the bus.
  app.addHook('preClose', async () => {
    await chat.close();
    await reactions.close();
    await presence.close();
    await live.close();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await alerts.idle();
    await push.drain();
    storage.close();
    await database.close();
    await limitsRedis?.quit().catch(() => limitsRedis.disconnect());
  });

  return {
    app,
    routes,
    services: {
      auth,
      visits,
      tasks,
      gomeumTasks,
      files,
      dashboard,
      moon,
      updates,
      notifications,
      push,
      live,
      chat,
      reactions,
      presence,
      jobs,
      account,
      reminders,
      alerts,
    },
    database,
    metrics,
    shutdown,
  };
}
