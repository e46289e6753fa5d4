import * as z from 'zod/mini';
import { localizedTextSchema } from './i18n.ts';
import { planetIdSchema } from './planets.ts';
import { gomeumLogSchema, taskLogSchema, userTaskSchema } from './tasks.ts';
import { visitSchema } from './visits.ts';

/** One user as the operator's list shows them. */
export const operatorUserSchema = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  guestId: z.nullable(z.string()),
  isGuest: z.boolean(),
  role: z.enum(['user', 'operator']),
  createdAt: z.number(),
  lastLoginAt: z.nullable(z.number()),
  lastIp: z.nullable(z.string()),
});
/** One user as the operator's list shows them. */
export type OperatorUser = z.infer<typeof operatorUserSchema>;

/**
 * Where a page of the user list starts: after the user it names (a page's `next`): newest first
 * `t.<created at>.<id>`; a search `k.<the matched email or guest id>`.
 */
export const userCursorSchema = z
  .string()
  .check(z.maxLength(800), z.regex(/^(t\.\d{1,16}\.[A-Za-z0-9_-]{1,64}|k\..+)$/));

/**
 * `?query=&cursor=&limit=` of the user list. A query finds users whose email address or guest id
 * starts with it (letters in any case): a range of an index, however many users there are.
 */
export const userListQuerySchema = z.object({
  query: z._default(z.string().check(z.trim(), z.maxLength(254)), ''),
  cursor: z.optional(userCursorSchema),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
});

/**
 * A page of users: newest first, or for a search in the order of the address or guest id found.
 * `next` is the `cursor` of the page after it (null: none follows); `total` counts every user, and
 * is null for a search.
 */
export const userListSchema = z.object({
  items: z.array(operatorUserSchema),
  next: z.nullable(userCursorSchema),
  total: z.nullable(z.number()),
});
/** A page of users. */
export type UserListPage = z.infer<typeof userListSchema>;

/** `/api/operator/users/:userId` params. */
export const userParamsSchema = z.object({ userId: z.string().check(z.minLength(1), z.maxLength(64)) });

/** A count for one UTC day (`YYYY-MM-DD`). */
export const dayCountSchema = z.object({ day: z.string(), count: z.number() });
/** A count for one UTC day. */
export type DayCount = z.infer<typeof dayCountSchema>;

/** A user's page visits: the latest ones and visits per day. */
export const userVisitsSchema = z.object({
  items: z.array(visitSchema),
  perDay: z.array(dayCountSchema),
});

/** `?days=` window of charts. */
export const daysQuerySchema = z.object({
  days: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(365)), 30),
});

/** A user's task and log on one planet, for the operator. */
export const operatorUserTaskSchema = z.object({
  userTask: z.nullable(userTaskSchema),
  logs: z.array(taskLogSchema),
});

/** The operator's edit of Gomeum's own task on a planet (multipart text fields). */
export const gomeumTaskFieldsSchema = z.object({
  description_en: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
  description_zh: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
  description_ko: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
  reward_en: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
  reward_zh: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
  reward_ko: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
  proof: z._default(z.string().check(z.trim(), z.maxLength(5000)), ''),
});

/** Gomeum's task on a planet and its log, for the operator's editor. */
export const operatorGomeumTaskSchema = z.object({
  planet: planetIdSchema,
  description: localizedTextSchema,
  reward: localizedTextSchema,
  proof: z.string(),
  imageUrl: z.nullable(z.string()),
  logs: z.array(gomeumLogSchema),
});

/** A label and a count, for top-N lists. */
export const labelCountSchema = z.object({ label: z.string(), count: z.number() });

/** The dashboard's overview. */
export const overviewSchema = z.object({
  visitsPerDay: z.array(dayCountSchema),
  topPages: z.array(labelCountSchema),
  topCountries: z.array(labelCountSchema),
  activeUsersToday: z.number(),
  totalUsers: z.number(),
  guestUsers: z.number(),
  unansweredChats: z.number(),
});
/** The dashboard's overview. */
export type Overview = z.infer<typeof overviewSchema>;
