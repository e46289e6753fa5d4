import type { GomeumLog, GomeumLogFields, GomeumTask, LocalizedText, PlanetId } from '@gomeum/contracts';
import { firstWrittenLanguage, LANGUAGES } from '@gomeum/contracts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { parseLocalized, stringifyLocalized } from '../../lib/json.ts';
import { fileUrl, type FilesService } from '../files/index.ts';
import type { GomeumLogRow, GomeumTaskRow, GomeumTasksRepository } from './gomeum-tasks.repository.ts';

function toGomeumTask(row: GomeumTaskRow): GomeumTask {
  return {
    description: parseLocalized(row.description),
    reward: parseLocalized(row.reward),
    proof: row.proof,
    imageUrl: fileUrl(row.image_key),
    updatedAt: row.updated_at,
  };
}

function parseKeys(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * What is stored of a log entry's text: each language written, and as its own text the English
 * one, else the first written, else `content`.
 */
function logTexts(fields: GomeumLogFields): Pick<GomeumLogRow, 'content' | 'contents'> {
  const contents: LocalizedText = {};
  for (const language of LANGUAGES) {
    const text = fields[`content_${language}`];
    if (text) contents[language] = text;
  }
  const own = firstWrittenLanguage(contents);
  if (!own) return { content: fields.content, contents: null };
  return { content: contents[own] ?? fields.content, contents: stringifyLocalized(contents) };
}

function toGomeumLog(row: GomeumLogRow): GomeumLog {
  return {
    id: row.id,
    planet: row.planet as PlanetId,
    content: row.content,
    ...(row.contents ? { contents: parseLocalized(row.contents) } : {}),
    imageUrls: parseKeys(row.images).flatMap((key) => fileUrl(key) ?? []),
    createdAt: row.created_at,
  };
}

/**
 * Gomeum's side of each planet: its own task (the operator writes it, per language, with an image)
 * and its log entries (public images), read by every user and announced in the chats of the
 * planet's users; every change reaches open pages live.
 */
export class GomeumTasksService {
  constructor(
    private readonly repo: GomeumTasksRepository,
    private readonly files: FilesService,
    private readonly now: () => number,
    /**
     * Told after Gomeum publishes (`published`: the chat announces it), corrects or takes back
     * (`changed`) a log entry, so open pages read the log again; its failures never undo the change.
     */
    private readonly onGomeumLog: (planet: PlanetId, change: 'published' | 'changed') => Promise<void> = () =>
      Promise.resolve(),
  ) {}

  /** Gomeum's task on a planet, or null when the operator has not written one. */
  async task(planet: PlanetId): Promise<GomeumTask | null> {
    const row = await this.repo.getTask(planet);
    return row ? toGomeumTask(row) : null;
  }

  /** Gomeum's log on a planet, newest first. */
  async listLogs(planet: PlanetId, limit: number): Promise<GomeumLog[]> {
    return (await this.repo.listLogs(planet, limit)).map(toGomeumLog);
  }

  /** When Gomeum last wrote on each planet (the galaxy's dots). */
  latestPerPlanet(): Promise<Map<string, number>> {
    return this.repo.latestPerPlanet();
  }

  /** Gomeum's newest log of all, when and on which planet, or null. */
  latestLog(): Promise<{ planet: string; createdAt: number } | null> {
    return this.repo.latest().then((row) => (row ? { planet: row.planet, createdAt: row.created_at } : null));
  }

  /**
   * Gomeum's newest log on a planet where the user has a confirmed task, when and on which planet,
   * or null (the chat announces it to them; others see it on the planet's pages only).
   */
  latestLogFor(userId: string): Promise<{ planet: string; createdAt: number } | null> {
    return this.repo.latestFor(userId).then((row) => (row ? { planet: row.planet, createdAt: row.created_at } : null));
  }

  /** Gomeum's task on a planet with its whole log, for the operator's editor. */
  async taskView(planet: PlanetId) {
    const [task, logs] = await Promise.all([this.repo.getTask(planet), this.repo.listLogs(planet, 200)]);
    const view = task ? toGomeumTask(task) : { description: {}, reward: {}, proof: '', imageUrl: null };
    return {
      planet,
      description: view.description,
      reward: view.reward,
      proof: view.proof,
      imageUrl: view.imageUrl,
      logs: logs.map(toGomeumLog),
    };
  }

  /**
   * The operator rewrites Gomeum's task on a planet: description and reward per language (blank
   * languages left out, so readers fall back to English), proof, and optionally a new image.
   */
  async updateTask(
    planet: PlanetId,
    edit: { description: LocalizedText; reward: LocalizedText; proof: string },
    image: Buffer | null,
    operatorId: string,
  ) {
    const existing = await this.repo.getTask(planet);
    const file = image
      ? await this.files.putImage(image, { folder: 'gomeum-tasks', ownerId: operatorId, private: false })
      : null;
    try {
      await this.repo.upsertTask({
        planet,
        description: JSON.stringify(edit.description),
        reward: JSON.stringify(edit.reward),
        proof: edit.proof,
        image_key: file?.key ?? existing?.image_key ?? null,
        updated_at: this.now(),
      });
    } catch (error) {
      // The entry's own error is what the caller hears; removing its file is best effort.
      if (file) await this.files.remove(file.key).catch(() => undefined);
      throw error;
    }
    return this.taskView(planet);
  }

  /** Gomeum corrects the text of one of its log entries (its images and date stay). */
  async editLog(planet: PlanetId, id: string, fields: GomeumLogFields): Promise<GomeumLog> {
    const texts = logTexts(fields);
    const row = await this.repo.getLog(planet, id);
    if (!row || !(await this.repo.updateLogContent(row.id, texts))) throw new AppError('errors.not_found');
    await this.onGomeumLog(planet, 'changed').catch(() => undefined);
    return toGomeumLog({ ...row, ...texts });
  }

  /** Gomeum takes back one of its log entries; its images go with it. */
  async deleteLog(planet: PlanetId, id: string): Promise<void> {
    const row = await this.repo.getLog(planet, id);
    if (!row || !(await this.repo.deleteLog(row.id))) throw new AppError('errors.not_found');
    await this.onGomeumLog(planet, 'changed').catch(() => undefined);
    // The entry is gone first; a file that fails to go is an orphan, never a broken entry.
    await Promise.allSettled(parseKeys(row.images).map((key) => this.files.remove(key)));
  }

  /** Gomeum writes a new log entry on a planet, with optional images (public: every user sees them). */
  async addLog(planet: PlanetId, fields: GomeumLogFields, images: Buffer[], operatorId: string): Promise<GomeumLog> {
    const stored: string[] = [];
    try {
      for (const image of images) {
        stored.push(
          (await this.files.putImage(image, { folder: 'gomeum-logs', ownerId: operatorId, private: false })).key,
        );
      }
      const row: GomeumLogRow = {
        id: newId(),
        planet,
        ...logTexts(fields),
        images: JSON.stringify(stored),
        created_at: this.now(),
      };
      await this.repo.insertLog(row);
      await this.onGomeumLog(planet, 'published').catch(() => undefined);
      return toGomeumLog(row);
    } catch (error) {
      await Promise.allSettled(stored.map((key) => this.files.remove(key)));
      throw error;
    }
  }
}
