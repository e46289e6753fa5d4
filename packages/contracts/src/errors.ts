import * as z from 'zod/mini';

/**
 * Every error code the API can answer with. Each code is also the web app's i18n key for the
 * message a person reads, so a code without a translation fails the i18n test.
 */
export const ERROR_CODES = [
  'register.error_missing_fields',
  'register.error_email_exists',
  'register.error_failed',
  'register.error_invalid_email',
  'register.error_password_short',
  'register.error_password_common',
  'task.error_fill_all',
  'task.error_too_long',
  'task.error_already_confirmed',
  'task.error_not_confirmed',
  'task.error_date',
  'upload.error_not_image',
  'upload.error_too_large',
  'moon.error_number',
  'moon.error_number_taken',
  'moon.error_question_language',
  'errors.bad_request',
  'errors.unauthorized',
  'errors.forbidden',
  'errors.not_found',
  'errors.payload_too_large',
  'errors.unsupported_media_type',
  'errors.rate_limited',
  'errors.server',
  'moon.error_blank',
  'moon.error_too_long',
  'moon.error_already_answered',
  'moon.error_answer_language',
  'updates.error_title_required',
  'updates.error_too_long',
  'notifications.error_missing_fields',
  'notifications.error_too_long',
  'push.error_endpoint',
  'errors.unavailable',
  'errors.storage_full',
  /** Never sent by the server: the web app's own code for a request made without a network. */
  'errors.offline',
  'progress.error_goal',
  'progress.error_time_zone',
  'reaction.error_blank',
  'reaction.error_too_long',
  'reaction.error_exists',
  'reminder.error_days',
  'reminder.error_time',
] as const;

/** A machine-readable error code. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Narrows an arbitrary string to a known error code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The body of every error response: `{ error: { code, message } }`. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
  }),
});
/** The body of every error response. */
export type ErrorBody = z.infer<typeof errorBodySchema>;
