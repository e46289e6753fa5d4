import type {
  ChatConversation,
  ChatConversationPage,
  OperatorQueueItem,
  OperatorQueuePage,
  ServerEvent,
  WaitingProof,
} from '@gomeum/contracts';
import { queueItemKey } from '@gomeum/contracts';
import type { Kysely } from 'kysely';
import { coalesced, isPostgres } from '../../db/coalesce.ts';
import type { Database } from '../../db/schema.ts';
import type { LiveHub } from '../../lib/live/index.ts';
import { toChatMessage } from './chat.history.ts';
import {
  ConversationsRepository,
  type ConversationRow,
  type WaitingConversationRow,
  type WaitingCursor,
} from './conversations.repository.ts';

// How much of the user's newest message the queue shows.
const PREVIEW = 120;

/** Where a page of proofs starts: after the proof sent at `createdAt` with the id `logId` ('' : before any then). */
export interface ProofCursor {
  createdAt: number;
  logId: string;
}

/** What the inbox needs. */
export interface ChatInboxDeps {
  db: Kysely<Database>;
  hub: Pick<LiveHub, 'publishToOperators' | 'operatorConnections' | 'onRemoteEvent' | 'busStatus'>;
  /** A page of the proofs waiting, oldest first (the tasks feature's). */
  waitingProofs: (after: ProofCursor | null, limit: number) => Promise<{ proofs: WaitingProof[]; more: boolean }>;
  /** A proof as the queue lists it (the tasks feature's). */
  proofItem: (proof: WaitingProof) => OperatorQueueItem;
  onError: (error: unknown, context: string) => void;
}

const nameOf = (row: { user_id: string; email: string | null; guest_id: string | null }) =>
  row.email ?? row.guest_id ?? row.user_id;

function toConversation(row: ConversationRow): ChatConversation {
  return {
    userId: row.user_id,
    email: row.email,
    guestId: row.guest_id,
    isGuest: row.is_guest === 1,
    lastMessage: toChatMessage(row.last),
    messageCount: row.message_count,
    unreadCount: row.unread_count,
    userReadId: row.user_read_seq,
    version: row.version,
    position: row.last_id,
  };
}

function chatItem(row: WaitingConversationRow): OperatorQueueItem {
  const preview = row.content.slice(0, PREVIEW);
  return { kind: 'chat', userId: row.user_id, name: nameOf(row), since: row.since, preview, version: row.version };
}

/** A queue page's cursor read back: after a conversation (`c`) or a proof (`p`). */
type QueueCursor = { kind: 'c'; since: number; lastId: number } | { kind: 'p'; since: number; logId: string };

function parseCursor(cursor: string | undefined): QueueCursor | null {
  if (!cursor) return null;
  const [kind, since = '0', ...rest] = cursor.split('.');
  const id = rest.join('.');
  return kind === 'c'
    ? { kind: 'c', since: Number(since), lastId: Number(id) }
    : { kind: 'p', since: Number(since), logId: id };
}

/**
 * The operator's inbox and one queue, each read a page at a time by an index (the conversations'
 * rows are the database's, see `ConversationsRepository`), and told to every dashboard by what
 * changed: a conversation's new row and its place in the queue, never the whole list again.
 */
export class ChatInbox {
  private readonly repo: ConversationsRepository;
  private readonly findOne: (userId: string) => Promise<ConversationRow | null>;

  constructor(private readonly deps: ChatInboxDeps) {
    const repo = new ConversationsRepository(deps.db);
    this.repo = repo;
    const one = async (userId: string) => (await repo.find([userId]))[0] ?? null;
    // PostgreSQL: conversations changed together are read by one query (see db/coalesce.ts).
    this.findOne = isPostgres(deps.db)
      ? coalesced({
          one,
          many: async (userIds) => {
            const rows = new Map((await repo.find([...new Set(userIds)])).map((row) => [row.user_id, row]));
            return userIds.map((userId) => rows.get(userId) ?? null);
          },
        })
      : one;
    // Another instance stored a message or moved a read mark and told its own dashboards; this
    // one's hear the event through the bus, and are told the conversation's row from here.
    deps.hub.onRemoteEvent((event, target) => {
      if (target.kind !== 'operators') return;
      if (event.type === 'chat.message') void this.changedHere(event.message.userId);
      else if (event.type === 'chat.read') void this.changedHere(event.userId);
    });
  }

