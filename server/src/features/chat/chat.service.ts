import type {
  AiStreamId,
  ChatMessage,
  ChatPage,
  ChatPageQuery,
  ChatSender,
  Language,
  Me,
  PlanetId,
} from '@gomeum/contracts';
import { isLanguage, pickLocalized, planetIdSchema } from '@gomeum/contracts';
import { AI_AWAY_MESSAGE, AI_FALLBACK_MESSAGE, WELCOME_MESSAGE, announcementText } from '../../content/messages.ts';
import { BackgroundWork } from '../../lib/background-work.ts';
import { AppError } from '../../lib/errors.ts';
import type { LiveHub } from '../../lib/live/index.ts';
import type { OperatorAlertHooks } from '../../lib/operator-alert-hooks.ts';
import type { UsersService } from '../auth/index.ts';
import type { AiMessage, GomeumVoice, PresenceService, TypingRelay } from '../companion/index.ts';
import type { GomeumTasksService, ReactionsService, TasksService } from '../tasks/index.ts';
import { ChatHistory, toChatMessage, wirePage, type HistoryBytes } from './chat.history.ts';
import type { ChatInbox } from './chat.inbox.ts';
import { describeTasks } from './chat.prompt.ts';
import type { ChatMessageRow, ChatRepository, NewChatMessage } from './chat.repository.ts';

// How much of the conversation the AI sees.
const AI_CONTEXT_MESSAGES = 12;
// Most reactions one sync posts into a chat (the newest; older ones are under their proofs).
const REACTIONS_PER_SYNC = 10;
// Tries at posting reactions while other syncs of the same user move the mark first.
const REACTION_CLAIM_TRIES = 3;

/** What the chat service needs. */
export interface ChatServiceDeps {
  repo: ChatRepository;
  /** Who users are, whether they exist, and their welcome and last-seen announcement marks. */
  users: Pick<
    UsersService,
    'exists' | 'summaries' | 'chatMarks' | 'claimWelcome' | 'claimAnnouncement' | 'claimReactions'
  >;
  /** A user's planet tasks, for the AI's prompt. */
  tasks: Pick<TasksService, 'summaries'>;
  /** Gomeum's newest log on the user's planets, announced in their chat. */
  gomeumTasks: Pick<GomeumTasksService, 'latestLogFor'>;
  /** Gomeum's reactions to the user's proofs, posted into their chat. */
  reactions: Pick<ReactionsService, 'since'>;
  hub: LiveHub;
  /** The operator's inbox: told of each message stored and read mark moved, to tell the dashboards. */
  inbox?: Pick<ChatInbox, 'changedHere'>;
  /** Whether the human Gomeum answers now (the companion's). */
  presence: Pick<PresenceService, 'status'>;
  /** Gomeum's AI voice, which answers while they do not (the companion's). */
  voice: Pick<GomeumVoice, 'configured' | 'speak'>;
  now: () => number;
  onError: (error: unknown, context: string) => void;
  /** "Gomeum is typing…" while the AI composes (the companion's). */
  typing?: Pick<TypingRelay, 'aiComposing'>;
  /** The operator's alerts: told of each user message and each answer of the operator. */
  alerts?: Pick<OperatorAlertHooks, 'userWrote' | 'operatorAnswered'>;
  /** What each person may be sent of chat history per window (unmetered when absent). */
  historyBytes?: HistoryBytes | undefined;
}

/**
 * The conversation between each user and Gomeum: messages are stored first, then published to the
 * user's sockets and the operators'. When the human Gomeum is not online, the AI answers instead,
 * streamed as it is written: exactly one answerer per message.
 */
export class ChatService {
  // AI answers under way. At shutdown those still being written stop, and the fallback is stored instead.
  private readonly work: BackgroundWork;
  private readonly pages: ChatHistory;

  constructor(private readonly deps: ChatServiceDeps) {
    this.work = new BackgroundWork((error) => deps.onError(error, 'AI answer'));
    this.pages = new ChatHistory(deps.repo, deps.historyBytes);
  }

