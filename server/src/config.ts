import type https from 'node:https';
import path from 'node:path';
import { z } from 'zod';
import { AddressList, parseTrustProxy, type TrustProxy } from './lib/client-address.ts';
import {
  DEFAULT_CHAT_HISTORY_BYTES_PER_10S,
  DEFAULT_LIVE_MAX_BUFFERED_BYTES,
  DEFAULT_LIVE_MAX_GUEST_SOCKETS_PER_ADDRESS,
  DEFAULT_LIVE_MAX_SOCKETS,
  MIN_CHAT_HISTORY_BYTES_PER_10S,
  MIN_LIVE_MAX_BUFFERED_BYTES,
} from './lib/live/limits.ts';
import type { S3Options } from './lib/storage/s3-storage.ts';
import { DEFAULT_IMAGE_WORK, type WorkQueueLimits } from './lib/work-queue.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Every setting's default, in one place: the environment's schema (`loadConfig`) and `withDefaults`
 * (what `buildApp` reads, for a config built without the environment, as tests do) both take them
 * from here.
 */
export const DEFAULTS = {
  port: 3000,
  host: '0.0.0.0',
  dataDir: './data',
  sessionIdleDays: 30,
  sessionMaxDays: 180,
  /** Per address: sign-in attempts and guest entries per minute, new guests per day. */
  rateLimit: { auth: 20, guest: 10, guestsPerDay: 100 },
  /** Data downloads per user per hour. */
  exportsPerHour: 5,
  uploadMaxBytes: 10 * 1024 * 1024,
  imageWork: DEFAULT_IMAGE_WORK,
  ai: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4', timeoutMs: 30_000 },
  /**
   * Per person per minute: chat messages, AI replies, replies drafted for the operator, and
   * translations made for the operator; AI replies for all guests of one address together.
   */
  chatRateLimit: { messages: 30, aiReplies: 10, aiDrafts: 20, aiTranslations: 120, aiGuestsPerAddress: 30 },
  /** What a deployment's Redis keys and live channel start with. */
  redisPrefix: 'gomeum:',
  retentionDays: 90,
  shutdownDeadlineMs: 20_000,
  liveHeartbeatMs: 30_000,
  liveSessionCheckMs: 5 * 60_000,
  liveMaxBufferedBytes: DEFAULT_LIVE_MAX_BUFFERED_BYTES,
  /** Live sockets one instance holds, and guests' sockets per address (see lib/live/limits.ts). */
  liveMaxSockets: DEFAULT_LIVE_MAX_SOCKETS,
  liveMaxGuestSocketsPerAddress: DEFAULT_LIVE_MAX_GUEST_SOCKETS_PER_ADDRESS,
  chatHistoryBytesPer10s: DEFAULT_CHAT_HISTORY_BYTES_PER_10S,
} as const;

/** What a deployment's Redis keys and live channel start with when REDIS_PREFIX is not set. */
export const DEFAULT_REDIS_PREFIX = DEFAULTS.redisPrefix;

