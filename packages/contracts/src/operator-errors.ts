import { ERRORS, type DashboardErrorCode, type ErrorCode, type ErrorInfo } from './errors.ts';

/**
 * The English words of the error codes only the operator's dashboard shows: apart from ERRORS, so
 * that no user's page loads them (the server and the dashboard import this module).
 */
export const DASHBOARD_ERROR_WORDS = {
  'moon.error_number': 'Please give the question a whole number from 1 up.',
  'moon.error_number_taken': 'A question with this number already exists.',
  'moon.error_question_language': 'Please write the question in at least one language.',
  'moon.error_answer_language': 'Please enter an answer in at least one language.',
  'updates.error_title_required': 'Please give the update a title in at least one language.',
  'updates.error_too_long': 'This text is too long.',
  'notifications.error_missing_fields': 'Please fill in both title and message.',
  'notifications.error_too_long': 'This text is too long.',
  'reaction.error_blank': 'Write a reply first.',
  'reaction.error_too_long': 'That reply is too long.',
  'reaction.error_exists': 'Gomeum has already reacted to this proof.',
} as const satisfies Record<DashboardErrorCode, string>;

/** Any code's English words: the `message` of the API's error body. */
export function errorWords(code: ErrorCode): string {
  const info: ErrorInfo = ERRORS[code];
  if ('en' in info) return info.en;
  const dashboard: Partial<Record<ErrorCode, string>> = DASHBOARD_ERROR_WORDS;
  return dashboard[code] ?? code;
}
