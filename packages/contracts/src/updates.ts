import * as z from 'zod/mini';
import { localizedTextSchema } from './i18n.ts';

/** Longest title of an update, per language. */
export const UPDATE_TITLE_MAX_LENGTH = 200;
/** Longest content (HTML) of an update, per language. */
export const UPDATE_CONTENT_MAX_LENGTH = 20_000;

/**
 * An entry of the updates diary. `content` is HTML the server has sanitized with an allow-list
 * when it was written; `imageUrl` is null when the update has no image.
 */
export const updateSchema = z.object({
  id: z.string(),
  title: localizedTextSchema,
  content: localizedTextSchema,
  imageUrl: z.nullable(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
/** An entry of the updates diary. */
export type Update = z.infer<typeof updateSchema>;

/** `GET /api/updates`: the diary, newest first. */
export const updateListSchema = z.object({ updates: z.array(updateSchema) });

const localizedField = (max: number) =>
  z.object({
    en: z.optional(z.string().check(z.maxLength(max, { error: 'updates.error_too_long' }))),
    zh: z.optional(z.string().check(z.maxLength(max, { error: 'updates.error_too_long' }))),
    ko: z.optional(z.string().check(z.maxLength(max, { error: 'updates.error_too_long' }))),
  });

/**
 * The operator's new or edited update (JSON). A title in at least one language is required.
 * The image is attached separately; this body never names a file.
 */
export const updateBodySchema = z.object({
  title: localizedField(UPDATE_TITLE_MAX_LENGTH).check(
    z.refine((title) => Object.values(title).some((value) => value.trim()), {
      error: 'updates.error_title_required',
    }),
  ),
  content: localizedField(UPDATE_CONTENT_MAX_LENGTH),
});
/** The operator's update body. */
export type UpdateBody = z.infer<typeof updateBodySchema>;

/** The operator's HTML to preview: one language's content, as it would be written. */
export const updatePreviewBodySchema = z.object({
  html: z.string().check(z.maxLength(UPDATE_CONTENT_MAX_LENGTH, { error: 'updates.error_too_long' })),
});
/** The operator's HTML to preview. */
export type UpdatePreviewBody = z.infer<typeof updatePreviewBodySchema>;

/** The same HTML as an update would store it: cleaned with the diary's allow-list. */
export const updatePreviewSchema = z.object({ html: z.string() });
/** A sanitized preview. */
export type UpdatePreview = z.infer<typeof updatePreviewSchema>;

/** Where the diary's red dot stands for the asking user. */
export const diaryStateSchema = z.object({
  /** Creation time of the newest update, or null when there is none. */
  latestAt: z.nullable(z.number()),
  /** Creation time of the newest update this user has seen in the diary (0: never opened). */
  lastSeenAt: z.number(),
  unread: z.boolean(),
});
/** Where the diary's red dot stands. */
export type DiaryState = z.infer<typeof diaryStateSchema>;

/** `POST /api/updates/seen`: the creation time of the newest update the diary showed. */
export const diarySeenBodySchema = z.object({ seenAt: z.number().check(z.int(), z.minimum(0)) });

/** Params naming one update. */
export const updateIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