/** A setting parsed by `parse`, which throws with the reason when the value is wrong. */
function parsedBy<T>(parse: (value: string) => T) {
  return z.string().transform((value, context) => {
    try {
      return parse(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  });
}

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

/** Environment variables the server reads, with their defaults. README's table mirrors this. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULTS.port),
  HOST: z.string().default(DEFAULTS.host),
  DATA_DIR: z.string().default(DEFAULTS.dataDir),
  DATABASE_URL: z.url().optional(),
  TRUST_PROXY: parsedBy(parseTrustProxy).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  GOMEUM_OPERATOR_EMAIL: z.email().optional(),
  GOMEUM_OPERATOR_PASSWORD: z.string().min(8).optional(),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(DEFAULTS.sessionIdleDays),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(DEFAULTS.sessionMaxDays),
  COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULTS.rateLimit.auth),
  GUEST_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULTS.rateLimit.guest),
  GUEST_DAILY_LIMIT: z.coerce.number().int().positive().default(DEFAULTS.rateLimit.guestsPerDay),
  EXPORT_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULTS.exportsPerHour),
  SEED_CONTENT: flag.default(true),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(DEFAULTS.uploadMaxBytes),
  IMAGE_CONCURRENCY: z.coerce.number().int().positive().default(DEFAULTS.imageWork.concurrency),
  IMAGE_QUEUE_MAX: z.coerce.number().int().min(0).default(DEFAULTS.imageWork.maxWaiting),
  IMAGE_SMALL_PIXELS: z.coerce.number().int().min(0).default(DEFAULTS.imageWork.smallCost),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(true),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Key that signs the home page's popup links (32+ characters); generated and stored when absent. */
  POPUP_SIGNING_KEY: z.string().min(32).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { error: 'must start with mailto: or https://' })
    .optional(),
  PUSH_ALLOWED_HOSTS: z.string().optional(),
  AI_BASE_URL: z.url().default(DEFAULTS.ai.baseUrl),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default(DEFAULTS.ai.model),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULTS.ai.timeoutMs),
  AI_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULTS.chatRateLimit.aiReplies),
  AI_DRAFT_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULTS.chatRateLimit.aiDrafts),
  AI_TRANSLATE_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULTS.chatRateLimit.aiTranslations),
  AI_GUEST_ADDRESS_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULTS.chatRateLimit.aiGuestsPerAddress),
  CHAT_RATE_LIMIT: z.coerce.number().int().positive().default(DEFAULTS.chatRateLimit.messages),
  LIVE_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(MIN_LIVE_MAX_BUFFERED_BYTES)
    .default(DEFAULTS.liveMaxBufferedBytes),
  LIVE_MAX_SOCKETS: z.coerce.number().int().min(1).default(DEFAULTS.liveMaxSockets),
  LIVE_MAX_GUEST_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(DEFAULTS.liveMaxGuestSocketsPerAddress),
  CHAT_HISTORY_BYTES_PER_10S: z.coerce
    .number()
    .int()
    .min(MIN_CHAT_HISTORY_BYTES_PER_10S)
    .default(DEFAULTS.chatHistoryBytesPer10s),
  REDIS_URL: z.url().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: 'use 1 to 64 letters, digits, or _ . : -' })
    .default(DEFAULTS.redisPrefix),
  VISIT_RETENTION_DAYS: z.coerce.number().positive().default(DEFAULTS.retentionDays),
  METRICS_TOKEN: z.string().min(16, { error: 'use at least 16 characters' }).optional(),
  METRICS_ALLOW: parsedBy((value) => AddressList.parse(value)).optional(),
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().positive().default(DEFAULTS.shutdownDeadlineMs),
});

/** Everything `buildApp` needs; tests build one directly instead of going through the environment. */
export interface AppConfig {
  dataDir: string;
  /** PostgreSQL connection string; SQLite in `dataDir` when absent. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (tests isolate themselves with one each). */
  databaseSchema?: string | undefined;
  /** SQLite file name, or ':memory:'. */
  sqliteFile?: string;
  /** Which proxies are believed about the client's address (X-Forwarded-For, -Proto, -Host). */
  trustProxy: TrustProxy;
  logLevel: string;
  /** The site's public address (PUBLIC_URL): canonical and share links name its origin. */
  publicUrl?: string | undefined;
  /** Folder of the built web app; the server answers API routes only when it is missing. */
  webDist: string;
  /** Routes a test adds beside the route table's, as `METHOD /path` (never set outside tests). */
  testRoutes?: string[] | undefined;
  operator?: { email: string; password: string } | undefined;
  session: { idleMs: number; maxMs: number; secure: 'auto' | 'always' | 'never' };
  /** Per address: sign-in attempts and guest entries per minute, new guests per day. */
  rateLimit: { auth: number; guest: number; guestsPerDay?: number };
  /** Path of the GeoIP databases; defaults to the ones shipped in the npm package. */
  geoip?: { v4: string; v6: string } | false;
  seedContent: boolean;
  /** Largest accepted upload, in bytes (413 beyond). */
  uploadMaxBytes: number;
  /** The image queue: decoded at once and waiting per lane, and the cost of a small image (lib/work-queue.ts). */
  imageWork?: Partial<WorkQueueLimits> | undefined;
  /** Where uploads go: `DATA_DIR/uploads` on local disk, or an S3-compatible bucket. */
  storage: { driver: 'local' } | ({ driver: 's3' } & S3Options);
  /** The OpenAI-compatible chat-completions API Gomeum's AI stand-in uses; no key → fallback text. */
  ai?: AiConfig | undefined;
  /** Data downloads per user per hour. */
  exportRateLimit?: number | undefined;
  /**
   * Chat messages per user per minute, AI replies per user per minute, and replies drafted for
   * the operator per operator per minute (20 when absent), translations made by the AI for the
   * operator per operator per minute (120 when absent).
   */
  chatRateLimit?:
    | {
        messages: number;
        aiReplies: number;
        aiDrafts?: number | undefined;
        aiTranslations?: number | undefined;
        aiGuestsPerAddress?: number | undefined;
      }
    | undefined;
  /** Redis for the live bus across instances; in-process when absent. */
  redisUrl?: string | undefined;
  /**
   * What every key and channel of this deployment in Redis starts with ('gomeum:' when absent), so
   * several deployments (or test runs) can share one Redis without hearing or counting each other.
   */
  redisPrefix?: string | undefined;
  /** Who may read `/metrics` (a bearer token and/or addresses); nobody when neither is set. */
  metrics?: { token?: string | undefined; allow?: AddressList | undefined } | undefined;
  /** How long a graceful shutdown may take before connections are cut and the process exits. */
  shutdownDeadlineMs?: number | undefined;
  /** How often live sockets are pinged (tests shorten it). */
  liveHeartbeatMs?: number | undefined;
  /** Bytes a live socket may leave unsent before it is closed (`DEFAULT_LIVE_MAX_BUFFERED_BYTES` when absent). */
  liveMaxBufferedBytes?: number | undefined;
  /** Live sockets this instance holds at most; the operator's always get in (`DEFAULT_LIVE_MAX_SOCKETS`). */
  liveMaxSockets?: number | undefined;
  /** Guests' live sockets per address on this instance (`DEFAULT_LIVE_MAX_GUEST_SOCKETS_PER_ADDRESS`). */
  liveMaxGuestSocketsPerAddress?: number | undefined;
  /** Bytes of chat history a person may be sent per 10 s (`DEFAULT_CHAT_HISTORY_BYTES_PER_10S` when absent). */
  chatHistoryBytesPer10s?: number | undefined;
  /** How often open live sockets' sessions are checked for expiry (tests shorten it). */
  liveSessionCheckMs?: number | undefined;
  /** How long visit (and sign-in) addresses are kept before the daily job removes them. */
  retentionMs?: number | undefined;
  /** Clock, injectable so tests can move time. */
  now: () => number;
  /** VAPID keys from the environment; generated and stored in the database when absent. */
  vapid?: { publicKey: string; privateKey: string } | undefined;
  /** Contact for push services (`mailto:` or `https:`). */
  vapidSubject?: string | undefined;
  /** Key that signs popup links (POPUP_SIGNING_KEY); generated and stored in the database when absent. */
  popupSigningKey?: string | undefined;
  /** Push endpoint hosts subscriptions may name; the big browsers' push services by default. */
  pushAllowedHosts?: readonly string[] | undefined;
  /** HTTPS agent for push delivery (tests trust their own certificate with it). */
  pushAgent?: https.Agent | undefined;
}

