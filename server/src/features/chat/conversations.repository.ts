import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { seqAtOrBelow, type ChatMessageRow } from './chat.repository.ts';

/** One conversation as the inbox shows it: its row, its newest message and the user's read mark. */
export interface ConversationRow {
  user_id: string;
  email: string | null;
  guest_id: string | null;
  is_guest: number;
  message_count: number;
  unread_count: number;
  /** The newest message the user has seen, by its number in the conversation (0: none). */
  user_read_seq: number;
  version: number;
  /** Where it stands in the inbox: its newest message's id (the database's, over every conversation). */
  last_id: number;
  last: ChatMessageRow;
  /** Since when it waits for Gomeum, and the user's newest message meanwhile; null: it does not wait. */
  waiting: { since: number; lastId: number; content: string } | null;
}

/** One conversation waiting for Gomeum, as the queue shows it. */
export interface WaitingConversationRow {
  user_id: string;
  email: string | null;
  guest_id: string | null;
  since: number;
  last_id: number;
  version: number;
  /** The user's newest message since Gomeum's answer. */
  content: string;
}

/**
 * Where a page of the queue's conversations starts: after the one waiting since `since` whose
 * newest message is `lastId` (0: after every conversation waiting since then).
 */
export interface WaitingCursor {
  since: number;
  lastId: number;
}

/** The inbox's rows: a conversation with its newest message, its user, their read mark and the waiting message. */
function conversationRows(db: Kysely<Database>) {
  return db
    .selectFrom('chat_conversations as c')
    .innerJoin('chat_messages as m', 'm.id', 'c.last_id')
    .leftJoin('chat_messages as w', 'w.id', 'c.waiting_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('chat_reads as r', 'r.user_id', 'c.user_id')
    .select([
      'c.user_id',
      'c.message_count',
      'c.unread_count',
      'c.version',
      'u.email',
      'u.guest_id',
      'u.is_guest',
      'c.waiting_since',
      'c.waiting_id',
      'w.content as waiting_content',
      (eb) => seqAtOrBelow(eb.ref('c.user_id'), eb.ref('r.user_read_id')).as('user_read_seq'),
      'm.id',
      'm.seq',
      'm.sender',
      'm.kind',
      'm.content',
      'm.meta',
      'm.created_at',
      'm.client_id',
    ]);
}

/**
 * The operator's reads of `chat_conversations` (kept by the database's triggers, see migration
 * 20261201100000_chat_conversations): each a page by an index, whatever the number of users. The
 * user's name comes joined from `users` (read knowingly, as the dashboard's reads do), so a live
 * change costs one query.
 */
export class ConversationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The conversations, most recent first (by their newest message): `limit` of them below the
   * newest message id `before` (none: from the top), and whether more follow.
   */
  async page(before: number | null, limit: number): Promise<{ rows: ConversationRow[]; more: boolean }> {
    let query = conversationRows(this.db);
    if (before !== null) query = query.where('c.last_id', '<', before);
    const rows = await query
      .orderBy('c.last_id', 'desc')
      .limit(limit + 1)
      .execute();
    return { rows: rows.slice(0, limit).map(toConversationRow), more: rows.length > limit };
  }

  /** These users' conversations (those that have one). */
  async find(userIds: readonly string[]): Promise<ConversationRow[]> {
    if (userIds.length === 0) return [];
    const rows = await conversationRows(this.db)
      .where('c.user_id', 'in', [...userIds])
      .execute();
    return rows.map(toConversationRow);
  }

  /**
   * Conversations waiting for Gomeum, longest waiting first (at equal times, as the inbox orders
   * them): `limit` of them after `cursor`, and whether more follow.
   */
  async waiting(
    cursor: WaitingCursor | null,
    limit: number,
  ): Promise<{ rows: WaitingConversationRow[]; more: boolean }> {
    let query = this.db
      .selectFrom('chat_conversations as c')
      .innerJoin('chat_messages as w', 'w.id', 'c.waiting_id')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.user_id', 'u.email', 'u.guest_id', 'c.waiting_since', 'c.last_id', 'c.version', 'w.content'])
      .where('c.waiting_since', 'is not', null);
    if (cursor) {
      const { since, lastId } = cursor;
      query = query
        .where('c.waiting_since', '>=', since)
        .where((eb) => eb.or([eb('c.waiting_since', '>', since), eb('c.last_id', '<', lastId)]));
    }
    const rows = await query
      .orderBy('c.waiting_since', 'asc')
      .orderBy('c.last_id', 'desc')
      .limit(limit + 1)
      .execute();
    return {
      rows: rows.slice(0, limit).map((row) => ({
        user_id: row.user_id,
        email: row.email,
        guest_id: row.guest_id,
        since: row.waiting_since ?? 0,
        last_id: row.last_id,
        version: row.version,
        content: row.content,
      })),
      more: rows.length > limit,
    };
  }

  /** Conversations with a user message the operator has not read (a count the database keeps). */
  async unreadTotal(): Promise<number> {
    const row = await this.db
      .selectFrom('operator_counts')
      .select(sql<number | string | null>`sum(value)`.as('n'))
      .where('name', '=', 'unread_conversations')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof conversationRows>['execute']>>[number];

function toConversationRow(row: JoinedRow): ConversationRow {
  const last: ChatMessageRow = {
    id: row.id,
    user_id: row.user_id,
    seq: row.seq,
    sender: row.sender,
    kind: row.kind,
    content: row.content,
    meta: row.meta,
    created_at: row.created_at,
    client_id: row.client_id,
  };
  const waiting =
    row.waiting_since !== null && row.waiting_id !== null
      ? { since: row.waiting_since, lastId: row.waiting_id, content: row.waiting_content ?? '' }
      : null;
  return {
    user_id: row.user_id,
    email: row.email,
    guest_id: row.guest_id,
    is_guest: row.is_guest,
    message_count: row.message_count,
    unread_count: row.unread_count,
    user_read_seq: row.user_read_seq ?? 0,
    version: row.version,
    last_id: row.id,
    last,
    waiting,
  };
}
