import * as z from 'zod/mini';

/** An error's HTTP status (0: never sent, the web app's own). */
export type ErrorStatus = 0 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503 | 507;

/**
 * What the API says with an error code: its HTTP status, and its English words (`en`): the web
 * app's English for the code (an i18n key) and the `message` of the API's error body; zh and ko
 * translate them in the web app's language files. A code only the operator's dashboard shows has
 * its words in operator-errors.ts, which no user's page loads.
 */
export type ErrorInfo = { status: ErrorStatus; en: string } | { status: ErrorStatus; dashboard: true };

/**
 * Every error code the API can answer with, each with its status and its English words, written
 * once (a dashboard's code: in operator-errors.ts). Each code is also the web app's i18n key for the message a person reads, so a code without
 * a translation fails the i18n test.
 */
export const ERRORS = {
  'register.error_missing_fields': { status: 400, en: 'Please fill in both email and password.' },
  'register.error_email_exists': { status: 409, en: 'This email is already registered.' },
  'register.error_failed': { status: 401, en: 'Authentication failed. Please check your email and password.' },
  'register.error_invalid_email': { status: 400, en: 'Please enter a valid email address.' },
  'register.error_password_short': { status: 400, en: 'The password must be at least 8 characters long.' },
  'register.error_password_common': {
    status: 400,
    en: 'This password is one of the most common ones and easy to guess. Please choose another.',
  },
  'task.error_fill_all': { status: 400, en: 'Please fill in all fields before submitting.' },
  'task.error_too_long': { status: 400, en: 'That text is too long.' },
  'task.error_already_confirmed': { status: 409, en: 'This task is already confirmed and can no longer be changed.' },
  'task.error_not_confirmed': { status: 409, en: 'Please describe your task and confirm it first.' },
  'task.error_date': { status: 400, en: 'Please pick a real day, today or before.' },
  'upload.error_not_image': { status: 415, en: 'Only PNG, JPEG, WebP or GIF images can be uploaded.' },
  'upload.error_too_large': { status: 413, en: 'That image is too large. Please choose one under 10 MB.' },
  'upload.error_busy': {
    status: 429,
    en: 'Your last photos are still being processed. Please wait a moment, then send this one again.',
  },
  'upload.error_queue_full': {
    status: 503,
    en: 'Many photos are being processed right now. Please try again in a minute.',
  },
  'moon.error_number': { status: 400, dashboard: true },
  'moon.error_number_taken': { status: 409, dashboard: true },
  'moon.error_question_language': { status: 400, dashboard: true },
  'errors.bad_request': { status: 400, en: "That request didn't look right. Please check and try again." },
  'errors.unauthorized': { status: 401, en: 'Please log in first!' },
  'errors.forbidden': { status: 403, en: "You're not allowed to do that." },
  'errors.not_found': { status: 404, en: "We couldn't find that." },
  'errors.payload_too_large': { status: 413, en: "That's too large to send." },
  'errors.unsupported_media_type': { status: 415, en: "That kind of file isn't supported." },
  'errors.rate_limited': { status: 429, en: 'Too many tries. Please wait a minute and try again.' },
  'errors.server': { status: 500, en: 'Something went wrong. Please try again.' },
  'moon.error_blank': { status: 400, en: 'Please write an answer first.' },
  'moon.error_too_long': { status: 400, en: 'This answer is too long.' },
  'moon.error_already_answered': { status: 409, en: "You've already answered this question." },
  'moon.error_answer_language': { status: 400, dashboard: true },
  'updates.error_title_required': { status: 400, dashboard: true },
  'updates.error_too_long': { status: 400, dashboard: true },
  'notifications.error_missing_fields': { status: 400, dashboard: true },
  'notifications.error_too_long': { status: 400, dashboard: true },
  'push.error_endpoint': { status: 400, en: "This browser's notifications can't be used." },
  'errors.unavailable': { status: 503, en: 'The service is briefly unavailable. Please try again in a moment.' },
  'errors.storage_full': { status: 507, en: 'The server has run out of storage space. Please try again later.' },
  /** Never sent by the server: the web app's own code for a request made without a network. */
  'errors.offline': { status: 0, en: "You're offline — this will work again once you're back online." },
  'progress.error_goal': { status: 400, en: 'Please choose a whole number of proofs from 1 to 365.' },
  'progress.error_time_zone': { status: 400, en: 'Your time zone could not be recognised.' },
  'reaction.error_blank': { status: 400, dashboard: true },
  'reaction.error_too_long': { status: 400, dashboard: true },
  'reaction.error_exists': { status: 409, dashboard: true },
  'reminder.error_days': { status: 400, en: 'Choose at least one day of the week for the reminder.' },
  'reminder.error_time': { status: 400, en: 'Give the reminder a time of day, such as 08:30.' },
} as const satisfies Record<string, ErrorInfo>;

/** A machine-readable error code. */
export type ErrorCode = keyof typeof ERRORS;

/** The codes only the operator's dashboard shows (their words: operator-errors.ts). */
export type DashboardErrorCode = {
  [C in ErrorCode]: (typeof ERRORS)[C] extends { dashboard: true } ? C : never;
}[ErrorCode];
/** The codes anyone may read, their words in ERRORS. */
export type UserErrorCode = Exclude<ErrorCode, DashboardErrorCode>;

/** Every error code. */
export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

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
