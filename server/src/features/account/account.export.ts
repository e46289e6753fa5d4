import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import type { FilesService } from '../files/index.ts';
import { sourceHash, type TranslationRepository } from '../translation/index.ts';
import type { AccountRepository, AccountRow } from './account.repository.ts';

/** What building a download needs. */
export interface ExportDeps {
  repo: AccountRepository;
  files: FilesService;
  /** The translations kept for the operator (of the user's messages among them). */
  translations?: Pick<TranslationRepository, 'ofHashes'> | undefined;
  onError: (error: unknown, context: string) => void;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Localized text is stored as JSON; a value that is not JSON is handed out as it is. */
function parsed(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

/** One JSON document, computed when the archive gets to it. */
async function* jsonDocument(value: () => Promise<unknown>): AsyncGenerator<Buffer> {
  yield Buffer.from(`${JSON.stringify(await value(), null, 2)}\n`);
}

/** A JSON array written item by item as its pages are read: never whole in memory. */
async function* jsonArray<T>(pages: AsyncIterable<T[]>, shape: (item: T) => unknown): AsyncGenerator<Buffer> {
  let first = true;
  yield Buffer.from('[');
  for await (const page of pages) {
    const lines = page.map((item) => JSON.stringify(shape(item)));
    if (lines.length === 0) continue;
    yield Buffer.from(`${first ? '\n  ' : ',\n  '}${lines.join(',\n  ')}`);
    first = false;
  }
  yield Buffer.from(first ? ']\n' : '\n]\n');
}

async function* once<T>(rows: Promise<T[]>): AsyncGenerator<T[]> {
  yield await rows;
}

/**
 * Each page of chat messages with the translations kept of each message's words (by language),
 * read a page at a time as well.
 */
async function* withTranslations<T extends { content: string }>(
  pages: AsyncIterable<T[]>,
  translations: ExportDeps['translations'],
): AsyncGenerator<(T & { translations: Record<string, string> | null })[]> {
  for await (const page of pages) {
    const hashes = page.map((row) => sourceHash(row.content));
    const rows = translations ? await translations.ofHashes([...new Set(hashes)]) : [];
    const byHash = new Map<string, Record<string, string>>();
    for (const row of rows) byHash.set(row.source_hash, { ...byHash.get(row.source_hash), [row.target]: row.text });
    yield page.map((row, index) => ({ ...row, translations: byHash.get(hashes[index] ?? '') ?? null }));
  }
}

/**
 * The download of everything held about one user: a ZIP of JSON documents (profile, sessions,
 * tasks, proofs, Gomeum's logs on their planets, chat, moon answers, page visits, reminders,
 * push subscriptions, files) and the user's stored images under `images/`. Each entry is read from the
 * database or the store only when the archive reaches it, page by page, so the archive is never
 * held whole: memory stays flat however much there is.
 */
export async function exportArchive(deps: ExportDeps, user: AccountRow, now: number): Promise<Readable> {
  const { repo, files } = deps;
  const userId = user.id;
  const zip = new yazl.ZipFile();
  const output = new PassThrough();
  let failed = false;
  const fail = (error: unknown, context: string) => {
    if (failed) return;
    failed = true;
    deps.onError(error, context);
    // A broken download must not look complete: the response ends with an error.
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', (error: unknown) => fail(error, 'data download'));
  zip.outputStream.on('error', (error: unknown) => fail(error, 'data download'));
  zip.outputStream.pipe(output);

  const entry = (name: string, source: () => AsyncIterable<Buffer>) =>
    zip.addReadStreamLazy(name, { mtime: new Date(now) }, (callback) => {
      const stream = Readable.from(source(), { objectMode: false });
      stream.on('error', (error) => fail(error, `data download: ${name}`));
      callback(null, stream);
    });

  entry('profile.json', () =>
    jsonDocument(async () => {
      const meta = await repo.meta(userId);
      return {
        id: user.id,
        email: user.email,
        role: user.role,
        isGuest: user.is_guest === 1,
        guestId: user.guest_id,
        locale: user.locale,
        createdAt: iso(user.created_at),
        lastLoginAt: iso(user.last_login_at),
        lastIp: user.last_ip,
        welcomeShown: meta ? meta.welcome_shown === 1 : false,
        lastSeenUpdateAt: meta ? iso(meta.last_seen_update) : null,
        lastSeenDiaryAt: meta ? iso(meta.last_seen_diary) : null,
        keepProgressAskedAt: meta ? iso(meta.keep_asked_at) : null,
        exportedAt: iso(now),
      };
    }),
  );
  entry('sessions.json', () =>
    jsonArray(once(repo.sessions(userId)), (s) => ({
      createdAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      expiresAt: iso(s.expires_at),
      ip: s.ip,
      userAgent: s.user_agent,
    })),
  );
  entry('tasks.json', () =>
    jsonArray(once(repo.tasks(userId)), (t) => ({
      id: t.id,
      planet: t.planet,
      description: t.description,
      reward: t.reward,
      confirmed: t.confirmed === 1,
      proof: t.proof,
      status: t.status,
      image: t.image_key ? `images/${t.image_key}` : null,
      updatedAt: iso(t.updated_at),
    })),
  );
  entry('proofs.json', () =>
    jsonArray(repo.proofs(userId), (p) => ({
      id: p.id,
      planet: p.planet,
      date: p.date,
      title: p.title,
      content: p.content,
      image: p.image_key ? `images/${p.image_key}` : null,
      createdAt: iso(p.created_at),
      reaction:
        p.reaction_sender === null
          ? null
          : { sender: p.reaction_sender, content: p.reaction_content, createdAt: iso(p.reaction_created_at) },
    })),
  );
  entry('gomeum-logs.json', () =>
    jsonArray(once(repo.gomeumLogs(userId)), (g) => ({
      id: g.id,
      planet: g.planet,
      content: g.content,
      // Each language Gomeum wrote it in (readers see their own), when written in more than one.
      contents: parsed(g.contents),
      images: parsed(g.images),
      createdAt: iso(g.created_at),
    })),
  );
  entry('chat.json', () =>
    jsonArray(withTranslations(repo.chat(userId), deps.translations), (m) => ({
      id: m.seq,
      sender: m.sender,
      kind: m.kind,
      content: m.content,
      translations: m.translations,
      meta: parsed(m.meta),
      createdAt: iso(m.created_at),
    })),
  );
  entry('moon-answers.json', () =>
    jsonArray(once(repo.moonAnswers(userId)), (a) => ({
      number: a.number,
      question: parsed(a.question),
      answer: a.answer,
      createdAt: iso(a.created_at),
    })),
  );
  entry('page-visits.json', () =>
    jsonArray(repo.visits(userId), (v) => ({
      page: v.page,
      ip: v.ip,
      city: v.city,
      country: v.country,
      at: iso(v.at),
    })),
  );
  entry('reminders.json', () =>
    jsonArray(once(repo.reminders(userId)), (r) => ({
      planet: r.planet,
      enabled: r.enabled === 1,
      // ISO days of the week, 1 = Monday; the local time and the zone it is counted in.
      days: [1, 2, 3, 4, 5, 6, 7].filter((day) => (r.days & (1 << (day - 1))) !== 0),
      time: `${String(Math.floor(r.minute / 60)).padStart(2, '0')}:${String(r.minute % 60).padStart(2, '0')}`,
      timeZone: r.time_zone,
      nextAt: iso(r.next_fire_at),
      lastSentAt: iso(r.last_fired_at),
      updatedAt: iso(r.updated_at),
    })),
  );
  entry('push-subscriptions.json', () =>
    jsonArray(once(repo.pushSubscriptions(userId)), (p) => ({
      endpoint: p.endpoint,
      locale: p.locale,
      createdAt: iso(p.created_at),
    })),
  );

  const owned = await repo.files(userId);
  entry('files.json', () =>
    jsonArray(once(Promise.resolve(owned)), (f) => ({
      path: `images/${f.key}`,
      contentType: f.content_type,
      size: f.size,
      private: f.private === 1,
      createdAt: iso(f.created_at),
    })),
  );
  for (const file of owned) {
    // Images are compressed already: stored as they are.
    zip.addReadStreamLazy(`images/${file.key}`, { mtime: new Date(now), compress: false }, (callback) => {
      files.open(file.key).then(
        (object) => {
          const body = object ? object.body : Readable.from([]);
          body.on('error', (error) => fail(error, `data download: ${file.key}`));
          callback(null, body);
        },
        (error: unknown) => {
          fail(error, `data download: ${file.key}`);
          callback(error instanceof Error ? error : new Error(String(error)), Readable.from([]));
        },
      );
    });
  }
  zip.end();
  return output;
}
