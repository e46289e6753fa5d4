import { z } from 'zod';
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
  imageUrl: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
/** An entry of the updates diary. */
export type Update = z.infer<typeof updateSchema>;

/** `GET /api/updates`: the diary, newest first. */
export const updateListSchema = z.object({ updates: z.array(updateSchema) });

const localizedField = (max: number) =>
  z.object({
    en: z.string().max(max, { error: 'updates.error_too_long' }).optional(),
    zh: z.string().max(max, { error: 'updates.error_too_long' }).optional(),
    ko: z.string().max(max, { error: 'updates.error_too_long' }).optional(),
  });

/**
 * The operator's new or edited update (JSON). A title in at least one language is required.
 * The image is attached separately; this body never names a file.
 */
export const updateBodySchema = z.object({
  title: localizedField(UPDATE_TITLE_MAX_LENGTH).refine((title) => Object.values(title).some((value) => value.trim()), {
    error: 'updates.error_title_required',
  }),
  content: localizedField(UPDATE_CONTENT_MAX_LENGTH),
});
/** The operator's update body. */
export type UpdateBody = z.infer<typeof updateBodySchema>;

/** Where the diary's red dot stands for the asking user. */
export const diaryStateSchema = z.object({
  /** Creation time of the newest update, or null when there is none. */
  latestAt: z.number().nullable(),
  /** Creation time of the newest update this user has seen in the diary (0: never opened). */
  lastSeenAt: z.number(),
  unread: z.boolean(),
});
/** Where the diary's red dot stands. */
export type DiaryState = z.infer<typeof diaryStateSchema>;

/** `POST /api/updates/seen`: the creation time of the newest update the diary showed. */
export const diarySeenBodySchema = z.object({ seenAt: z.number().int().min(0) });

/** Params naming one update. */
export const updateIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
