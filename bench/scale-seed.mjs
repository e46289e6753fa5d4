/**
 * Seeds a database directly (not through the API) with `users` users and `messages` chat messages
 * each, as a product of that size would hold them: for bench/scale.mjs. Half the users are guests;
 * each conversation opens with the welcome and goes back and forth between the user and Gomeum's AI,
 * one in ten ending with the user's message (waiting for Gomeum); half are read by the operator up
 * to three messages from the end. Half the users sent a proof (one in twenty of those waits for a
 * reaction), and every user made two visits in the last 30 days.
 *
 * SQLite: prepared inserts in transactions of 50,000 rows (`synchronous = OFF` while seeding).
 * PostgreSQL: multi-row inserts from arrays (`unnest`), 10,000 rows a statement, ANALYZE after (as
 * autovacuum would). Rows are written in the users' id order, so each index grows at its end.
 */
import crypto from 'node:crypto';

const DAY = 86_400_000;
const PLANETS = ['music', 'food', 'manga', 'game', 'movie', 'travel', 'drama'];
const PAGES = ['/', '/galaxy', '/moon', '/planet/music', '/task/food', '/planet/game?from=home', '/diary', '/register'];
const COUNTRIES = ['KR', 'CN', 'US', 'GB', 'JP', 'TW', 'DE', null];
const TEXT = 'Gomeum, I did it again today and I want to tell you all about it';

/** Every row of the seed, in chunks: `table`, its columns, and arrays of rows. */
function* seedRows({ users, messages, now, firstMessageId }) {
  const ids = Array.from({ length: users }, () => crypto.randomUUID()).sort();
  let messageId = firstMessageId;
  const chunk = 5_000;
  for (let start = 0; start < users; start += chunk) {
    const rows = { users: [], chat_messages: [], chat_reads: [], task_logs: [], proof_reactions: [], page_visits: [] };
    for (let i = start; i < Math.min(users, start + chunk); i += 1) {
      const id = ids[i];
      const guest = i % 2 === 1;
      const createdAt = now - 200 * DAY + Math.floor((i * 180 * DAY) / users);
      rows.users.push([
        id,
        guest ? null : `user${i}@example.com`,
        guest ? null : 'argon2-not-a-real-hash',
        'user',
        guest ? 1 : 0,
        guest ? `guest_${id.replaceAll('-', '').slice(0, 16)}` : null,
        ['en', 'zh', 'ko'][i % 3],
        createdAt,
      ]);
      const waiting = i % 10 === 0;
      let readId = 0;
      for (let k = 0; k < messages; k += 1) {
        messageId += 1;
        let sender = k % 2 === 1 ? 'user' : 'gomeum_ai';
        if (k === 0) sender = 'gomeum';
        else if (k === messages - 1) sender = waiting ? 'user' : 'gomeum_ai';
        const kind = k === 0 ? 'welcome' : 'message';
        rows.chat_messages.push([messageId, id, sender, kind, `${TEXT} (${k})`, null, createdAt + k * 60_000, k + 1]);
        if (k === messages - 3) readId = messageId;
      }
      if (i % 2 === 0 && readId > 0) rows.chat_reads.push([id, readId, createdAt]);
      if (i % 2 === 0) {
        const logId = crypto.randomUUID();
        const at = createdAt + 30 * 60_000;
        rows.task_logs.push([logId, id, PLANETS[i % 7], '2026-11-20', `Proof ${i}`, TEXT, at]);
        if (i % 40 !== 0) rows.proof_reactions.push([logId, id, 'gomeum_ai', 'Purr, well done!', at + 60_000]);
      }
      for (let v = 0; v < 2; v += 1) {
        const at = now - Math.floor(((i * 7 + v * 13) % 30) * DAY) - ((i + v) % 1000) * 1000;
        rows.page_visits.push([id, PAGES[(i + v) % PAGES.length], COUNTRIES[(i + v * 3) % COUNTRIES.length], at]);
      }
    }
    yield rows;
  }
}

const COLUMNS = {
  users: ['id', 'email', 'password_hash', 'role', 'is_guest', 'guest_id', 'locale', 'created_at'],
  // `seq` (the message's number in its conversation) only where the schema has it: dropped otherwise.
  chat_messages: ['id', 'user_id', 'sender', 'kind', 'content', 'meta', 'created_at', 'seq'],
  chat_reads: ['user_id', 'read_id', 'updated_at'],
  task_logs: ['id', 'user_id', 'planet', 'date', 'title', 'content', 'created_at'],
  proof_reactions: ['log_id', 'user_id', 'sender', 'content', 'created_at'],
  page_visits: ['user_id', 'page', 'country', 'at'],
};
// Users before what refers to them (foreign keys), proofs before their reactions.
const ORDER = ['users', 'chat_messages', 'chat_reads', 'task_logs', 'proof_reactions', 'page_visits'];

