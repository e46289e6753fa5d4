import type { ChatKind, ChatSender } from '@gomeum/contracts';
import { sql, type Expression, type Kysely, type Selectable } from 'kysely';
import { coalesced, isPostgres } from '../../db/coalesce.ts';
import { prepared } from '../../db/prepared.ts';
import type { ChatMessagesTable, Database } from '../../db/schema.ts';

/** A stored chat message row. */
export type ChatMessageRow = Selectable<ChatMessagesTable>;

/** A message to store. */
export interface NewChatMessage {
  userId: string;
  sender: ChatSender;
  kind: ChatKind;
  content: string;
  meta: string | null;
  createdAt: number;
}

/** A message's columns in order: the arguments of the chat's two prepared inserts (db/prepared.ts). */
type MessageArgs = [
  userId: string,
  sender: ChatSender,
  kind: ChatKind,
  content: string,
  meta: string | null,
  createdAt: number,
];
const argsOf = (m: NewChatMessage): MessageArgs => [m.userId, m.sender, m.kind, m.content, m.meta, m.createdAt];

/**
 * Stores a message (with the sender's own id for it, or none): the one insert of the chat. Its
 * number in the conversation (`seq`, see migration 20261205200000_chat_message_seq) is drawn in
 * this statement on SQLite (one writer, and RETURNING carries it), by the database's trigger on
 * PostgreSQL (in turn with other instances).
 */
function insertMessage(
  db: Kysely<Database>,
  [user_id, sender, kind, content, meta, created_at]: MessageArgs,
  client_id: string | null,
) {
  const values = { user_id, sender, kind, content, meta, created_at, client_id };
  if (isPostgres(db)) return db.insertInto('chat_messages').values(values);
  const seq = sql<number>`(select coalesce(max(n.seq), 0) + 1 from chat_messages n where n.user_id = ${user_id})`;
  return db.insertInto('chat_messages').values({ ...values, seq });
}

/**
 * PostgreSQL: many messages in one statement, each column one array parameter (one SQL text for
 * any count). The rows are fed to the insert by user, each user's in the arrays' order, so a
 * user's ids and numbers (drawn as each row is inserted) follow it, and every statement takes its
 * users' locks in the same order (never two statements waiting on each other); RETURNING itself
 * promises no order.
 */
function insertMessages(
  db: Kysely<Database>,
  [userIds, senders, kinds, contents, metas, createdAts]: MessageColumns,
  clientIds: (string | null)[],
) {
  return db
    .insertInto('chat_messages')
    .columns(['user_id', 'sender', 'kind', 'content', 'meta', 'created_at', 'client_id'])
    .expression(
      sql`select user_id, sender, kind, content, meta, created_at, client_id
        from unnest(${userIds}::text[], ${senders}::text[], ${kinds}::text[], ${contents}::text[], ${metas}::text[], ${createdAts}::bigint[], ${clientIds}::text[])
          with ordinality as m(user_id, sender, kind, content, meta, created_at, client_id, n)
        order by user_id, n`,
    );
}

/** The columns of many messages, one array each (the arguments of `insertMessages`). */
type MessageColumns = [
  userIds: string[],
  senders: ChatSender[],
  kinds: ChatKind[],
  contents: string[],
  metas: (string | null)[],
  createdAts: number[],
];
function columnsOf(messages: readonly NewChatMessage[]): MessageColumns {
  return [
    messages.map((m) => m.userId),
    messages.map((m) => m.sender),
    messages.map((m) => m.kind),
    messages.map((m) => m.content),
    messages.map((m) => m.meta),
    messages.map((m) => m.createdAt),
  ];
}

const namedKey = (userId: string, clientId: string) => `${userId}\u0000${clientId}`;

/** A message named with the sender's own id, and whether this call stored it. */
export interface StoredOnce {
  row: ChatMessageRow;
  created: boolean;
}