  /**
   * A user's message: stored, delivered, then answered by the AI when the operator is away. With
   * a `clientId`, a retried send returns the message stored the first time (delivered again, in
   * case the first delivery was lost with the instance that made it) and starts no second answer.
   */
  async sendFromUser(user: Me, content: string, clientId?: string, guestAddress?: string): Promise<ChatMessage> {
    // Asked before storing: once the message is stored, nothing may fail the request.
    const presence = await this.deps.presence.status();
    const { message, created } = await this.store(user.id, 'user', content, clientId);
    if (created && !presence.online) this.work.track(this.answerWithAi(user, message, guestAddress));
    if (created) this.deps.alerts?.userWrote({ userId: user.id, content });
    return message;
  }

  /** The operator writing as Gomeum into one user's conversation (a retry with its `clientId` stores it once). */
  async sendFromGomeum(userId: string, content: string, clientId?: string): Promise<ChatMessage> {
    if (!(await this.deps.users.exists(userId))) throw new AppError('errors.not_found');
    const { message } = await this.store(userId, 'gomeum', content, clientId);
    this.deps.alerts?.operatorAnswered({ userId, topic: 'chat' });
    // Answering a conversation reads everything before the answer. The answer is stored, so a
    // read mark that cannot be moved now is only logged (the dashboard moves it when it shows it).
    await this.moveReadMark(userId, message.id).catch((error: unknown) => this.deps.onError(error, 'read mark'));
    return message;
  }

  /**
   * Operator: every message of a user's conversation up to `upTo` has been read. The mark never
   * goes past the conversation's newest message nor moves backwards; every dashboard is told.
   */
  async markRead(userId: string, upTo: number): Promise<{ unreadCount: number }> {
    if (!(await this.deps.users.exists(userId))) throw new AppError('errors.not_found');
    await this.moveReadMark(userId, Math.min(upTo, await this.deps.repo.latestSeq(userId)));
    const unread = await this.deps.repo.unreadCounts([userId]);
    return { unreadCount: unread.get(userId) ?? 0 };
  }

  /**
   * Moves the read mark forward; only a mark that moved is told: to the dashboards, and to the
   * user (their messages up to it show "Seen").
   */
  private async moveReadMark(userId: string, readId: number): Promise<void> {
    if (await this.deps.repo.markRead(userId, readId, this.deps.now())) {
      const event = { type: 'chat.read', userId, readId } as const;
      await Promise.all([this.deps.hub.publishToOperators(event), this.deps.hub.publishToUser(userId, event)]);
      await this.deps.inbox?.changedHere(userId);
    }
  }

  /**
   * A user has seen their conversation up to `upTo` (the chat open): their own read mark moves
   * forward (never past their newest message), and the operators see which replies were read.
   */
  async seen(userId: string, upTo: number): Promise<void> {
    const readId = Math.min(upTo, await this.deps.repo.latestSeq(userId));
    if (readId <= 0) return;
    if (await this.deps.repo.markUserRead(userId, readId, this.deps.now())) {
      await this.deps.hub.publishToOperators({ type: 'chat.user_read', userId, readId });
    }
  }

  /** Where the operator has read a user's conversation up to (0: nowhere yet). */
  async operatorReadId(userId: string): Promise<number> {
    return this.deps.repo.operatorReadSeq(userId);
  }

  /**
   * What a (re)connecting client asks for: the welcome (once per user, ever), an announcement of
   * Gomeum's newest log on a planet where the user has a task, and Gomeum's reactions to their
   * proofs not posted yet are stored first, then a page of the messages after `after` (`more`:
   * newer remain), or with `after` null the newest page (`older`: older ones exist). Metered: a
   * user whose window of history bytes is spent is refused (429) before anything is read.
   */
  async sync(user: Me, after: number | null): Promise<{ messages: ChatMessage[]; more: boolean; older: boolean }> {
    return this.pages.metered(user, async () => {
      if (user.role !== 'operator') await this.postPending(user.id);
      const page = await this.pages.page(user.id, after === null ? {} : { after });
      const more = after !== null && page.more;
      return { messages: page.messages, more, older: after === null && page.more, bytes: page.bytes };
    });
  }

