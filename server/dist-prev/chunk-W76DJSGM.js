var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/config.ts
import path from "node:path";
import { z } from "zod";

// src/lib/client-address.ts
import net from "node:net";
var PRESETS = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"]
};
function unmapped(address) {
  const match = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return match?.[1] ?? address;
}
var AddressList = class _AddressList {
  constructor(entries) {
    this.entries = entries;
    for (const entry of entries) {
      const [address = "", prefix] = entry.split("/");
      const family = net.isIPv6(address) ? "ipv6" : "ipv4";
      if (prefix === void 0) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(prefix), family);
    }
  }
  entries;
  list = new net.BlockList();
  /**
   * Parses a comma-separated list of addresses, CIDR ranges (`10.0.0.0/8`, `fd00::/8`) and the names
   * `loopback`, `linklocal`, `uniquelocal`; throws naming the first entry that is none of those.
   */
  static parse(value) {
    const entries = [];
    for (const raw of value.split(",")) {
      const entry = raw.trim();
      if (!entry) continue;
      const preset = PRESETS[entry.toLowerCase()];
      if (preset) {
        entries.push(...preset);
        continue;
      }
      const [address = "", prefix, extra] = entry.split("/");
      const family = net.isIP(address);
      const maxPrefix = family === 4 ? 32 : 128;
      const prefixOk = prefix === void 0 || /^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix;
      if (family === 0 || !prefixOk || extra !== void 0) {
        throw new Error(`"${entry}" is not an IP address, a CIDR range or one of ${Object.keys(PRESETS).join(", ")}`);
      }
      entries.push(entry);
    }
    if (entries.length === 0) throw new Error("the list of addresses is empty");
    return new _AddressList(entries);
  }
  /** True when `address` (an IP; anything else is never in the list) is in the list. */
  has(address) {
    if (!address) return false;
    const plain = unmapped(address);
    const family = net.isIP(plain);
    if (family === 0) return false;
    return this.list.check(plain, family === 4 ? "ipv4" : "ipv6");
  }
};
function parseTrustProxy(value) {
  const text = value?.trim().toLowerCase() ?? "";
  if (["", "0", "false", "no", "off"].includes(text)) return false;
  if (["true", "yes", "on"].includes(text)) {
    throw new Error(
      "TRUST_PROXY=true would believe any X-Forwarded-For a client writes: give the number of proxies in front of the server (1 for one nginx) or their addresses"
    );
  }
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  return { addresses: AddressList.parse(value ?? "") };
}
function trustFunction(trust) {
  if (trust === false) return false;
  if ("hops" in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  const { addresses } = trust;
  return (address) => addresses.has(address);
}
var FORWARDED_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto"];
function cleanForwardedHeaders(request, trust) {
  if (trust === false) return;
  const peerTrusted = "hops" in trust ? trust.hops > 0 : trust.addresses.has(request.socket.remoteAddress);
  if (!peerTrusted) {
    for (const header of FORWARDED_HEADERS) Reflect.deleteProperty(request.headers, header);
    return;
  }
  const forwarded = request.headers["x-forwarded-for"];
  if (forwarded === void 0) return;
  const entries = [forwarded].flat().join(",").split(",").map((entry) => entry.trim());
  let start = entries.length;
  while (start > 0 && net.isIP(unmapped(entries[start - 1] ?? "")) !== 0) start -= 1;
  const kept = entries.slice(start);
  if (kept.length === 0) Reflect.deleteProperty(request.headers, "x-forwarded-for");
  else request.headers["x-forwarded-for"] = kept.join(", ");
}
function cleanForwardedHeadersOn(server, trust) {
  if (trust === false) return;
  const clean = (request) => cleanForwardedHeaders(request, trust);
  server.prependListener("request", clean);
  server.prependListener("upgrade", clean);
}

// src/config.ts
var DAY = 24 * 60 * 60 * 1e3;
function parsedBy(parse) {
  return z.string().transform((value, context) => {
    try {
      return parse(value);
    } catch (error) {
      context.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  });
}
var flag = z.enum(["1", "0", "true", "false", "yes", "no", ""]).optional().transform((value) => value === "1" || value === "true" || value === "yes");
var envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3e3),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.url().optional(),
  TRUST_PROXY: parsedBy(parseTrustProxy).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  GOMEUM_OPERATOR_EMAIL: z.email().optional(),
  GOMEUM_OPERATOR_PASSWORD: z.string().min(8).optional(),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(30),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(180),
  COOKIE_SECURE: z.enum(["auto", "always", "never"]).default("auto"),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  GUEST_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  GUEST_DAILY_LIMIT: z.coerce.number().int().positive().default(100),
  SEED_CONTENT: flag.default(true),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(true),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, { error: "must start with mailto: or https://" }).optional(),
  PUSH_ALLOWED_HOSTS: z.string().optional(),
  AI_BASE_URL: z.url().default("https://api.openai.com/v1"),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default("gpt-4"),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(3e4),
  AI_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  CHAT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  REDIS_URL: z.url().optional(),
  VISIT_RETENTION_DAYS: z.coerce.number().positive().default(90),
  METRICS_TOKEN: z.string().min(16, { error: "use at least 16 characters" }).optional(),
  METRICS_ALLOW: parsedBy((value) => AddressList.parse(value)).optional(),
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().positive().default(2e4)
});
var DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, "../../web/dist");
function loadConfig(env = process.env) {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== "")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:
  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error("Invalid environment: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither");
  }
  if (Boolean(e.GOMEUM_OPERATOR_EMAIL) !== Boolean(e.GOMEUM_OPERATOR_PASSWORD)) {
    throw new Error("Invalid environment: set both GOMEUM_OPERATOR_EMAIL and GOMEUM_OPERATOR_PASSWORD, or neither");
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : DEFAULT_WEB_DIST,
    operator: e.GOMEUM_OPERATOR_EMAIL && e.GOMEUM_OPERATOR_PASSWORD ? { email: e.GOMEUM_OPERATOR_EMAIL.toLowerCase(), password: e.GOMEUM_OPERATOR_PASSWORD } : void 0,
    session: { idleMs: e.SESSION_IDLE_DAYS * DAY, maxMs: e.SESSION_MAX_DAYS * DAY, secure: e.COOKIE_SECURE },
    rateLimit: { auth: e.AUTH_RATE_LIMIT, guest: e.GUEST_RATE_LIMIT, guestsPerDay: e.GUEST_DAILY_LIMIT },
    seedContent: e.SEED_CONTENT,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    storage: e.S3_BUCKET ? {
      driver: "s3",
      bucket: e.S3_BUCKET,
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE
    } : { driver: "local" },
    ai: { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    chatRateLimit: { messages: e.CHAT_RATE_LIMIT, aiReplies: e.AI_RATE_LIMIT },
    redisUrl: e.REDIS_URL,
    retentionMs: e.VISIT_RETENTION_DAYS * DAY,
    metrics: { token: e.METRICS_TOKEN, allow: e.METRICS_ALLOW },
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_MS,
    now: Date.now,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : void 0,
    vapidSubject: e.VAPID_SUBJECT ?? (e.GOMEUM_OPERATOR_EMAIL ? `mailto:${e.GOMEUM_OPERATOR_EMAIL}` : void 0),
    pushAllowedHosts: e.PUSH_ALLOWED_HOSTS?.split(",").map((host) => host.trim()).filter(Boolean)
  };
}

export {
  __export,
  trustFunction,
  cleanForwardedHeadersOn,
  loadConfig
};
//# sourceMappingURL=chunk-W76DJSGM.js.map
