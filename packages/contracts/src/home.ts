import * as z from 'zod/mini';
import { languageSchema } from './i18n.ts';

/** Longest popup title a link may carry (an update's title is the longest the dashboard signs). */
export const POPUP_TITLE_MAX_LENGTH = 200;
/** Longest media path (`image`, `video`) a popup link may carry. */
const POPUP_MEDIA_MAX_LENGTH = 2048;

/**
 * The home page's popup parameters (the spec's `popup`, `title`, `date`, `image`, `video`) and the
 * server's signature of them (`sig`): a popup is shown only when the server finds the signature
 * good, so it shows only words the operator wrote.
 */
export const HOME_POPUP_PARAMS = ['popup', 'title', 'date', 'image', 'video', 'sig'] as const;

/** What a popup shows: a title, a date, optional image and video (same-site paths). */
export const homePopupSchema = z.object({
  title: z.string(),
  date: z.string(),
  image: z.nullable(z.string()),
  video: z.nullable(z.string()),
});
/** What a popup shows. */
export type HomePopup = z.infer<typeof homePopupSchema>;

const text = (max: number) => z.optional(z.string().check(z.maxLength(max)));

/** `GET /api/home/popup`: the home page's query as the link carried it. */
export const homePopupQuerySchema = z.object({
  popup: text(8),
  title: text(POPUP_TITLE_MAX_LENGTH),
  date: text(10),
  image: text(POPUP_MEDIA_MAX_LENGTH),
  video: text(POPUP_MEDIA_MAX_LENGTH),
  sig: text(64),
});
/** The home page's popup query. */
export type HomePopupQuery = z.infer<typeof homePopupQuerySchema>;

/** The popup to show, or null: not asked for (`popup` is not `true`), unsigned, or altered. */
export const homePopupAnswerSchema = z.object({ popup: z.nullable(homePopupSchema) });

/** The day a popup names (`YYYY-MM-DD`, UTC) for a time in milliseconds. */
export function popupDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The home-page link of a popup with its signature: `/?popup=true&title=…&date=…[&image=…][&video=…]&sig=…`. */
export function popupPath(popup: HomePopup, sig: string): string {
  const params = new URLSearchParams({ popup: 'true', title: popup.title, date: popup.date });
  if (popup.image) params.set('image', popup.image);
  if (popup.video) params.set('video', popup.video);
  params.set('sig', sig);
  return `/?${params.toString()}`;
}

/** The popup links of an update, one per language it has a title in (the title in that language). */
export const updatePopupLinksSchema = z.object({
  links: z.array(z.object({ language: languageSchema, path: z.string() })),
});
/** An update's popup links. */
export type UpdatePopupLinks = z.infer<typeof updatePopupLinksSchema>;