  /** Stores the welcome, an announcement and reactions the user has not had yet. */
  private async postPending(userId: string): Promise<void> {
    // Read first: a user who has all of them (nearly every sync) costs no write. The writes below
    // are guarded, so a sync racing another still stores each at most once.
    const [marks, latest] = await Promise.all([
      this.deps.users.chatMarks(userId),
      this.deps.gomeumTasks.latestLogFor(userId),
    ]);
    if (!marks.welcomeShown) await this.ensureWelcome(userId);
    if (latest && marks.lastSeenUpdate < latest.createdAt) await this.announce(userId, latest);
    await this.postReactions(userId, marks.lastSeenReaction);
  }

  /** A page of the reader's own conversation (see `ChatPageQuery`), metered as `sync` is. */
  async history(reader: Me, query: ChatPageQuery = {}): Promise<ChatPage> {
    return wirePage(await this.pages.metered(reader, () => this.pages.page(reader.id, query)));
  }

  /** Operator: a page of one user's history, metered against the operator; 404 for a user who does not exist. */
  async historyForOperator(operator: Me, userId: string, query: ChatPageQuery = {}): Promise<ChatPage> {
    if (!(await this.deps.users.exists(userId))) throw new AppError('errors.not_found');
    return wirePage(await this.pages.metered(operator, () => this.pages.page(userId, query)));
  }

  /** Stores the welcome message unless this user ever had it, and delivers it. */
  async ensureWelcome(userId: string): Promise<void> {
    // The flag flips and the message is stored in one transaction: concurrent calls store one.
    const welcome: NewChatMessage = {
      userId,
      sender: 'gomeum',
      kind: 'welcome',
      content: WELCOME_MESSAGE.en ?? '',
      meta: JSON.stringify({ text: WELCOME_MESSAGE }),
      createdAt: this.deps.now(),
    };
    const row = await this.deps.users.claimWelcome(userId, (trx) => this.deps.repo.insert(welcome, trx));
    if (row) await this.deliver(toChatMessage(row), null);
  }

  /** Posts one announcement when Gomeum published a log newer than what this user last saw. */
  private async announce(userId: string, latest: { planet: string; createdAt: number }): Promise<void> {
    const planet = planetIdSchema.safeParse(latest.planet);
    if (!planet.success) return;
    // The last-seen mark moves and the message is stored in one transaction: one per update.
    const announcement: NewChatMessage = {
      userId,
      sender: 'gomeum',
      kind: 'announcement',
      content: announcementText(planet.data),
      meta: JSON.stringify({ planet: planet.data satisfies PlanetId }),
      createdAt: this.deps.now(),
    };
    const row = await this.deps.users.claimAnnouncement(userId, latest.createdAt, (trx) =>
      this.deps.repo.insert(announcement, trx),
    );
    if (row) await this.deliver(toChatMessage(row), null);
  }

  /**
   * Posts Gomeum's reactions to the user's proofs stored since the user's mark `from`, oldest
   * first, and moves the mark to the newest, in one transaction. A sync that loses the mark to
   * another (which posted what it read) reads again from where that one left it.
   */
  private async postReactions(userId: string, from: number): Promise<void> {
    let mark = from;
    for (let attempt = 0; attempt < REACTION_CLAIM_TRIES; attempt += 1) {
      const reactions = await this.deps.reactions.since(userId, mark, REACTIONS_PER_SYNC);
      const newest = reactions.at(-1);
      if (!newest) return;
      const now = this.deps.now();
      const rows = await this.deps.users.claimReactions(userId, mark, newest.createdAt, async (trx) => {
        const stored: ChatMessageRow[] = [];
        for (const reaction of reactions) {
          const message: NewChatMessage = {
            userId,
            sender: reaction.sender,
            kind: 'reaction',
            content: reaction.content,
            meta: JSON.stringify({ planet: reaction.planet satisfies PlanetId }),
            createdAt: now,
          };
          stored.push(await this.deps.repo.insert(message, trx));
        }
        return stored;
      });
      if (rows) {
        for (const row of rows) await this.deliver(toChatMessage(row), null);
        return;
      }
      mark = (await this.deps.users.chatMarks(userId)).lastSeenReaction;
    }
  }

