import type { ChatMessage, ChatPage, ChatPageQuery, Me } from '@gomeum/contracts';
import { CHAT_HISTORY_LIMIT, CHAT_PAGE_MAX_BYTES, localizedTextSchema, planetIdSchema } from '@gomeum/contracts';
import { z } from 'zod';
import type { ByteBudget } from '../../lib/byte-budget.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChatMessageRow, ChatRepository } from './chat.repository.ts';

const metaSchema = z.object({ text: z.optional(localizedTextSchema), planet: z.optional(planetIdSchema) });

/** The wire form of a stored message: named by its number in its conversation, never the table's id. */
export function toChatMessage(row: ChatMessageRow): ChatMessage {
  let meta: z.infer<typeof metaSchema> = {};
  if (row.meta) {
    try {
      const parsed = metaSchema.safeParse(JSON.parse(row.meta));
      if (parsed.success) meta = parsed.data;
    } catch {
      // A damaged meta column reads as none.
    }
  }
  const message: ChatMessage = {
    id: row.seq,
    userId: row.user_id,
    sender: row.sender,
    kind: row.kind,
    content: row.content,
    text: meta.text ?? null,
    planet: meta.planet ?? null,
    createdAt: row.created_at,
  };
  // The sender's own id, when it sent one: its echo is matched to the pending copy by it.
  if (row.client_id !== null) message.clientId = row.client_id;
  return message;
}

/** A page as read, with its size as sent (the messages' JSON). */
export interface SizedPage extends ChatPage {
  bytes: number;
}

/**
 * The messages of a page that fit in `maxBytes` (as JSON, with the commas between them): from the
 * oldest (`from: 'oldest'`, catching up) or from the newest (`'newest'`, the newest page or
 * scrolling back), always at least one; `cut` when some were left out.
 */
export function withinBytes(
  messages: ChatMessage[],
  maxBytes: number,
  from: 'oldest' | 'newest',
): { kept: ChatMessage[]; bytes: number; cut: boolean } {
  const order = from === 'oldest' ? messages : messages.toReversed();
  let bytes = 0;
  let count = 0;
  for (const message of order) {
    const size = Buffer.byteLength(JSON.stringify(message)) + 1;
    if (count > 0 && bytes + size > maxBytes) break;
    bytes += size;
    count += 1;
  }
  const cut = count < messages.length;
  const kept = from === 'oldest' ? messages.slice(0, count) : messages.slice(messages.length - count);
  return { kept, bytes, cut };
}

/** What one person may be sent of chat history per window, live and HTTP together. */
export interface HistoryBytes {
  budget: ByteBudget;
  /** Bytes per window for a user; the operator (who reads every conversation) four times as many. */
  perWindow: number;
}

/** 429, to ask again in `ms` (whole seconds, as `Retry-After` says). */
const tooMuch = (ms: number) => new AppError('errors.rate_limited', { retryAfterS: Math.ceil(ms / 1000) });

// The operator reads every conversation: a larger share.
const OPERATOR_SHARE = 4;

/**
 * Pages of one conversation, bounded by count and by bytes (`CHAT_PAGE_MAX_BYTES`), and metered
 * per person: what a person is sent of them per window is bounded (`historyBytes`), whichever of
 * their sockets or requests asks, on whichever instance.
 */
export class ChatHistory {
  constructor(
    private readonly repo: ChatRepository,
    private readonly historyBytes?: HistoryBytes,
  ) {}

  /**
   * A page of one user's messages, oldest first (see `ChatPageQuery`): after an id, before an id,
   * or the newest; `more` says whether more lie beyond it in that direction.
   */
  async page(userId: string, query: ChatPageQuery = {}): Promise<SizedPage> {
    if (query.after !== undefined && query.before !== undefined) throw new AppError('errors.bad_request');
    const cursor =
      query.after !== undefined ? { after: query.after } : query.before !== undefined ? { before: query.before } : null;
    const { rows, more } = await this.repo.page(userId, cursor, query.limit ?? CHAT_HISTORY_LIMIT);
    const from = cursor && 'after' in cursor ? 'oldest' : 'newest';
    const { kept, bytes, cut } = withinBytes(rows.map(toChatMessage), CHAT_PAGE_MAX_BYTES, from);
    return { messages: kept, more: more || cut, bytes };
  }

  /**
   * Refuses (429, with how long to wait) a reader whose window is spent; else reads, counts what
   * was read against the reader's window, and refuses it too when it would take the window past
   * its max. The reader is whoever is sent the page: a user, or the operator reading theirs.
   */
  async metered<T extends { bytes: number }>(reader: Me, read: () => Promise<T>): Promise<T> {
    const meter = this.historyBytes;
    if (!meter) return read();
    const key = `user:${reader.id}`;
    const max = reader.role === 'operator' ? meter.perWindow * OPERATOR_SHARE : meter.perWindow;
    const wait = meter.budget.waitFor(key);
    if (wait > 0) throw tooMuch(wait);
    const page = await read();
    const over = await meter.budget.charge(key, page.bytes, max);
    if (over > 0) throw tooMuch(over);
    return page;
  }
}

/** A page as the wire carries it (its size was for the meter). */
export function wirePage({ messages, more }: SizedPage): ChatPage {
  return { messages, more };
}
