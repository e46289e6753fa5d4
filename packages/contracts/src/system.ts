import * as z from 'zod/mini';

/** `/version.json`: the build the server is serving; the app compares it to its own. */
export const versionSchema = z.object({ version: z.string() });
/** `/version.json` body. */
export type VersionInfo = z.infer<typeof versionSchema>;

/** `/healthz` body: the process is alive and serving (it says nothing about what it depends on). */
export const healthSchema = z.object({ status: z.literal('ok') });

/** The state of one dependency, as `/readyz` reports it; `off` = not configured. */
export const readinessCheckSchema = z.enum(['ok', 'down', 'full', 'off']);
/** The state of one dependency. */
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/**
 * `/readyz` body: whether this instance can serve. `ready` (200): everything answers; `degraded`
 * (200): it serves, but something shared is down (Redis: live delivery across instances, shared
 * rate limits); `unavailable` (503): it cannot serve writes (database down, storage down or full).
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'degraded', 'unavailable']),
  checks: z.object({ db: readinessCheckSchema, redis: readinessCheckSchema, storage: readinessCheckSchema }),
});
/** `/readyz` body. */
export type Readiness = z.infer<typeof readinessSchema>;

/** `/api/files/:folder/:name` params: an uploaded image's folder and stored name. */
export const fileParamsSchema = z.object({
  folder: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  name: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}\.(png|jpg|webp|gif)$/)),
});