/** All SQL of the chat: messages and the operator's read marks. */
export class ChatRepository {
  // PostgreSQL: messages sent together are stored by one statement (see db/coalesce.ts).
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<Database>) {
    this.postgres = isPostgres(db);
  }

  // Every message is one of these two: built once.
  private readonly insertNew = prepared((db, ...args: MessageArgs) => insertMessage(db, args, null).returningAll());
  private readonly insertNamed = prepared((db, clientId: string, ...args: MessageArgs) =>
    insertMessage(db, args, clientId)
      .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
      .returningAll(),
  );
  private readonly insertNewMany = prepared((db, clientIds: null[], ...columns: MessageColumns) =>
    insertMessages(db, columns, clientIds).returningAll(),
  );
  private readonly insertNamedMany = prepared((db, clientIds: string[], ...columns: MessageColumns) =>
    insertMessages(db, columns, clientIds)
      .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
      .returningAll(),
  );

  private async insertOne(message: NewChatMessage, db: Kysely<Database>): Promise<ChatMessageRow> {
    const [row] = await this.insertNew(db, ...argsOf(message));
    if (!row) throw new Error('chat message not stored');
    return row;
  }

  private readonly insertCoalesced = coalesced<NewChatMessage, ChatMessageRow>({
    one: (message) => this.insertOne(message, this.db),
    many: async (messages) => {
      const rows = await this.insertNewMany(
        this.db,
        messages.map(() => null),
        ...columnsOf(messages),
      );
      // Every message was stored (or the statement failed): in id order, each user's rows are
      // that user's messages in order.
      const byUser = new Map<string, ChatMessageRow[]>();
      for (const row of rows.sort((a, b) => a.id - b.id))
        byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
      return messages.map((message) => {
        const row = byUser.get(message.userId)?.shift();
        if (!row) throw new Error('chat message not stored');
        return row;
      });
    },
  });

  private async insertOnceAlone(message: NewChatMessage, clientId: string): Promise<StoredOnce> {
    const [created] = await this.insertNamed(this.db, clientId, ...argsOf(message));
    if (created) return { row: created, created: true };
    return { row: await this.findNamed(message.userId, clientId), created: false };
  }

  private findNamed(userId: string, clientId: string): Promise<ChatMessageRow> {
    return this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
  }

  private readonly insertOnceCoalesced = coalesced<{ message: NewChatMessage; clientId: string }, StoredOnce>({
    one: ({ message, clientId }) => this.insertOnceAlone(message, clientId),
    many: async (named) => {
      // The same id twice at once (a retry racing its first send): stored once, the second told so.
      const first = new Map<string, { message: NewChatMessage; clientId: string }>();
      for (const entry of named) {
        const key = namedKey(entry.message.userId, entry.clientId);
        if (!first.has(key)) first.set(key, entry);
      }
      const unique = [...first.values()];
      const rows = await this.insertNamedMany(
        this.db,
        unique.map((entry) => entry.clientId),
        ...columnsOf(unique.map((entry) => entry.message)),
      );
      const created = new Map(rows.map((row) => [namedKey(row.user_id, row.client_id ?? ''), row]));
      return Promise.all(
        named.map(async (entry) => {
          const key = namedKey(entry.message.userId, entry.clientId);
          const row = created.get(key);
          if (row && first.get(key) === entry) return { row, created: true };
          // Stored before (a retried send), or by the same id's first call in this statement.
          return { row: row ?? (await this.findNamed(entry.message.userId, entry.clientId)), created: false };
        }),
      );
    },
  });

  /** Stores a message (inside `db` when given a transaction). */
  insert(message: NewChatMessage, db: Kysely<Database> = this.db): Promise<ChatMessageRow> {
    return this.postgres && db === this.db ? this.insertCoalesced(message) : this.insertOne(message, db);
  }

  /**
   * Stores a message the sender named with its own id, once: when that user already has a message
   * with this id (a retried send), nothing is stored and that message is returned instead.
   */
  insertOnce(message: NewChatMessage, clientId: string): Promise<StoredOnce> {
    return this.postgres ? this.insertOnceCoalesced({ message, clientId }) : this.insertOnceAlone(message, clientId);
  }

  /** A user's messages numbered above `after` (their `seq`), oldest first; the newest `limit` of them. */
  async listAfter(userId: string, after: number, limit: number): Promise<ChatMessageRow[]> {
    const rows = await this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('seq', '>', after)
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  /**
   * A page of a user's messages, oldest first, and whether more lie beyond it: `after` a number
   * (the oldest above it: catching up), `before` a number (the newest below it: scrolling back), or
   * neither (the newest). Numbers are the messages' `seq`, their ids on the wire. One row more than
   * asked is read to know whether there are more.
   */
  async page(
    userId: string,
    cursor: { after: number } | { before: number } | null,
    limit: number,
  ): Promise<{ rows: ChatMessageRow[]; more: boolean }> {
    let query = this.db.selectFrom('chat_messages').selectAll().where('user_id', '=', userId);
    if (cursor && 'after' in cursor) {
      const rows = await query
        .where('seq', '>', cursor.after)
        .orderBy('seq', 'asc')
        .limit(limit + 1)
        .execute();
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    }
    if (cursor) query = query.where('seq', '<', cursor.before);
    const rows = await query
      .orderBy('seq', 'desc')
      .limit(limit + 1)
      .execute();
    return { rows: rows.slice(0, limit).reverse(), more: rows.length > limit };
  }

  /** How many of each user's messages are above the operator's read mark (users with none are absent). */
  async unreadCounts(userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('chat_messages as m')
      .leftJoin('chat_reads as r', 'r.user_id', 'm.user_id')
      .select((eb) => ['m.user_id', eb.fn.countAll().as('unread')])
      .where('m.user_id', 'in', userIds)
      .where('m.sender', '=', 'user')
      .where((eb) => eb('m.id', '>', eb.fn.coalesce('r.read_id', eb.lit(0))))
      .groupBy('m.user_id')
      .execute();
    return new Map(rows.map((row) => [row.user_id, Number(row.unread)]));
  }

  /** The number (`seq`) of a user's newest message, or 0 without any. */
  async latestSeq(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.seq ?? 0;
  }

  /** The id (the database's own) of a user's newest message numbered `seq` or below, or 0 without any. */
  private async idAt(userId: string, seq: number): Promise<number> {
    const row = await this.db
      .selectFrom('chat_messages')
      .select('id')
      .where('user_id', '=', userId)
      .where('seq', '<=', seq)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? 0;
  }

  /**
   * Moves the operator's read mark in a conversation forward to the message numbered `readSeq`
   * (never backwards); true if it moved. The mark is kept as that message's id (what the
   * conversation's bookkeeping compares).
   */
  async markRead(userId: string, readSeq: number, now: number): Promise<boolean> {
    const readId = await this.idAt(userId, readSeq);
    const result = await this.db
      .insertInto('chat_reads')
      .values({ user_id: userId, read_id: readId, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ read_id: readId, updated_at: now }).where('chat_reads.read_id', '<', readId),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Moves the user's own read mark in their conversation forward to the message numbered `readSeq` (never backwards); true if it moved. */
  async markUserRead(userId: string, readSeq: number, now: number): Promise<boolean> {
    const readId = await this.idAt(userId, readSeq);
    const result = await this.db
      .insertInto('chat_reads')
      .values({ user_id: userId, read_id: 0, user_read_id: readId, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ user_read_id: readId, updated_at: now })
          .where('chat_reads.user_read_id', '<', readId),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Where the operator has read a user's conversation up to, as a message's number (`seq`; 0: nowhere yet). */
  async operatorReadSeq(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('chat_reads as r')
      .select((eb) => seqAtOrBelow(eb.ref('r.user_id'), eb.ref('r.read_id')).as('seq'))
      .where('r.user_id', '=', userId)
      .executeTakeFirst();
    return row?.seq ?? 0;
  }
}

/**
 * The number (`seq`) of `user`'s newest message whose id is `id` or below, as SQL: a read mark (kept
 * as an id) as the wire names it; one step down the user's index.
 */
export function seqAtOrBelow(user: Expression<string | null>, id: Expression<number | null>) {
  return sql<
    number | null
  >`(select s.seq from chat_messages s where s.user_id = ${user} and s.id <= ${id} order by s.id desc limit 1)`;
}
