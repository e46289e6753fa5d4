import { fileUrl, type FilesService } from '../files/index.ts';
import type { DiaryState, ServerEventOf, Update, UpdateBody, UpdatePopupLinks } from '@gomeum/contracts';
import { LANGUAGES, pickLocalized, popupDate, type LocalizedText } from '@gomeum/contracts';
import type { PopupLinks } from '../home/index.ts';
import { newId } from '../../lib/ids.ts';
import { AppError } from '../../lib/errors.ts';
import { parseLocalized, stringifyLocalized } from '../../lib/json.ts';
import { noPushSender, type PushSender } from '../../lib/push-sender.ts';
import { htmlToText, sanitizeUpdateHtml } from './sanitize.ts';
import type { UpdateRow, UpdatesRepository } from './updates.repository.ts';

/** How many updates the diary lists. */
const DIARY_SIZE = 100;
/** Longest push body, in characters. */
const PUSH_BODY_LENGTH = 140;

function toUpdate(row: UpdateRow): Update {
  return {
    id: row.id,
    title: parseLocalized(row.title),
    content: parseLocalized(row.content),
    imageUrl: fileUrl(row.image_key),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Trims titles, sanitizes contents, and drops languages left blank. */
function cleanBody(body: UpdateBody): { title: LocalizedText; content: LocalizedText } {
  const title: LocalizedText = {};
  const content: LocalizedText = {};
  for (const language of ['en', 'zh', 'ko'] as const) {
    const t = body.title[language]?.trim();
    if (t) title[language] = t;
    const c = body.content[language];
    const clean = c ? sanitizeUpdateHtml(c) : '';
    if (clean) content[language] = clean;
  }
  return { title, content };
}

function excerpt(text: string): string {
  return text.length > PUSH_BODY_LENGTH ? `${text.slice(0, PUSH_BODY_LENGTH - 1)}…` : text;
}

/** What the diary tells open tabs: an update published, or one changed or deleted. */
export type UpdateEvent = ServerEventOf<'update.published'> | ServerEventOf<'update.changed'>;

/** The updates diary: the operator writes sanitized entries, everyone reads them, users mark them seen. */
export class UpdatesService {
  constructor(
    private readonly updates: UpdatesRepository,
    private readonly now: () => number,
    private readonly push: PushSender = noPushSender,
    private readonly files: FilesService | null = null,
    /** Tells every open tab (the live channel): their diary dot and entries change without a reload. */
    private readonly announce: (event: UpdateEvent) => unknown = () => undefined,
    /** Signs the home page's popup links (the home feature's). */
    private readonly links: Pick<PopupLinks, 'path'> | null = null,
  ) {}

  async list(): Promise<Update[]> {
    return (await this.updates.list(DIARY_SIZE)).map(toUpdate);
  }

  async get(id: string): Promise<Update> {
    const update = await this.find(id);
    if (!update) throw new AppError('errors.not_found');
    return update;
  }

  /** One entry, or null when there is none (a shared link's card falls back to the site's). */
  async find(id: string): Promise<Update | null> {
    const row = await this.updates.find(id);
    return row ? toUpdate(row) : null;
  }

  /**
   * The operator's links to share an update as the home page's popup: one per language it has a
   * title in, with that title, its day and its image, signed.
   */
  async popupLinks(id: string): Promise<UpdatePopupLinks> {
    const update = await this.get(id);
    const { links } = this;
    if (!links) throw new AppError('errors.server');
    const date = popupDate(update.createdAt);
    return {
      links: LANGUAGES.flatMap((language) => {
        const title = update.title[language];
        if (!title) return [];
        return [{ language, path: links.path({ title, date, image: update.imageUrl, video: null }) }];
      }),
    };
  }

  /** One language's content as `create` or `edit` would store it (the editor's preview); stores nothing. */
  preview(html: string): { html: string } {
    return { html: sanitizeUpdateHtml(html) };
  }

  /** Publishes a new update and tells every push subscriber, each in their own language. */
  async create(body: UpdateBody): Promise<Update> {
    const { title, content } = cleanBody(body);
    const now = this.now();
    const row: UpdateRow = {
      id: newId(),
      title: stringifyLocalized(title),
      content: stringifyLocalized(content),
      image_key: null,
      created_at: now,
      updated_at: now,
    };
    await this.updates.insert(row);
    const update = toUpdate(row);
    await this.announce({ type: 'update.published', id: update.id, createdAt: update.createdAt });
    this.push.sendToAll((locale) => ({
      kind: 'update',
      title: pickLocalized(update.title, locale, 'Gomeum'),
      body: excerpt(htmlToText(pickLocalized(update.content, locale))),
      url: `/update/${encodeURIComponent(update.id)}`,
      tag: `update-${update.id}`,
    }));
    return update;
  }

  async edit(id: string, body: UpdateBody): Promise<Update> {
    const { title, content } = cleanBody(body);
    const changed = await this.updates.update(id, {
      title: stringifyLocalized(title),
      content: stringifyLocalized(content),
      updated_at: this.now(),
    });
    if (!changed) throw new AppError('errors.not_found');
    await this.announce({ type: 'update.changed', id });
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    const row = await this.updates.find(id);
    if (!row || !(await this.updates.delete(id))) throw new AppError('errors.not_found');
    await this.announce({ type: 'update.changed', id });
    if (row.image_key) await this.files?.remove(row.image_key);
  }

  /** Gives an update a new image (public, resized), or removes it with `null`; the old one is deleted. */
  async setImage(id: string, image: Buffer | null, operatorId: string): Promise<Update> {
    const row = await this.updates.find(id);
    if (!row) throw new AppError('errors.not_found');
    if (image && !this.files) throw new AppError('errors.server');
    const file =
      image && this.files
        ? await this.files.putImage(image, { folder: 'updates', ownerId: operatorId, private: false })
        : null;
    try {
      await this.updates.setImage(id, file?.key ?? null, this.now());
    } catch (error) {
      if (file) await this.files?.remove(file.key);
      throw error;
    }
    await this.announce({ type: 'update.changed', id });
    if (row.image_key) await this.files?.remove(row.image_key);
    return this.get(id);
  }

  /** Whether the diary's dot shows for this user. */
  async diaryState(userId: string): Promise<DiaryState> {
    const [latestAt, lastSeenAt] = await Promise.all([
      this.updates.latestCreatedAt(),
      this.updates.lastSeenDiary(userId),
    ]);
    return { latestAt, lastSeenAt, unread: latestAt !== null && latestAt > lastSeenAt };
  }

  /**
   * Remembers that the user has seen updates up to `seenAt` (the newest one the diary showed).
   * A time in the future is capped at the newest update, so a client cannot hide what is to come.
   */
  async markSeen(userId: string, seenAt: number): Promise<DiaryState> {
    const latestAt = await this.updates.latestCreatedAt();
    const at = Math.min(seenAt, latestAt ?? 0);
    if (at > 0) await this.updates.markDiarySeen(userId, at);
    return this.diaryState(userId);
  }
}
