import {
  isLanguage,
  isPlanetId,
  LANGUAGES,
  SAVED_REPLIES_MAX,
  type Language,
  type SavedReply,
  type SavedReplyBody,
  type SavedReplyUse,
} from '@gomeum/contracts';
import { PLANET_NAMES } from '../../content/planet-names.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { UsersService } from '../auth/index.ts';
import type { SavedRepliesRepository, SavedReplyRow } from './saved-replies.repository.ts';

type Texts = SavedReply['texts'];

function textsOf(row: SavedReplyRow): Texts {
  const parsed = JSON.parse(row.texts) as Record<string, unknown>;
  const texts: Texts = {};
  for (const lang of LANGUAGES) {
    const value = parsed[lang];
    if (typeof value === 'string' && value !== '') texts[lang] = value;
  }
  return texts;
}

const toReply = (row: SavedReplyRow): SavedReply => ({ id: row.id, shortcut: row.shortcut, texts: textsOf(row) });

/** Only the languages written (blank ones dropped), as stored. */
function stored(texts: SavedReplyBody['texts']): string {
  return JSON.stringify(Object.fromEntries(LANGUAGES.flatMap((lang) => (texts[lang] ? [[lang, texts[lang]]] : []))));
}

/**
 * The operator's saved replies: kept, changed, deleted (at most SAVED_REPLIES_MAX, shortcuts
 * unique), and filled in for one user: `{name}` (their email's name or guest id) and `{planet}`
 * (their latest task's planet, named in each language), in their language and the operator's.
 */
export class SavedRepliesService {
  constructor(
    private readonly deps: {
      repo: SavedRepliesRepository;
      users: Pick<UsersService, 'summaries'>;
      now: () => number;
    },
  ) {}

  async list(): Promise<SavedReply[]> {
    return (await this.deps.repo.list(SAVED_REPLIES_MAX)).map(toReply);
  }

  async add(body: SavedReplyBody): Promise<SavedReply> {
    if ((await this.deps.repo.count()) >= SAVED_REPLIES_MAX) throw new AppError('errors.bad_request');
    if (await this.deps.repo.shortcutTaken(body.shortcut)) throw new AppError('errors.bad_request');
    const row = { id: newId(), shortcut: body.shortcut, texts: stored(body.texts) };
    await this.deps.repo.insert(row, this.deps.now());
    return toReply(row);
  }

  async update(id: string, body: SavedReplyBody): Promise<SavedReply> {
    if (await this.deps.repo.shortcutTaken(body.shortcut, id)) throw new AppError('errors.bad_request');
    const row = { id, shortcut: body.shortcut, texts: stored(body.texts) };
    if (!(await this.deps.repo.update(row, this.deps.now()))) throw new AppError('errors.not_found');
    return toReply(row);
  }

  async remove(id: string): Promise<{ ok: true }> {
    if (!(await this.deps.repo.delete(id))) throw new AppError('errors.not_found');
    return { ok: true };
  }

  /** The reply filled in for `userId`, in their language, and in `reading` for the operator. */
  async use(userId: string, id: string, reading: Language): Promise<SavedReplyUse> {
    const [row, summaries, planet] = await Promise.all([
      this.deps.repo.find(id),
      this.deps.users.summaries([userId]),
      this.deps.repo.latestPlanet(userId),
    ]);
    const user = summaries.get(userId);
    if (!row || !user) throw new AppError('errors.not_found');
    const texts = textsOf(row);
    const language: Language = isLanguage(user.locale) ? user.locale : 'en';
    const name = user.email?.split('@')[0] ?? user.guestId ?? '';
    const fill = (lang: Language) => {
      const text = texts[lang] ?? '';
      const place = planet && isPlanetId(planet) ? PLANET_NAMES[planet][lang] : '';
      return text.replaceAll('{name}', name).replaceAll('{planet}', place);
    };
    // A language the reply lacks: its English, else any it has.
    const written = texts[language] ? language : texts.en ? 'en' : (LANGUAGES.find((l) => texts[l]) ?? language);
    const text = fill(written);
    return { text, language, reading: texts[reading] ? fill(reading) : text };
  }
}
