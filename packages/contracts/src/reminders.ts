import * as z from 'zod/mini';

/** Days of the week a reminder may name, ISO numbering: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const timeZoneSchema = z
  .string({ error: 'progress.error_time_zone' })
  .check(
    z.minLength(1, { error: 'progress.error_time_zone' }),
    z.maxLength(64, { error: 'progress.error_time_zone' }),
    z.regex(/^[A-Za-z0-9_+\-/]+$/, { error: 'progress.error_time_zone' }),
  );

/** A local time of day, `HH:MM` on a 24-hour clock. */
export const reminderTimeSchema = z
  .string({ error: 'reminder.error_time' })
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'reminder.error_time' }));

const daysSchema = z
  .array(z.int({ error: 'reminder.error_days' }).check(z.minimum(1), z.maximum(7)), { error: 'reminder.error_days' })
  .check(
    z.maxLength(7, { error: 'reminder.error_days' }),
    z.refine((days) => new Set(days).size === days.length, { error: 'reminder.error_days' }),
  );

/**
 * Body that sets a task's reminder: on or off, the days of the week and the local time, in the
 * IANA time zone the user lives in (the browser's). A reminder that is on names at least one day.
 */
export const reminderBodySchema = z
  .object({
    enabled: z.boolean({ error: 'errors.bad_request' }),
    days: daysSchema,
    time: reminderTimeSchema,
    timeZone: timeZoneSchema,
  })
  .check(z.refine((body) => !body.enabled || body.days.length > 0, { error: 'reminder.error_days', path: ['days'] }));
/** Body that sets a task's reminder. */
export type ReminderBody = z.infer<typeof reminderBodySchema>;

/** A task's reminder as the user set it, and the next instant it is due (null while off). */
export const reminderSchema = z.object({
  enabled: z.boolean(),
  days: z.array(z.int()),
  time: z.string(),
  timeZone: z.string(),
  nextAt: z.nullable(z.number()),
});
/** A task's reminder. */
export type Reminder = z.infer<typeof reminderSchema>;

/** The reminder route's answer: null while the user never set one for this task. */
export const reminderResultSchema = z.object({ reminder: z.nullable(reminderSchema) });
/** The reminder route's answer. */
export type ReminderResult = z.infer<typeof reminderResultSchema>;