/**
 * What `buildApp` reads: an AppConfig with every setting that has a default filled in
 * (`withDefaults`), so no default is written twice and nothing downstream has to guess one.
 */
export interface Settings extends Omit<
  AppConfig,
  | 'rateLimit'
  | 'imageWork'
  | 'exportRateLimit'
  | 'chatRateLimit'
  | 'redisPrefix'
  | 'metrics'
  | 'shutdownDeadlineMs'
  | 'liveHeartbeatMs'
  | 'liveMaxBufferedBytes'
  | 'liveMaxSockets'
  | 'liveMaxGuestSocketsPerAddress'
  | 'chatHistoryBytesPer10s'
  | 'liveSessionCheckMs'
  | 'retentionMs'
> {
  rateLimit: { auth: number; guest: number; guestsPerDay: number };
  imageWork: WorkQueueLimits;
  exportRateLimit: number;
  chatRateLimit: {
    messages: number;
    aiReplies: number;
    aiDrafts: number;
    aiTranslations: number;
    aiGuestsPerAddress: number;
  };
  redisPrefix: string;
  metrics: { token?: string | undefined; allow?: AddressList | undefined };
  shutdownDeadlineMs: number;
  liveHeartbeatMs: number;
  liveMaxBufferedBytes: number;
  liveMaxSockets: number;
  liveMaxGuestSocketsPerAddress: number;
  chatHistoryBytesPer10s: number;
  liveSessionCheckMs: number;
  retentionMs: number;
}

