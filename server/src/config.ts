import type https from 'node:https';
import path from 'node:path';
import { z } from 'zod';
import { AddressList, parseTrustProxy, type TrustProxy } from './lib/client-address.ts';
import type { S3Options } from './lib/storage/s3-storage.ts';

/** What a deployment's Redis keys and live channel start with when REDIS_PREFIX is not set. */
export const DEFAULT_REDIS_PREFIX = 'gomeum:';

const DAY = 24 * 60 * 60 * 1000;

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
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  TRUST_PROXY: parsedBy(parseTrustProxy).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  GOMEUM_OPERATOR_EMAIL: z.email().optional(),
  GOMEUM_OPERATOR_PASSWORD: z.string().min(8).optional(),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(30),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(180),
  COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  GUEST_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  GUEST_DAILY_LIMIT: z.coerce.number().int().positive().default(100),
  EXPORT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  SEED_CONTENT: flag.default(true),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  IMAGE_CONCURRENCY: z.coerce.number().int().positive().default(1),
  IMAGE_QUEUE_MAX: z.coerce.number().int().min(0).default(8),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(true),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { error: 'must start with mailto: or https://' })
    .optional(),
  PUSH_ALLOWED_HOSTS: z.string().optional(),
  AI_BASE_URL: z.url().default('https://api.openai.com/v1'),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default('gpt-4'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  AI_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  AI_DRAFT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  CHAT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  REDIS_URL: z.url().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: 'use 1 to 64 letters, digits, or _ . : -' })
    .default(DEFAULT_REDIS_PREFIX),
  VISIT_RETENTION_DAYS: z.coerce.number().positive().default(90),
  METRICS_TOKEN: z.string().min(16, { error: 'use at least 16 characters' }).optional(),
  METRICS_ALLOW: parsedBy((value) => AddressList.parse(value)).optional(),
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().positive().default(20_000),
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
  /** Without `publicUrl`, links may name the request's host (development: NODE_ENV is not production). */
  requestHostFallback?: boolean | undefined;
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
  /** Images decoded at once per instance, and how many may wait (more: 503 at once). */
  imageWork?: { concurrency: number; maxWaiting: number } | undefined;
  /** Where uploads go: `DATA_DIR/uploads` on local disk, or an S3-compatible bucket. */
  storage: { driver: 'local' } | ({ driver: 's3' } & S3Options);
  /** The OpenAI-compatible chat-completions API Gomeum's AI stand-in uses; no key → fallback text. */
  ai?: AiConfig | undefined;
  /** Data downloads per user per hour. */
  exportRateLimit?: number | undefined;
  /**
   * Chat messages per user per minute, AI replies per user per minute, and replies drafted for
   * the operator per operator per minute (20 when absent).
   */
  chatRateLimit?: { messages: number; aiReplies: number; aiDrafts?: number | undefined } | undefined;
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
  /** Push endpoint hosts subscriptions may name; the big browsers' push services by default. */
  pushAllowedHosts?: readonly string[] | undefined;
  /** HTTPS agent for push delivery (tests trust their own certificate with it). */
  pushAgent?: https.Agent | undefined;
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
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig & { port: number; host: string } {
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : DEFAULT_WEB_DIST,
    publicUrl: e.PUBLIC_URL,
    requestHostFallback: env.NODE_ENV !== 'production',
    operator:
      e.GOMEUM_OPERATOR_EMAIL && e.GOMEUM_OPERATOR_PASSWORD
        ? { email: e.GOMEUM_OPERATOR_EMAIL.toLowerCase(), password: e.GOMEUM_OPERATOR_PASSWORD }
        : undefined,
    session: { idleMs: e.SESSION_IDLE_DAYS * DAY, maxMs: e.SESSION_MAX_DAYS * DAY, secure: e.COOKIE_SECURE },
    rateLimit: { auth: e.AUTH_RATE_LIMIT, guest: e.GUEST_RATE_LIMIT, guestsPerDay: e.GUEST_DAILY_LIMIT },
    seedContent: e.SEED_CONTENT,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    imageWork: { concurrency: e.IMAGE_CONCURRENCY, maxWaiting: e.IMAGE_QUEUE_MAX },
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
    chatRateLimit: { messages: e.CHAT_RATE_LIMIT, aiReplies: e.AI_RATE_LIMIT, aiDrafts: e.AI_DRAFT_RATE_LIMIT },
    exportRateLimit: e.EXPORT_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    retentionMs: e.VISIT_RETENTION_DAYS * DAY,
    metrics: { token: e.METRICS_TOKEN, allow: e.METRICS_ALLOW },
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_MS,
    now: Date.now,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? (e.GOMEUM_OPERATOR_EMAIL ? `mailto:${e.GOMEUM_OPERATOR_EMAIL}` : undefined),
    pushAllowedHosts: e.PUSH_ALLOWED_HOSTS?.split(',')
      .map((host) => host.trim())
      .filter(Boolean),
  };
}