/** Each table's columns the schema has (`has(table, column)`), the rows' values cut to them. */
function schemaColumns(has) {
  const columns = Object.fromEntries(
    ORDER.map((table) => [table, COLUMNS[table].filter((column) => column !== 'seq' || has(table, column))]),
  );
  const cut = (table, row) => row.slice(0, columns[table].length);
  return { columns, cut };
}

/** Seeds the SQLite file `file` (the server stopped). Returns the rows written per table. */
export async function seedSqlite(file, { users, messages, now = Date.now() }) {
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(file);
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  const firstMessageId = db.prepare('select coalesce(max(id), 0) as id from chat_messages').get().id;
  const { columns, cut } = schemaColumns((table, column) =>
    db
      .prepare(`select name from pragma_table_info('${table}')`)
      .all()
      .some((row) => row.name === column),
  );
  const inserts = Object.fromEntries(
    ORDER.map((table) => [
      table,
      db.prepare(
        `insert into ${table} (${columns[table].join(', ')}) values (${columns[table].map(() => '?').join(', ')})`,
      ),
    ]),
  );
  const counts = Object.fromEntries(ORDER.map((table) => [table, 0]));
  let pending = 0;
  db.exec('begin');
  for (const rows of seedRows({ users, messages, now, firstMessageId })) {
    for (const table of ORDER) {
      for (const row of rows[table]) inserts[table].run(cut(table, row));
      counts[table] += rows[table].length;
      pending += rows[table].length;
    }
    if (pending >= 50_000) {
      db.exec('commit; begin');
      pending = 0;
    }
  }
  db.exec('commit');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return counts;
}

/** PostgreSQL's array type of each column, for `unnest`. */
const PG_TYPES = {
  users: ['text', 'text', 'text', 'text', 'int', 'text', 'text', 'bigint'],
  chat_messages: ['bigint', 'text', 'text', 'text', 'text', 'text', 'bigint', 'int'],
  chat_reads: ['text', 'bigint', 'bigint'],
  task_logs: ['text', 'text', 'text', 'text', 'text', 'text', 'bigint'],
  proof_reactions: ['text', 'text', 'text', 'text', 'bigint'],
  page_visits: ['text', 'text', 'text', 'bigint'],
};

/** Seeds the PostgreSQL database at `url`. Returns the rows written per table. */
export async function seedPostgres(url, { users, messages, now = Date.now() }) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  const firstMessageId = Number(
    (await client.query('select coalesce(max(id), 0) as id from chat_messages')).rows[0].id,
  );
  const known = await client.query(
    `select table_name, column_name from information_schema.columns where table_schema = current_schema()`,
  );
  const { columns: schema } = schemaColumns((table, column) =>
    known.rows.some((row) => row.table_name === table && row.column_name === column),
  );
  const counts = Object.fromEntries(ORDER.map((table) => [table, 0]));
  const insert = async (table, rows) => {
    for (let at = 0; at < rows.length; at += 10_000) {
      const part = rows.slice(at, at + 10_000);
      const columns = schema[table];
      const arrays = columns.map((_, c) => part.map((row) => row[c]));
      const unnest = columns.map((_, c) => `$${c + 1}::${PG_TYPES[table][c]}[]`).join(', ');
      const overriding = table === 'chat_messages' ? ' overriding system value' : '';
      await client.query(
        `insert into ${table} (${columns.join(', ')})${overriding} select * from unnest(${unnest})`,
        arrays,
      );
    }
    counts[table] += rows.length;
  };
  await client.query('begin');
  let pending = 0;
  for (const rows of seedRows({ users, messages, now, firstMessageId })) {
    for (const table of ORDER) await insert(table, rows[table]);
    pending += rows.chat_messages.length;
    if (pending >= 200_000) {
      await client.query('commit');
      await client.query('begin');
      pending = 0;
    }
  }
  await client.query('commit');
  await client.query(
    `select setval(pg_get_serial_sequence('chat_messages', 'id'), (select max(id) from chat_messages))`,
  );
  await client.query('analyze');
  await client.end();
  return counts;
}
