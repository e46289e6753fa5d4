import { Redis } from 'ioredis';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import type { AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedContent } from './db/seed.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { AccountRepository } from './features/account/account.repository.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { AccountService } from './features/account/account.service.ts';
import { GuestRepository } from './features/account/guest.repository.ts';
import { authRoutes, resolveUserHook } from './features/auth/auth.routes.ts';
import { AiClient } from './features/chat/chat.ai.ts';
import { registerChatLive } from './features/chat/chat.live.ts';
import { PresenceService } from './features/chat/chat.presence.ts';
import { ChatRepository } from './features/chat/chat.repository.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { ChatService } from './features/chat/chat.service.ts';
import { AuthService } from './features/auth/auth.service.ts';
import { SessionsRepository } from './features/auth/sessions.repository.ts';
import { UsersRepository } from './features/auth/users.repository.ts';
import { MoonRepository } from './features/moon/moon.repository.ts';
import { moonRoutes } from './features/moon/moon.routes.ts';
import { MoonService } from './features/moon/moon.service.ts';
import { NotificationsRepository } from './features/notifications/notifications.repository.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { NotificationsService } from './features/notifications/notifications.service.ts';
import { RemindersRepository } from './features/reminders/reminders.repository.ts';
import { remindersRoutes } from './features/reminders/reminders.routes.ts';
import { RemindersService } from './features/reminders/reminders.service.ts';
import { PushRepository } from './features/push/push.repository.ts';
import { pushRoutes } from './features/push/push.routes.ts';
import { DEFAULT_PUSH_HOSTS, PushService } from './features/push/push.service.ts';
import { loadVapidKeys } from './features/push/vapid.ts';
import { healthRoutes } from './features/system/health.routes.ts';
import { metricsRoutes } from './features/system/metrics.routes.ts';
import { ReadinessService } from './features/system/readiness.ts';
import { UpdatesRepository } from './features/updates/updates.repository.ts';
import { updatesRoutes } from './features/updates/updates.routes.ts';
import { UpdatesService } from './features/updates/updates.service.ts';
import { createGeoLookup, defaultGeoDatabases, noGeoLookup } from './features/visits/geoip.ts';
import { VisitsRepository } from './features/visits/visits.repository.ts';
import { visitsRoutes } from './features/visits/visits.routes.ts';
import { VisitsService } from './features/visits/visits.service.ts';
import { webRoutes } from './features/web/web.routes.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { DashboardRepository } from './features/dashboard/dashboard.repository.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { DashboardService } from './features/dashboard/dashboard.service.ts';
import { TasksRepository } from './features/tasks/tasks.repository.ts';
import { tasksRoutes } from './features/tasks/tasks.routes.ts';
import { TasksService } from './features/tasks/tasks.service.ts';
import { ReactionsRepository } from './features/tasks/reactions.repository.ts';
import { reactionsRoutes } from './features/tasks/reactions.routes.ts';
import { ReactionsService } from './features/tasks/reactions.service.ts';
import { FileStore } from './lib/storage/file-store.ts';
import { LocalStorage } from './lib/storage/local-storage.ts';
import { S3Storage } from './lib/storage/s3-storage.ts';
import type { Storage } from './lib/storage/storage.ts';
import { requireOperator } from './lib/auth-guard.ts';
import { cleanForwardedHeadersOn, trustFunction } from './lib/client-address.ts';
import { GracefulShutdown } from './lib/graceful-shutdown.ts';
import { AppError, errorBody, errorHandler } from './lib/errors.ts';
import { InProcessBus, LiveHub, liveRoutes, RedisBus } from './lib/live/index.ts';
import { Metrics } from './lib/metrics.ts';
import { MemoryRateBudget, RedisRateBudget, redisReady } from './lib/rate-budget.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { sharedRateLimitStore } from './lib/rate-limit-store.ts';
import { PeriodicJobs } from './lib/jobs.ts';
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
  files: FileStore;
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
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  const users = new UsersRepository(database.db);
  const sessions = new SessionsRepository(database.db);
  // With Redis, rate limits and AI budgets are shared by every instance; else each keeps its own.
  // Nothing waits for Redis: no offline queue and a short command timeout, so while it is down
  // every limit is counted in this instance's memory instead, at once.
  const limitsRedis = config.redisUrl
    ? new Redis(config.redisUrl, {
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
      ? new RedisRateBudget(limitsRedis, prefix, new MemoryRateBudget(config.now), redisWarning)
      : new MemoryRateBudget(config.now);
  const aiBudget = budget('gomeum:ai-budget:');
  const auth = new AuthService(users, sessions, config.session, config.now, {
    budget: budget('gomeum:new-guests:'),
    perDay: config.rateLimit.guestsPerDay ?? 100,
  });
  const geo = config.geoip === false ? noGeoLookup : createGeoLookup(config.geoip ?? defaultGeoDatabases());
  const visits = new VisitsService(new VisitsRepository(database.db), geo, config.now);
  const storage = createStorage(config);
  const files = new FileStore(database.db, storage.storage, config.now);
  // A new Gomeum log tells every open tab (on every instance) to resync its chat, which posts the
  // announcement; `live` is built below and only used once the app is serving.
  // Gomeum's reactions to proofs are built below with the chat's AI and presence; the task
  // service only calls them once the app is serving.
  const tasks = new TasksService(
    new TasksRepository(database.db),
    files,
    config.now,
    (planet) => live.publishToAll({ type: 'gomeum_log.published', planet }),
    {
      reactionsOf: (logs) => reactions.reactionsOf(logs),
      proofSubmitted: (logId) => reactions.proofSubmitted(logId),
      proofDeleted: () => reactions.proofDeleted(),
    },
  );
  const dashboard = new DashboardService(new DashboardRepository(database.db), config.now);

  const pushRepository = new PushRepository(database.db);
  const vapid = await loadVapidKeys(
    pushRepository,
    config.vapid,
    config.vapidSubject ?? 'mailto:webpush@gomeum.invalid',
  );
  const push = new PushService(pushRepository, vapid, {
    now: config.now,
    allowedHosts: config.pushAllowedHosts ?? DEFAULT_PUSH_HOSTS,
    agent: config.pushAgent,
    log: app.log,
    onDelivery: (outcome) => metrics.pushDeliveries.inc({ outcome }),
  });
  const moon = new MoonService(new MoonRepository(database.db), config.now);
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
  const readiness = new ReadinessService({
    db: database.db,
    storage: storage.storage,
    redis: () => (!limitsRedis ? 'off' : redisReady(limitsRedis) && live.busStatus() === 'ok' ? 'ok' : 'down'),
    now: config.now,
  });
  app.setErrorHandler(
    errorHandler((kind) => {
      if (kind === 'storage_full') readiness.noteStorageFull();
    }),
  );
  const chatRepository = new ChatRepository(database.db);
  const presence = new PresenceService(chatRepository, live, config.now, (error) =>
    app.log.error({ err: error }, 'presence'),
  );
  const ai = new MeasuredAiClient(config.ai, metrics);
  const chat = new ChatService({
    repo: chatRepository,
    hub: live,
    ai,
    presence,
    now: config.now,
    aiRepliesPerMinute: config.chatRateLimit?.aiReplies ?? 10,
    aiBudget,
    onError: (error, context) => app.log.warn({ err: error, context }, 'chat'),
  });
  registerChatLive(live, chat, presence);
  // Gomeum reacts to every proof: the operator from the queue, or the AI while the operator is away,
  // counted against the same AI budget per user as the chat's answers.
  const reactions = new ReactionsService({
    repo: new ReactionsRepository(database.db),
    live,
    presence,
    ai,
    push,
    aiBudget,
    aiPerMinute: config.chatRateLimit?.aiReplies ?? 10,
    now: config.now,
    onError: (error, context) => app.log.warn({ err: error, context }, 'proof reaction'),
  });
  // A published diary update shows its dot in open tabs at once, and reaches closed ones by push.
  const updates = new UpdatesService(new UpdatesRepository(database.db), config.now, push, files, (event) =>
    live.publishToAll(event),
  );
  // Broadcasts reach open tabs through the live channel and closed ones through Web Push.
  const notifications = new NotificationsService(new NotificationsRepository(database.db), config.now, push, (event) =>
    live.publishToAll(event),
  );

  // A deleted account's sockets close at once on every instance: by user, and by each session.
  const account = new AccountService({
    repo: new AccountRepository(database.db),
    guests: new GuestRepository(database.db),
    files,
    endLive: async (userId, sessionIds) => {
      await live.endUser(userId);
      for (const sessionId of sessionIds) await live.endSession(sessionId);
    },
    now: config.now,
    onError: (error, context) => app.log.error({ err: error, context }, 'account'),
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
  const reminders = new RemindersService(new RemindersRepository(database.db), push, config.now);
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
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
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
  app.addHook('onRequest', resolveUserHook(auth));
  // Everything under /api/operator/ is the operator's, whatever its own route checks: decided on the
  // matched route pattern, before the body is read or validated (401 anonymous, 403 others).
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/operator/')) requireOperator(request);
  });

  // Every request's route pattern, status and time, for /metrics.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.observe({ method: request.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
  });

  // Routes.
  await app.register(healthRoutes, { readiness });
  await app.register(metricsRoutes, { metrics, access: config.metrics ?? {} });
  await app.register(authRoutes, { auth, secureCookies: config.session.secure, rateLimit: config.rateLimit });
  await app.register(visitsRoutes, { visits });
  await app.register(filesRoutes, { files });
  await app.register(tasksRoutes, { tasks });
  await app.register(dashboardRoutes, { dashboard, visits });
  await app.register(moonRoutes, { moon });
  await app.register(updatesRoutes, { updates });
  await app.register(notificationsRoutes, { notifications });
  await app.register(pushRoutes, { push });
  await app.register(remindersRoutes, { reminders });
  await app.register(accountRoutes, {
    account,
    exportsPerHour: config.exportRateLimit ?? 5,
    deletesPerMinute: config.rateLimit.auth,
    guestPerMinute: config.rateLimit.auth,
  });
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
  await app.register(chatRoutes, { chat, presence, messagesPerMinute: config.chatRateLimit?.messages ?? 30 });
  await app.register(reactionsRoutes, { reactions });
  await app.register(webRoutes, {
    webDist: config.webDist,
    findUpdate: (id) =>
      updates.get(id).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }),
  });

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
    },
    database,
    metrics,
    shutdown,
  };
}