/** The settings `buildApp` runs with: `config`, each missing setting taken from DEFAULTS. */
export function withDefaults(config: AppConfig): Settings {
  const chat = config.chatRateLimit;
  return {
    ...config,
    rateLimit: { ...config.rateLimit, guestsPerDay: config.rateLimit.guestsPerDay ?? DEFAULTS.rateLimit.guestsPerDay },
    imageWork: {
      concurrency: config.imageWork?.concurrency ?? DEFAULTS.imageWork.concurrency,
      maxWaiting: config.imageWork?.maxWaiting ?? DEFAULTS.imageWork.maxWaiting,
      perPerson: config.imageWork?.perPerson ?? DEFAULTS.imageWork.perPerson,
      smallCost: config.imageWork?.smallCost ?? DEFAULTS.imageWork.smallCost,
    },
    exportRateLimit: config.exportRateLimit ?? DEFAULTS.exportsPerHour,
    chatRateLimit: {
      messages: chat?.messages ?? DEFAULTS.chatRateLimit.messages,
      aiReplies: chat?.aiReplies ?? DEFAULTS.chatRateLimit.aiReplies,
      aiDrafts: chat?.aiDrafts ?? DEFAULTS.chatRateLimit.aiDrafts,
      aiTranslations: chat?.aiTranslations ?? DEFAULTS.chatRateLimit.aiTranslations,
      aiGuestsPerAddress: chat?.aiGuestsPerAddress ?? DEFAULTS.chatRateLimit.aiGuestsPerAddress,
    },
    redisPrefix: config.redisPrefix ?? DEFAULTS.redisPrefix,
    metrics: config.metrics ?? {},
    shutdownDeadlineMs: config.shutdownDeadlineMs ?? DEFAULTS.shutdownDeadlineMs,
    liveHeartbeatMs: config.liveHeartbeatMs ?? DEFAULTS.liveHeartbeatMs,
    liveMaxBufferedBytes: config.liveMaxBufferedBytes ?? DEFAULTS.liveMaxBufferedBytes,
    liveMaxSockets: config.liveMaxSockets ?? DEFAULTS.liveMaxSockets,
    liveMaxGuestSocketsPerAddress: config.liveMaxGuestSocketsPerAddress ?? DEFAULTS.liveMaxGuestSocketsPerAddress,
    chatHistoryBytesPer10s: config.chatHistoryBytesPer10s ?? DEFAULTS.chatHistoryBytesPer10s,
    liveSessionCheckMs: config.liveSessionCheckMs ?? DEFAULTS.liveSessionCheckMs,
    retentionMs: config.retentionMs ?? DEFAULTS.retentionDays * DAY,
  };
}

/** Where and how the server asks an OpenAI-compatible API for Gomeum's AI answers. */
export interface AiConfig {
  baseUrl: string;
  /** Stays on the server: never in a response, a live event or the web bundle. */
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
}

/** Default location of the built web app, relative to this file. */
export const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

/** Reads and validates the process environment, failing fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Settings & { port: number; host: string } {
  // An empty variable means unset, as in most shells' `VAR= cmd`.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid environment: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  }
  if (Boolean(e.GOMEUM_OPERATOR_EMAIL) !== Boolean(e.GOMEUM_OPERATOR_PASSWORD)) {
    throw new Error('Invalid environment: set both GOMEUM_OPERATOR_EMAIL and GOMEUM_OPERATOR_PASSWORD, or neither');
  }
  const config: AppConfig = {
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : DEFAULT_WEB_DIST,
    publicUrl: e.PUBLIC_URL,
    operator:
      e.GOMEUM_OPERATOR_EMAIL && e.GOMEUM_OPERATOR_PASSWORD
        ? { email: e.GOMEUM_OPERATOR_EMAIL.toLowerCase(), password: e.GOMEUM_OPERATOR_PASSWORD }
        : undefined,
    session: { idleMs: e.SESSION_IDLE_DAYS * DAY, maxMs: e.SESSION_MAX_DAYS * DAY, secure: e.COOKIE_SECURE },
    rateLimit: { auth: e.AUTH_RATE_LIMIT, guest: e.GUEST_RATE_LIMIT, guestsPerDay: e.GUEST_DAILY_LIMIT },
    seedContent: e.SEED_CONTENT,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    imageWork: { concurrency: e.IMAGE_CONCURRENCY, maxWaiting: e.IMAGE_QUEUE_MAX, smallCost: e.IMAGE_SMALL_PIXELS },
    storage: e.S3_BUCKET
      ? {
          driver: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { driver: 'local' },
    ai: { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    chatRateLimit: {
      messages: e.CHAT_RATE_LIMIT,
      aiReplies: e.AI_RATE_LIMIT,
      aiDrafts: e.AI_DRAFT_RATE_LIMIT,
      aiTranslations: e.AI_TRANSLATE_RATE_LIMIT,
      aiGuestsPerAddress: e.AI_GUEST_ADDRESS_RATE_LIMIT,
    },
    exportRateLimit: e.EXPORT_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    retentionMs: e.VISIT_RETENTION_DAYS * DAY,
    metrics: { token: e.METRICS_TOKEN, allow: e.METRICS_ALLOW },
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_MS,
    liveMaxBufferedBytes: e.LIVE_MAX_BUFFERED_BYTES,
    liveMaxSockets: e.LIVE_MAX_SOCKETS,
    liveMaxGuestSocketsPerAddress: e.LIVE_MAX_GUEST_SOCKETS_PER_ADDRESS,
    chatHistoryBytesPer10s: e.CHAT_HISTORY_BYTES_PER_10S,
    now: Date.now,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? (e.GOMEUM_OPERATOR_EMAIL ? `mailto:${e.GOMEUM_OPERATOR_EMAIL}` : undefined),
    popupSigningKey: e.POPUP_SIGNING_KEY,
    pushAllowedHosts: e.PUSH_ALLOWED_HOSTS?.split(',')
      .map((host) => host.trim())
      .filter(Boolean),
  };
  return { port: e.PORT, host: e.HOST, ...withDefaults(config) };
}