  /** Resolves when every AI answer under way has been stored (tests wait on it). */
  idle(): Promise<void> {
    return this.work.idle();
  }

  /**
   * Shutdown: AI answers still being written are cut short and the fallback text is stored in
   * their place, so no question is left unanswered; resolves once every answer is stored.
   */
  close(): Promise<void> {
    return this.work.close();
  }

  private async store(
    userId: string,
    sender: ChatSender,
    content: string,
    clientId: string | undefined,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const message = { userId, sender, kind: 'message' as const, content, meta: null, createdAt: this.deps.now() };
    const { row, created } = clientId
      ? await this.deps.repo.insertOnce(message, clientId)
      : { row: await this.deps.repo.insert(message), created: true };
    // Someone else's message under this id (ids are random; this is a client bug or a probe).
    if (row.sender !== sender) throw new AppError('errors.bad_request');
    const stored = toChatMessage(row);
    await this.deliver(stored, null);
    return { message: stored, created };
  }

  /**
   * Publishes a stored message to its user and the operators, then its conversation's new row to
   * the operators; never fails (see LiveHub.publish, ChatInbox.changedHere).
   */
  private async deliver(message: ChatMessage, streamId: AiStreamId | null): Promise<void> {
    const event = { type: 'chat.message', message, streamId } as const;
    await Promise.all([this.deps.hub.publishToUser(message.userId, event), this.deps.hub.publishToOperators(event)]);
    await this.deps.inbox?.changedHere(message.userId);
  }

  private async answerWithAi(user: Me, question: ChatMessage, guestAddress: string | undefined): Promise<void> {
    const language: Language = isLanguage(user.locale) ? user.locale : 'en';
    // The answer's pieces and the stored answer are named by the question they answer.
    const streamId: AiStreamId = question.id;
    let text = '';
    // The user sees Gomeum typing until the first words arrive (or the answer, or the notice).
    this.deps.typing?.aiComposing(user.id);
    try {
      const answer = await this.deps.voice.speak({
        userId: user.id,
        guestAddress,
        language,
        prompt: () => this.prompt(user.id, language),
        onDelta: (delta) => {
          const event = { type: 'chat.ai_delta', userId: user.id, streamId, delta } as const;
          void this.deps.hub.publishToUser(user.id, event);
          void this.deps.hub.publishToOperators(event);
        },
        signal: this.work.signal,
      });
      text = answer ?? '';
    } catch (error) {
      this.deps.onError(error, 'AI answer');
      text = '';
    }
    // No answer: a notice in every language (the reader may switch), not a reply in Gomeum's voice.
    // With no AI at all, it says the message is kept for Gomeum; after a failure, the spec's text.
    const answered = text.trim();
    const notice = this.deps.voice.configured ? AI_FALLBACK_MESSAGE : AI_AWAY_MESSAGE;
    const row = await this.deps.repo.insert({
      userId: user.id,
      sender: 'gomeum_ai',
      kind: answered ? 'message' : 'unavailable',
      content: answered || pickLocalized(notice, language),
      meta: answered ? null : JSON.stringify({ text: notice }),
      createdAt: this.deps.now(),
    });
    await this.deliver(toChatMessage(row), streamId);
  }

  /** After Gomeum's persona (the voice's): the user's planet tasks, then the recent conversation. */
  private async prompt(userId: string, language: Language): Promise<{ instruction: string; messages: AiMessage[] }> {
    const [tasks, recent] = await Promise.all([
      this.deps.tasks.summaries(userId),
      this.deps.repo.listAfter(userId, 0, AI_CONTEXT_MESSAGES),
    ]);
    const messages: AiMessage[] = recent
      .filter((row) => row.kind === 'message')
      .map((row) => ({ role: row.sender === 'user' ? 'user' : 'assistant', content: row.content }));
    return { instruction: describeTasks(tasks, language), messages };
  }
}
