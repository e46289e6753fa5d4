import { z } from 'zod';

/** `/version.json`: the build the server is serving; the app compares it to its own. */
export const versionSchema = z.object({ version: z.string() });
/** `/version.json` body. */
export type VersionInfo = z.infer<typeof versionSchema>;

/** `/healthz` body. */
export const healthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });
