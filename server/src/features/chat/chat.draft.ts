import type { Language } from '@gomeum/contracts';
import { isLanguage, pickLocalized } from '@gomeum/contracts';
import { DRAFT_INSTRUCTION } from '../../content/messages.ts';
import type { LiveConnection } from '../../lib/live/index.ts';
import type { UsersService } from '../auth/index.ts';
import type { AiMessage, GomeumVoice } from '../companion/index.ts';
import type { ChatRepository } from './chat.repository.ts';

// How much of the conversation a draft is built from.
const DRAFT_CONTEXT_MESSAGES = 16;

/** What drafting needs. */
export interface ChatDraftsDeps {
  repo: Pick<ChatRepository, 'listAfter'>;
  users: Pick<UsersService, 'summaries'>;
  voice: Pick<GomeumVoice, 'speak' | 'configured'>;
  /** What Gomeum knows of a user (tasks, goals, latest proofs and reactions, moon answers), as prompt lines. */
  knowledge?: (userId: string, language: Language) => Promise<string>;
  /** A reaction to a proof, drafted instead of a reply: its user, language and prompt (the tasks feature's). */
  proofPrompt?: (logId: string) => Promise<{
    userId: string;
    language: Language;
    prompt: () => Promise<{ instruction: string; messages: AiMessage[] }>;
  } | null>;
  /** Drafts per operator per minute (the operator's own AI budget). */
  perMinute: number;
  onError: (error: unknown, context: string) => void;
}

/**
 * Replies drafted for the operator: on asking, the AI writes an answer to a user's conversation
 * in the user's language and Gomeum's voice, streamed to the asking socket only, never stored and
 * never sent (the operator edits and sends it). Each is counted against the operator's AI budget;
 * leaving the conversation (a cancel, another draft, the socket closing) aborts the AI request.
 * No AI, a spent budget or a failure end the draft with `ok: false`: no draft, nothing else.
 */
export class ChatDrafts {
  // Drafts being written, by socket and draft id.
  private readonly underWay = new Map<string, { connectionId: string; controller: AbortController }>();
  private closed = new AbortController();

  constructor(private readonly deps: ChatDraftsDeps) {}

  /**
   * Drafts a reply for the conversation of `userId` (with `proofId`, a reaction to that proof of
   * theirs), streaming it to `connection`.
   */
  async draft(
    connection: Pick<LiveConnection, 'id' | 'user' | 'send'>,
    userId: string,
    draftId: string,
    proofId?: string,
  ) {
    const key = `${connection.id}:${draftId}`;
    if (this.underWay.has(key)) return;
    // One draft per socket: asking for another (the operator opened another conversation) stops the last.
    this.dropConnection(connection);
    const controller = new AbortController();
    this.underWay.set(key, { connectionId: connection.id, controller });
    let ok = false;
    try {
      if (!this.deps.voice.configured) return;
      const what = await this.what(userId, proofId);
      if (!what || controller.signal.aborted) return;
      const text = await this.deps.voice.speak({
        userId,
        language: what.language,
        budget: { key: `operator-drafts:${connection.user.id}`, perMinute: this.deps.perMinute },
        prompt: what.prompt,
        onDelta: (delta) => {
          if (!controller.signal.aborted) connection.send({ type: 'chat.draft_delta', draftId, delta });
        },
        signal: AbortSignal.any([controller.signal, this.closed.signal]),
      });
      ok = Boolean(text?.trim()) && !controller.signal.aborted;
    } catch (error) {
      // A cancelled draft is no failure; any other is only logged: the operator writes their own.
      if (!controller.signal.aborted) this.deps.onError(error, 'reply draft');
    } finally {
      this.underWay.delete(key);
      connection.send({ type: 'chat.draft_done', draftId, ok });
    }
  }

  /** The operator left the conversation: its draft stops (the AI request is aborted). */
  cancel(connection: Pick<LiveConnection, 'id'>, draftId: string): void {
    const key = `${connection.id}:${draftId}`;
    this.underWay.get(key)?.controller.abort();
    this.underWay.delete(key);
  }

  /** Stops every draft of a socket (it closed, or asks for another). */
  dropConnection(connection: Pick<LiveConnection, 'id'>): void {
    for (const [key, entry] of this.underWay) {
      if (entry.connectionId !== connection.id) continue;
      entry.controller.abort();
      this.underWay.delete(key);
    }
  }

  /** How many drafts are being written now. */
  get size(): number {
    return this.underWay.size;
  }

  /** Shutdown: every draft stops. */
  close(): void {
    this.closed.abort();
    this.closed = new AbortController();
  }

  /** The user's language and what to ask: a reply to their conversation, or a reaction to their proof. */
  private async what(userId: string, proofId: string | undefined) {
    if (proofId !== undefined) {
      const proof = await this.deps.proofPrompt?.(proofId);
      // Only a proof of that user (a wrong pair drafts nothing).
      return proof?.userId === userId ? proof : null;
    }
    const summary = (await this.deps.users.summaries([userId])).get(userId);
    if (!summary) return null;
    const language: Language = isLanguage(summary.locale) ? summary.locale : 'en';
    return { language, prompt: () => this.prompt(userId, language) };
  }

  /** After Gomeum's persona: how to draft, what Gomeum knows of the user, then the conversation. */
  private async prompt(userId: string, language: Language): Promise<{ instruction: string; messages: AiMessage[] }> {
    const [known, recent] = await Promise.all([
      this.deps.knowledge?.(userId, language) ?? Promise.resolve(''),
      this.deps.repo.listAfter(userId, 0, DRAFT_CONTEXT_MESSAGES),
    ]);
    const messages: AiMessage[] = recent
      .filter((row) => row.kind === 'message')
      .map((row) => ({ role: row.sender === 'user' ? 'user' : 'assistant', content: row.content }));
    const instruction = [pickLocalized(DRAFT_INSTRUCTION, language), known].filter(Boolean).join('\n\n');
    return { instruction, messages };
  }
}
