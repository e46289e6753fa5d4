import { z } from 'zod';
import { localizedTextSchema } from './i18n.ts';
import { planetIdSchema } from './planets.ts';
import { gomeumLogSchema, taskLogSchema, userTaskSchema } from './tasks.ts';
import { visitSchema } from './visits.ts';

/** One user as the operator's list shows them. */
export const operatorUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  guestId: z.string().nullable(),
  isGuest: z.boolean(),
  role: z.enum(['user', 'operator']),
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
  lastIp: z.string().nullable(),
});
/** One user as the operator's list shows them. */
export type OperatorUser = z.infer<typeof operatorUserSchema>;

/** `?query=&page=&pageSize=` of the user list. */
export const userListQuerySchema = z.object({
  query: z.string().trim().max(254).default(''),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** A page of users, newest first. */
export const userListSchema = z.object({
  items: z.array(operatorUserSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** `/api/operator/users/:userId` params. */
export const userParamsSchema = z.object({ userId: z.string().min(1).max(64) });

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
export const daysQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

/** A user's task and log on one planet, for the operator. */
export const operatorUserTaskSchema = z.object({
  userTask: userTaskSchema.nullable(),
  logs: z.array(taskLogSchema),
});

/** The operator's edit of Gomeum's own task on a planet (multipart text fields). */
export const gomeumTaskFieldsSchema = z.object({
  description_en: z.string().trim().max(500).default(''),
  description_zh: z.string().trim().max(500).default(''),
  description_ko: z.string().trim().max(500).default(''),
  reward_en: z.string().trim().max(500).default(''),
  reward_zh: z.string().trim().max(500).default(''),
  reward_ko: z.string().trim().max(500).default(''),
  proof: z.string().trim().max(5000).default(''),
});

/** Gomeum's task on a planet and its log, for the operator's editor. */
export const operatorGomeumTaskSchema = z.object({
  planet: planetIdSchema,
  description: localizedTextSchema,
  reward: localizedTextSchema,
  proof: z.string(),
  imageUrl: z.string().nullable(),
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
