import * as z from 'zod/mini';
import { languageSchema } from './i18n.ts';
import { INVISIBLE_CHARACTERS, mixesLookAlikeScripts } from './text.ts';

/** Shortest password we accept on registration. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password we hash; longer input is refused rather than truncated. */
export const PASSWORD_MAX_LENGTH = 256;

const missing = { error: 'register.error_missing_fields' } as const;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const invalidEmail = { error: 'register.error_invalid_email' } as const;

/**
 * An email field: required, NFKC-normalized (full-width and compatibility letters become plain
 * ones), trimmed, lower-cased, shaped like an address; no invisible character, and a local part
 * in one script (a Cyrillic look-alike among Latin letters would look like another account).
 */
const emailSchema = z.string(missing).check(
  z.normalize('NFKC'),
  z.trim(),
  z.minLength(1, missing),
  z.maxLength(254, invalidEmail),
  z.regex(EMAIL_PATTERN, invalidEmail),
  z.refine((email) => !INVISIBLE_CHARACTERS.test(email), invalidEmail),
  z.refine((email) => !mixesLookAlikeScripts(email.slice(0, email.lastIndexOf('@'))), invalidEmail),
  z.toLowerCase(),
);

/**
 * Login body. Issue messages are error codes, so the server and the form report the same one.
 * Only presence is checked: a wrong address simply fails to log in.
 */
export const loginBodySchema = z.object({
  email: z
    .string(missing)
    .check(z.trim(), z.minLength(1, missing), z.maxLength(254, { error: 'register.error_failed' }), z.toLowerCase()),
  password: z
    .string(missing)
    .check(z.minLength(1, missing), z.maxLength(PASSWORD_MAX_LENGTH, { error: 'register.error_failed' })),
});
/** Login body. */
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Registration body: the login fields plus a real address and a long-enough password. */
export const registerBodySchema = z.object({
  email: emailSchema,
  password: z
    .string(missing)
    .check(
      z.minLength(1, missing),
      z.minLength(PASSWORD_MIN_LENGTH, { error: 'register.error_password_short' }),
      z.maxLength(PASSWORD_MAX_LENGTH, { error: 'register.error_failed' }),
    ),
});
/** Registration body. */
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** Who may do what: everyone is a user; the operator plays Gomeum. */
export const roleSchema = z.enum(['user', 'operator']);
/** A user's role. */
export type Role = z.infer<typeof roleSchema>;

/** The signed-in user as the web app sees it. */
export const meSchema = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  role: roleSchema,
  isGuest: z.boolean(),
  /** `guest_` + 16 hex characters for guests (kept after registering), so the operator can tell them apart. */
  guestId: z.nullable(z.string()),
  locale: languageSchema,
});
/** The signed-in user. */
export type Me = z.infer<typeof meSchema>;

/**
 * `GET /api/me`: the signed-in user, or `null` for a visitor who is not signed in. Not being
 * signed in is an ordinary answer (200), not an error, so public pages log no failed request.
 */
export const meReplySchema = z.nullable(meSchema);

/** Where the web app goes after a successful sign-in. */
export const HOME_FOR_ROLE = { user: '/galaxy', operator: '/gomeum-dashboard' } as const;

/** What a guest who just logged into an account would bring over, counted (shown in the offer). */
export const guestMergeOfferSchema = z.object({
  tasks: z.number(),
  proofs: z.number(),
  messages: z.number(),
  answers: z.number(),
});
/** What the guest would bring over. */
export type GuestMergeOffer = z.infer<typeof guestMergeOfferSchema>;

/** Answer to register, login and guest: who you are now and where to go. */
export const authResultSchema = z.object({
  user: meSchema,
  redirectTo: z.enum([HOME_FOR_ROLE.user, HOME_FOR_ROLE.operator]),
  /**
   * Login only: this browser was a guest with work of its own. The new session may bring it into
   * the account (`POST /api/me/guest-merge`) for a short while, once.
   */
  guestMerge: z.optional(guestMergeOfferSchema),
});
/** Answer to register, login and guest. */
export type AuthResult = z.infer<typeof authResultSchema>;

/** Body for the request that stores a user's interface language. */
export const localeBodySchema = z.object({ locale: languageSchema });

/** Plain `{ ok: true }` answer for commands with nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });
