import fc from 'fast-check';
import type { Database } from '../db/schema.ts';

/*
 * What hostile-input.test.ts throws at every route that takes a body: strings, values, JSON bodies
 * and multipart forms made by fast-check from script injections, huge and invisible text, the
 * API's field names and the ones no caller may set.
 */

/** Every table a hostile request might write to: each is counted before and after. */
export const TABLES: (keyof Database)[] = [
  'users',
  'sessions',
  'user_tasks',
  'task_logs',
  'gomeum_tasks',
  'gomeum_logs',
  'chat_messages',
  'chat_reads',
  'moon_questions',
  'moon_answers',
  'updates',
  'notifications',
  'push_subscriptions',
  'page_visits',
  'files',
  'planet_reads',
  'proof_reactions',
  'task_reminders',
  'guest_merges',
  'operator_alerts',
];

const XSS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg onload=alert(1)>',
  "'; DROP TABLE users; --",
  '{{constructor.constructor("alert(1)")()}}',
];

// Field names the API knows, and ones a caller must never get to set.
const FIELDS = [
  'content',
  'clientId',
  'description',
  'reward',
  'goal',
  'cadence',
  'timeZone',
  'enabled',
  'days',
  'time',
  'proof',
  'title',
  'date',
  'answer',
  'question',
  'number',
  'locale',
  'page',
  'endpoint',
  'keys',
  'message',
  'away',
  'upTo',
  'seenAt',
  'email',
  'password',
  'confirm',
  'confirmUserId',
  'accept',
  'en',
  'zh',
  'ko',
];
const FORBIDDEN = [
  'role',
  'sender',
  'status',
  'userId',
  'user_id',
  'id',
  'isGuest',
  'is_guest',
  'createdAt',
  '__proto__',
  'constructor',
];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(...XSS),
  fc.string({ minLength: 2_500, maxLength: 5_000 }),
  fc.constant('x'.repeat(70_000)),
  fc.constantFrom('', '   ', '\u0000', '\u202e', 'ｅｍｏｊｉ 🐈‍⬛', '\ud800'),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 4 }),
);
/** A JSON body: any JSON, known and forbidden fields with hostile values, or a bid for privileges. */
export const hostileBody = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom(...FIELDS, ...FORBIDDEN), hostileValue, { maxKeys: 8 }),
  fc.record({
    role: fc.constant('operator'),
    sender: fc.constant('gomeum'),
    status: fc.constant('completed'),
    content: hostileString,
  }),
);
/** A multipart form: hostile text fields and files that are not what they claim. */
export const hostileForm = fc.record({
  fields: fc.dictionary(fc.constantFrom(...FIELDS, ...FORBIDDEN, 'image'), hostileString, { maxKeys: 6 }),
  files: fc.array(
    fc.record({
      field: fc.constantFrom('image', 'images', 'file', 'content'),
      bytes: fc.oneof(fc.uint8Array({ maxLength: 2_000 }), fc.constant(new TextEncoder().encode(XSS[0]))),
      type: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream'),
    }),
    { maxLength: 3 },
  ),
});