  /** A page of the conversations, most recent first, and how many the operator has not read. */
  async page(query: { before?: number | undefined; limit: number }): Promise<ChatConversationPage> {
    const [{ rows, more }, unreadTotal] = await Promise.all([
      this.repo.page(query.before ?? null, query.limit),
      this.repo.unreadTotal(),
    ]);
    const last = rows.at(-1);
    return { conversations: rows.map(toConversation), next: more && last ? last.last_id : null, unreadTotal };
  }

  /**
   * A page of everything waiting for Gomeum, oldest first: the conversations' and the proofs'
   * pages after the cursor, merged (at equal times the conversations first, as they always were).
   */
  async queue(query: { cursor?: string | undefined; limit: number }): Promise<OperatorQueuePage> {
    const at = parseCursor(query.cursor);
    const chatsAfter: WaitingCursor | null = at && { since: at.since, lastId: at.kind === 'c' ? at.lastId : 0 };
    const proofsAfter: ProofCursor | null = at && { createdAt: at.since, logId: at.kind === 'p' ? at.logId : '' };
    const [chats, proofs] = await Promise.all([
      this.repo.waiting(chatsAfter, query.limit),
      this.deps.waitingProofs(proofsAfter, query.limit),
    ]);
    const items: { item: OperatorQueueItem; cursor: string }[] = [];
    let c = 0;
    let p = 0;
    while (items.length < query.limit) {
      const chat = chats.rows[c];
      const proof = proofs.proofs[p];
      if (chat && (!proof || chat.since <= proof.createdAt)) {
        items.push({ item: chatItem(chat), cursor: `c.${chat.since}.${chat.last_id}` });
        c += 1;
      } else if (proof) {
        items.push({ item: this.deps.proofItem(proof), cursor: `p.${proof.createdAt}.${proof.id}` });
        p += 1;
      } else break;
    }
    const left = c < chats.rows.length || chats.more || p < proofs.proofs.length || proofs.more;
    return { items: items.map((entry) => entry.item), next: left ? (items.at(-1)?.cursor ?? null) : null };
  }

  /**
   * A message stored or a read mark moved here, and published to the operators (`chat.message`,
   * `chat.read`): this instance's dashboards are told the conversation's row and its place in the
   * queue as they are now. Each other instance does the same for its own when that event reaches
   * it (see the constructor), so the row is read only where an operator's socket is open: never
   * with no operator connected. A socket opened after this looked reads the lists on opening.
   */
  async changedHere(userId: string): Promise<void> {
    if (this.deps.hub.operatorConnections().length === 0) return;
    await this.tell(userId, (event) => {
      for (const connection of this.deps.hub.operatorConnections()) connection.send(event);
    });
  }

  /**
   * A conversation changed without an event of its own on the bus (a guest's messages merged
   * into an account): read when an operator may hear, here or on another instance, and told to
   * every dashboard.
   */
  async changed(userId: string): Promise<void> {
    if (this.deps.hub.operatorConnections().length === 0 && this.deps.hub.busStatus() === 'off') return;
    await this.tell(userId, (event) => this.deps.hub.publishToOperators(event));
  }

  /**
   * Reads a conversation's row (one query) and sends it as `chat.conversation` and its place in
   * the queue as `operator.queue`. Never fails: a dashboard that missed it reads the lists again
   * when it reconnects.
   */
  private async tell(userId: string, send: (event: ServerEvent) => void | Promise<void>): Promise<void> {
    try {
      const [row, unreadTotal] = await Promise.all([this.findOne(userId), this.repo.unreadTotal()]);
      const conversation = row && toConversation(row);
      const key = queueItemKey({ kind: 'chat', userId });
      const waiting = row?.waiting;
      const version = row?.version;
      const item: OperatorQueueItem | null =
        row && waiting
          ? {
              kind: 'chat',
              userId,
              name: nameOf(row),
              since: waiting.since,
              preview: waiting.content.slice(0, PREVIEW),
              version: row.version,
            }
          : null;
      await send({ type: 'chat.conversation', userId, conversation, unreadTotal });
      await send({ type: 'operator.queue', key, item, ...(version === undefined ? {} : { version }) });
    } catch (error) {
      this.deps.onError(error, 'conversation change');
    }
  }

  /** A user and all of theirs are gone: every dashboard drops what it shows of them. */
  async removed(userId: string): Promise<void> {
    await this.deps.hub.publishToOperators({ type: 'operator.user_removed', userId });
  }
}
