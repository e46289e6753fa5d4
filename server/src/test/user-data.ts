import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import { makeImage } from './images.ts';
import type { TestApp, TestClient } from './test-app.ts';

/** What `fillUserData` stored for a user, to look for afterwards. */
export interface FilledData {
  /** The proof image's URL and the bytes stored for it (as the server re-encoded them). */
  proofUrl: string;
  proofBytes: Buffer;
  chatText: string;
  moonAnswer: string;
  visitPage: string;
  pushEndpoint: string;
}

/** A width of its own per tag, so each user's image has bytes of its own. */
const imageWidth = (tag: string) =>
  40 + (Array.from(tag).reduce((sum, char) => sum * 31 + (char.codePointAt(0) ?? 0), 7) % 200);

/**
 * Gives a signed-in user some of everything the product keeps: a task and a proof with an image,
 * a reminder, a chat message (and Gomeum's replies), a moon answer, a page visit, a push subscription,
 * the diary's seen mark, and (when an operator client is given) the operator's read mark, chat reply
 * and reaction to the proof.
 */
export async function fillUserData(
  t: TestApp,
  client: TestClient,
  tag: string,
  operator?: { client: TestClient; userId: string },
): Promise<FilledData> {
  const must = async (response: Promise<{ status: number; text: string; body: unknown }>, what: string) => {
    const done = await response;
    if (done.status !== 200) throw new Error(`${what}: ${done.status} ${done.text}`);
    return done.body;
  };
  await must(client.request('PUT', '/api/planets/music/task', { description: `Scales ${tag}`, reward: 'Tea' }), 'task');
  const proof = (await must(
    client.postForm('/api/planets/music/logs', { date: '2026-11-23', title: `Proof ${tag}`, content: `Done ${tag}` }, [
      { field: 'image', name: 'proof.png', type: 'image/png', bytes: await makeImage('png', imageWidth(tag)) },
    ]),
    'proof',
  )) as { log: { id: string; imageUrl: string } };
  const proofUrl = proof.log.imageUrl;
  await must(
    client.request('PUT', '/api/planets/music/reminder', {
      enabled: true,
      days: [1, 3, 5],
      time: '07:45',
      timeZone: 'Asia/Seoul',
    }),
    'reminder',
  );
  const stored = await t.services.files.open(proofUrl.replace('/api/files/', ''));
  if (!stored) throw new Error('proof image not stored');
  const proofBytes = Buffer.concat(await stored.body.toArray());
  const chatText = `Hello Gomeum from ${tag}`;
  await must(client.post('/api/chat/messages', { content: chatText }), 'chat');
  const questions = (await must(client.get('/api/moon/questions'), 'moon')) as { questions: { id: string }[] };
  const moonAnswer = `Moon answer of ${tag}`;
  const question = questions.questions[0];
  if (!question) throw new Error('no moon question');
  await must(client.post(`/api/moon/questions/${question.id}/answer`, { answer: moonAnswer }), 'moon answer');
  const visitPage = `/planet/music?from=${tag}`;
  await must(client.post('/api/visits', { page: visitPage }), 'visit');
  const pushEndpoint = `https://fcm.googleapis.com/fcm/send/${tag}-endpoint`;
  await must(
    client.post('/api/push/subscriptions', {
      endpoint: pushEndpoint,
      keys: { p256dh: `p256-${tag}`, auth: `auth-${tag}` },
    }),
    'push',
  );
  await must(client.post('/api/updates/seen', { seenAt: t.clock.now }), 'diary seen');
  if (operator) {
    await must(
      operator.client.post(`/api/operator/chats/${operator.userId}/messages`, { content: `Gomeum answers ${tag}` }),
      'reply',
    );
    await must(operator.client.post(`/api/operator/chats/${operator.userId}/read`, { upTo: 1_000_000 }), 'read mark');
    await must(
      operator.client.post(`/api/operator/proofs/${proof.log.id}/reaction`, { content: `Gomeum reacts to ${tag}` }),
      'proof reaction',
    );
  }
  await t.services.chat.idle();
  return { proofUrl, proofBytes, chatText, moonAnswer, visitPage, pushEndpoint };
}

/** Every table and column of the app's database, read from the database's own catalog. */
export async function catalogColumns(database: DatabaseHandle): Promise<{ table: string; column: string }[]> {
  if (database.engine === 'postgres') {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`.execute(database.db);
    return rows.rows.map((row) => ({ table: row.table_name, column: row.column_name }));
  }
  const tables = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
    database.db,
  );
  const columns: { table: string; column: string }[] = [];
  for (const { name } of tables.rows) {
    const info = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(database.db);
    for (const column of info.rows) columns.push({ table: name, column: column.name });
  }
  return columns;
}

/**
 * Where in the database a value appears: every table and column of the catalog is searched (as
 * text, anywhere inside the value: a JSON column holding it counts), with how many rows hold it.
 */
export async function whereValueAppears(database: DatabaseHandle, value: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const { table, column } of await catalogColumns(database)) {
    const result = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)}
      where cast(${sql.ref(column)} as text) like ${`%${value}%`}`.execute(database.db);
    const n = Number(result.rows[0]?.n ?? 0);
    if (n > 0) found.set(`${table}.${column}`, n);
  }
  return found;
}

/** The files stored on local disk under the uploads folder, as storage keys. */
export function storedFiles(t: TestApp): string[] {
  const uploads = path.join(t.config.dataDir, 'uploads');
  if (!fs.existsSync(uploads)) return [];
  return fs
    .readdirSync(uploads, { recursive: true })
    .map(String)
    .filter((entry) => fs.statSync(path.join(uploads, entry)).isFile() && !entry.startsWith('.probe'));
}
