import type { ServerEvent } from '@gomeum/contracts';
import type { BuiltApp, RegisteredRoute } from './built-app.ts';
import { withDefaults, type AppConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { createAccount } from './features/account/index.ts';
import { createAuth } from './features/auth/index.ts';
import { createChat, userKnowledge } from './features/chat/index.ts';
import { createCompanion } from './features/companion/index.ts';
import { createDashboard } from './features/dashboard/index.ts';
import { createFiles } from './features/files/index.ts';
import { createHome } from './features/home/index.ts';
import { createMoon } from './features/moon/index.ts';
import { createNotifications } from './features/notifications/index.ts';
import { createOperatorAlerts } from './features/operator-alerts/index.ts';
import { createPush } from './features/push/index.ts';
import { createReminders } from './features/reminders/index.ts';
import { createSavedReplies } from './features/saved-replies/index.ts';
import { createSystem } from './features/system/index.ts';
import { createTasks, proofQueueItem } from './features/tasks/index.ts';
import { createTranslation } from './features/translation/index.ts';
import { createUpdates } from './features/updates/index.ts';
import { createVisits } from './features/visits/index.ts';
import { createWeb } from './features/web/index.ts';
import { errorHandler } from './lib/errors.ts';
import { GracefulShutdown } from './lib/graceful-shutdown.ts';
import { createHttpApp, registerHttpStack } from './lib/http-stack.ts';
import { connectLive, liveRoutes } from './lib/live/index.ts';
import { CHAT_HISTORY_WINDOW_MS } from './lib/live/limits.ts';
import { Metrics } from './lib/metrics.ts';
import { oncePer } from './lib/once-per.ts';
import { routeLimit } from './lib/route-limits.ts';
import { authorize, onlyTableRoutes } from './lib/route-table.ts';
import { SharedLimits } from './lib/shared-limits.ts';
import type { Lane, WorkOutcome } from './lib/work-queue.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import type { FeaturePlugin } from './lib/zod-provider.ts';
import { JOB_CHECK_MS, scheduleJobs } from './schedule.ts';

export type { BuiltApp, RegisteredRoute, Services } from './built-app.ts';

/**
 * The composition root: builds the whole server, each feature from its index.ts with its
 * dependencies passed in, then the HTTP stack and the features' routes in a fixed order (external →
 * app hooks → routes), migrations run and starting content seeded. Listening is left to the caller,
 * so tests can `inject` or use a port.
 */
export async function buildApp(appConfig: AppConfig): Promise<BuiltApp> {
  // Read once: every setting present from here on (defaults filled in by withDefaults, config.ts).
  const config = withDefaults(appConfig);
  const { now, rateLimit } = config;
  const metrics = new Metrics();
  // Until the app's logger exists, an idle connection's error is only kept from ending the process.
  let logPoolError: (error: Error) => void = () => undefined;
  const database = await openDatabase({
    ...config,
    onPoolError: (error) => logPoolError(error),
    onQuery: (ms, failed) => metrics.dbQueries.observe({ outcome: failed ? 'failed' : 'ok' }, ms / 1000),
  });
  await prepareDatabase(database, config.seedContent, now);
  const { db } = database;

  const app = createHttpApp(config);
  const log = app.log;
  logPoolError = (error) => log.warn({ err: error }, 'database connection lost (a new one is made when needed)');
  const routes: RegisteredRoute[] = [];
  // Every route comes from the route table (lib/route-table.ts): one registered otherwise fails the start.
  onlyTableRoutes(
    app,
    (method, url, route) => routes.push({ method, url, limit: routeLimit(route) }),
    config.testRoutes,
  );
  const redisWarning = (error: unknown) =>
    log.warn({ err: error }, 'redis unavailable: rate limits and AI budgets counted per instance');
  const { redisPrefix } = config;
  const limits = await SharedLimits.connect(config.redisUrl, redisPrefix, oncePer(10_000, redisWarning), now);
  const newGuests = { budget: limits.budget('new-guests:'), perDay: rateLimit.guestsPerDay };

  // Each feature's routes, registered in the order the features are made (the web app's last).
  const plugins: FeaturePlugin[] = [];
  const use = <T extends { plugin: FeaturePlugin }>(feature: T): T => {
    plugins.push(feature.plugin);
    return feature;
  };
  const base = { db, now };
  const warn = (name: string) => (error: unknown, context: string) => log.warn({ err: error, context }, name);
  const { auth, users, resolveUser } = use(createAuth({ ...base, session: config.session, newGuests, rateLimit }));
  const { visits } = use(createVisits({ ...base, geoip: config.geoip }));
  const storage = createStorage(config);
  const observeImageWork = (lane: Lane, outcome: WorkOutcome, seconds: number) =>
    metrics.imageWork.observe({ lane, outcome }, seconds);
  const { files } = use(
    createFiles({ ...base, storage: storage.storage, imageWork: config.imageWork, observeImageWork }),
  );
  const { dashboard } = use(createDashboard({ ...base, visits }));
  const pushConfig = { vapid: config.vapid, vapidSubject: config.vapidSubject, allowedHosts: config.pushAllowedHosts };
  const onDelivery = (outcome: 'delivered' | 'gone' | 'failed') => metrics.pushDeliveries.inc({ outcome });
  const pushDeps = { ...base, ...pushConfig, agent: config.pushAgent, log, onDelivery, guests: auth };
  const { push } = use(await createPush(pushDeps));
  const { moon } = use(createMoon(base));
  // Popup links of the operator's broadcasts and updates, signed; the home page shows no other.
  const { popupLinks } = use(await createHome({ db, signingKey: config.popupSigningKey }));
  const live = await connectLive(config.redisUrl, redisPrefix, log, metrics, app.server);
  const shutdown = new GracefulShutdown(app, live);
  const redis = () => (limits.status() === 'ok' ? live.busStatus() : limits.status());
  const system = use(createSystem({ ...base, storage: storage.storage, redis, metrics, access: config.metrics }));
  app.setErrorHandler(
    errorHandler((kind) => {
      if (kind === 'storage_full') system.readiness.noteStorageFull();
    }),
  );
  // Gomeum answers users: the operator while online, else the AI in Gomeum's voice, chat answers and
  // proof reactions counted against one AI budget per user.
  const { presence, typing, voice, ai } = use(
    createCompanion({
      ...base,
      live,
      ai: config.ai,
      metrics,
      aiBudget: limits.budget('ai-budget:'),
      aiPerMinute: config.chatRateLimit.aiReplies,
      aiGuestsPerAddressPerMinute: config.chatRateLimit.aiGuestsPerAddress,
      onError: (error) => log.error({ err: error }, 'presence'),
    }),
  );
  // A push to the operator's devices when a user needs Gomeum and no dashboard is open.
  const { translator, translations } = use(
    createTranslation({
      ...base,
      ai,
      users,
      budget: limits.budget('translation-budget:'),
      perMinute: config.chatRateLimit.aiTranslations,
      onLookup: (outcome) => metrics.translationLookups.inc({ outcome }),
      onError: warn('translation'),
    }),
  );
  const onOutcome = (outcome: string) => metrics.operatorAlerts.inc({ outcome });
  const { alerts } = use(createOperatorAlerts({ ...base, presence, users, push, onOutcome, onError: warn('alert') }));
  const lookups = { hit: metrics.responseCache.labels('hit'), miss: metrics.responseCache.labels('miss') };
  const onLogPageCache = (outcome: 'hit' | 'miss') => lookups[outcome].inc();
  const tasksDeps = { ...base, files, users, live, presence, voice, push, alerts, onLogPageCache, translator };
  const { tasks, gomeumTasks, reactions } = use(createTasks({ ...tasksDeps, onError: warn('proof reaction') }));
  const messagesPerMinute = config.chatRateLimit.messages;
  // What each person may be sent of chat history, live and HTTP together, counted on every instance.
  const historyBytes = {
    budget: limits.bytes('chat-history-bytes:', CHAT_HISTORY_WINDOW_MS),
    perWindow: config.chatHistoryBytesPer10s,
  };
  const chatDeps = {
    historyBytes,
    ...base,
    live,
    presence,
    voice,
    typing,
    users,
    tasks,
    gomeumTasks,
    reactions,
    alerts,
    messagesPerMinute,
  };
  // Replies drafted for the operator know what Gomeum knows of the user: tasks, proofs, moon answers.
  const knowledge = userKnowledge({ tasks, moon: (userId) => moon.list(userId) });
  const draftsPerMinute = config.chatRateLimit.aiDrafts;
  const proofs = { waitingProofs: reactions.waitingPage.bind(reactions), proofItem: proofQueueItem };
  const { chat, drafts, inbox } = use(
    createChat({
      ...chatDeps,
      knowledge,
      draftsPerMinute,
      proofs,
      translator,
      proofPrompt: (logId) => reactions.reactionPrompt(logId),
      onError: warn('chat'),
    }),
  );
  const announce = (event: ServerEvent) => live.publishToAll(event);
  const { updates } = use(createUpdates({ ...base, push, files, announce, popupLinks }));
  const { notifications } = use(createNotifications({ ...base, push, publish: announce, popupLinks }));
  // A deleted account's sockets close at once on every instance: by user, and by each session.
  const { account } = use(
    createAccount({
      ...base,
      files,
      endLive: (userId, sessionIds) => live.endAccount(userId, sessionIds),
      operatorViews: inbox,
      translations,
      onError: (error, context) => log.error({ err: error, context }, 'account'),
      exportsPerHour: config.exportRateLimit,
      deletesPerMinute: rateLimit.auth,
      guestPerMinute: rateLimit.auth,
    }),
  );
  const { reminders } = use(createReminders({ ...base, push }));
  use(createSavedReplies({ ...base, users }));
  const { operator } = config;
  if (operator) await withStartupLock(database, () => auth.ensureOperator(operator.email, operator.password));
  const jobs = scheduleJobs({ ...base, log, metrics, retentionMs: config.retentionMs, visits, auth, reminders });
  app.addHook('onReady', async () => jobs.start(JOB_CHECK_MS));

  await registerHttpStack(app, {
    uploadMaxBytes: config.uploadMaxBytes,
    rateLimitStore: limits.rateLimitStore('rate-limit:'),
    resolveUser,
    authorize: authorize({ scraper: system.scraper }),
    metrics,
  });
  const { liveHeartbeatMs: heartbeatMs, liveSessionCheckMs: sessionCheckMs } = config;
  const maxBufferedBytes = config.liveMaxBufferedBytes;
  // Typing is throttled by its relay (one passed on per typist every 2 s), not counted as events.
  const unmetered = ['chat.typing'] as const;
  const liveOptions = {
    ...{ hub: live, heartbeatMs, maxBufferedBytes, sessions: auth, sessionCheckMs, unmetered },
    ...{ maxSockets: config.liveMaxSockets, maxGuestSocketsPerAddress: config.liveMaxGuestSocketsPerAddress },
  };
  plugins.push((app) => liveRoutes(app, liveOptions));
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  const findUpdate = (id: string) => updates.find(id);
  use(createWeb({ webDist: config.webDist, publicOrigin, findUpdate }));
  for (const plugin of plugins) await app.register(plugin);

  // Store AI answers under way (cut short: the fallback), drop typing relays waiting for their turn,
  // withdraw this instance's presence, close sockets and the bus.
  app.addHook('preClose', async () => {
    drafts.close();
    typing.close();
    translator.close();
    for (const part of [chat, reactions, presence, live]) await part.close();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await alerts.idle();
    await push.drain();
    storage.close();
    await database.close();
    await limits.close();
  });

  const services = { auth, visits, tasks, gomeumTasks, files, dashboard, moon, updates, notifications, push, live };
  return {
    app,
    routes,
    services: { ...services, chat, drafts, inbox, typing, reactions, presence, jobs, account, reminders, alerts },
    database,
    metrics,
    shutdown,
  };
}
