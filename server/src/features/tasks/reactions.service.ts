import type {
  Language,
  OperatorQueueItem,
  PlanetId,
  ProofReaction,
  ServerEvent,
  WaitingProof,
} from '@gomeum/contracts';
import { isLanguage, REACTION_TEXT_MAX, WAITING_PROOFS_LIMIT } from '@gomeum/contracts';
import { REACTION_PROMPT, REACTION_PUSH_TITLE } from '../../content/reactions.ts';
import { BackgroundWork } from '../../lib/background-work.ts';
import { AppError } from '../../lib/errors.ts';
import type { OperatorAlertHooks } from '../../lib/operator-alert-hooks.ts';
import type { PushSender } from '../../lib/push-sender.ts';
import type { AiMessage, GomeumVoice, PresenceService } from '../companion/index.ts';
import { fileUrl } from '../files/index.ts';
import type {
  ProofContextRow,
  ProofReactionRow,
  ReactionsRepository,
  WaitingProofRow,
} from './reactions.repository.ts';

/** What the reactions need of the live channel. */
export interface ReactionLive {
  publishToUser(userId: string, event: ServerEvent): Promise<void>;
  publishToOperators(event: ServerEvent): Promise<void>;
}

/** What the reactions service needs. */
export interface ReactionsServiceDeps {
  repo: ReactionsRepository;
  live: ReactionLive;
  /** Whether the human Gomeum is answering (the companion's). */
  presence: Pick<PresenceService, 'status'>;
  /** Gomeum's AI voice (the companion's): its budget per user is the chat's answers' too. */
  voice: Pick<GomeumVoice, 'configured' | 'speak'>;
  push: PushSender;
  now: () => number;
  onError: (error: unknown, context: string) => void;
  /** The operator's alerts: told when the operator answered a user's proof. */
  alerts?: Pick<OperatorAlertHooks, 'operatorAnswered'>;
}

const PUSH_BODY_MAX = 180;
// How much of a proof the operator's queue shows.
const QUEUE_PREVIEW = 120;

/** A proof waiting for Gomeum as the operator's one queue lists it. */
export function proofQueueItem(proof: WaitingProof): OperatorQueueItem {
  return {
    kind: 'proof',
    logId: proof.id,
    userId: proof.user.id,
    name: proof.user.email ?? proof.user.guestId ?? proof.user.id,
    planet: proof.planet,
    since: proof.createdAt,
    preview: (proof.title || proof.content).slice(0, QUEUE_PREVIEW),
  };
}

const queueKey = (logId: string) => `proof:${logId}`;

/** The wire form of a stored reaction. */
export function toProofReaction(row: ProofReactionRow, planet: string): ProofReaction {
  return {
    logId: row.log_id,
    planet: planet as PlanetId,
    sender: row.sender,
    content: row.content,
    createdAt: row.created_at,
  };
}

/**
 * Gomeum reacts to every proof, exactly once. The operator replies from the queue of proofs waiting
 * for Gomeum; while the operator is not online, the AI reacts in Gomeum's voice instead. One
 * answerer per proof is kept by the database: a reaction is stored by one statement that stores
 * nothing when the proof already has one. The AI stores its reaction only once it is completely
 * written, so an operator's reply sent while an AI reaction is still being written wins, and the
 * AI's is dropped. Without an AI key, or when the AI fails or the user's AI budget is spent, no
 * reaction is written and the proof waits in the queue for the operator.
 */
export class ReactionsService {
  // AI reactions under way. At shutdown those still being written stop, and their proofs wait for the operator.
  private readonly work: BackgroundWork;

  constructor(private readonly deps: ReactionsServiceDeps) {
    this.work = new BackgroundWork((error) => deps.onError(error, 'proof reaction'));
  }

  /**
   * A proof was stored: the operators' queue changes (the proof as the queue lists it), and when
   * the operator is not online the AI starts writing a reaction. Never fails (the proof is stored already).
   */
  proofSubmitted(logId: string, guestAddress?: string): void {
    this.work.track(
      (async () => {
        const row = await this.deps.repo.waitingOne(logId);
        const item = row ? proofQueueItem((await this.shape([row]))[0] as WaitingProof) : null;
        await this.deps.live.publishToOperators({ type: 'proof.queue_changed' });
        await this.deps.live.publishToOperators({ type: 'operator.queue', key: queueKey(logId), item });
        if (!this.deps.voice.configured) return;
        if ((await this.deps.presence.status()).online) return;
        await this.reactWithAi(logId, guestAddress);
      })(),
    );
  }

  /** A proof was deleted (its reaction with it, by the database): it leaves the operators' queue. */
  proofDeleted(logId: string): void {
    this.work.track(
      (async () => {
        await this.deps.live.publishToOperators({ type: 'proof.queue_changed' });
        await this.deps.live.publishToOperators({ type: 'operator.queue', key: queueKey(logId), item: null });
      })(),
    );
  }

  /** One proof waiting for a reaction, by id; not found once reacted to or deleted. */
  async waitingOne(logId: string): Promise<WaitingProof> {
    const row = await this.deps.repo.waitingOne(logId);
    const [proof] = row ? await this.shape([row]) : [];
    if (!proof) throw new AppError('errors.not_found');
    return proof;
  }

  /**
   * Proofs no one has reacted to yet, with who sent them and the task's progress: the newest first
   * (the proofs list), or the oldest first (the one queue, where the longest waiting lead and must
   * not be the ones left out when more than the limit wait).
   */
  async waiting(order: 'newest' | 'oldest' = 'newest'): Promise<WaitingProof[]> {
    return this.shape(await this.deps.repo.waiting(WAITING_PROOFS_LIMIT, order === 'oldest'));
  }

  /**
   * A page of the proofs waiting, oldest first: `limit` of them sent after `after` (at the same
   * time, with a greater id), and whether more follow; for the operator's one queue.
   */
  async waitingPage(
    after: { createdAt: number; logId: string } | null,
    limit: number,
  ): Promise<{ proofs: WaitingProof[]; more: boolean }> {
    const rows = await this.deps.repo.waiting(limit + 1, true, after);
    return { proofs: await this.shape(rows.slice(0, limit)), more: rows.length > limit };
  }

  /** Proofs with who sent them and the progress of the task they count for. */
  private async shape(rows: WaitingProofRow[]): Promise<WaitingProof[]> {
    const counts = await this.deps.repo.counts(rows);
    return rows.map((row) => ({
      id: row.id,
      planet: row.planet as PlanetId,
      date: row.date,
      title: row.title,
      content: row.content,
      imageUrl: fileUrl(row.image_key),
      createdAt: row.created_at,
      user: { id: row.user_id, email: row.email, guestId: row.guest_id, isGuest: row.is_guest === 1 },
      task: {
        description: row.description ?? '',
        reward: row.reward ?? '',
        goal: row.goal ?? 1,
        count: counts.get(`${row.user_id} ${row.planet}`) ?? 0,
      },
    }));
  }

  /**
   * The operator replies to a proof as Gomeum: 404 when the proof does not exist, 409 when it has
   * a reaction already (another dashboard's reply, or the AI's, stored first).
   */
  async reply(logId: string, content: string): Promise<ProofReaction> {
    const row = await this.deps.repo.insertOnce({ logId, sender: 'gomeum', content, createdAt: this.deps.now() });
    if (!row) {
      if (!(await this.deps.repo.planetOf(logId))) throw new AppError('errors.not_found');
      throw new AppError('reaction.error_exists');
    }
    this.deps.alerts?.operatorAnswered({ userId: row.user_id, topic: 'proof' });
    return this.deliver(row);
  }

  /**
   * Reactions to the user's proofs stored after `after`, oldest first: the newest `limit` of them
   * (the chat posts them into the user's conversation).
   */
  async since(userId: string, after: number, limit: number): Promise<ProofReaction[]> {
    const rows = await this.deps.repo.after(userId, after, limit);
    return rows.reverse().map((row) => toProofReaction(row, row.planet));
  }

  /** Resolves when every AI reaction under way has been stored or given up (tests wait on it). */
  idle(): Promise<void> {
    return this.work.idle();
  }

  /** Shutdown: AI reactions still being written stop (their proofs wait for the operator). */
  close(): Promise<void> {
    return this.work.close();
  }

  /** Tells the user's tabs and the operators, and pushes to the user's devices (shown when no tab is in view). */
  private async deliver(row: ProofReactionRow): Promise<ProofReaction> {
    const planet = (await this.deps.repo.planetOf(row.log_id)) ?? '';
    const reaction = toProofReaction(row, planet);
    const event = { type: 'proof.reaction', reaction } as const;
    await Promise.all([
      this.deps.live.publishToUser(row.user_id, event),
      this.deps.live.publishToOperators(event),
      this.deps.live.publishToOperators({ type: 'operator.queue', key: queueKey(row.log_id), item: null }),
    ]);
    const body =
      reaction.content.length > PUSH_BODY_MAX ? `${reaction.content.slice(0, PUSH_BODY_MAX - 1)}…` : reaction.content;
    this.deps.push.sendToUser(row.user_id, (locale) => ({
      kind: 'reaction',
      title: REACTION_PUSH_TITLE[locale],
      body,
      url: `/task/${planet}`,
      tag: `reaction-${row.log_id}`,
    }));
    return reaction;
  }

  /**
   * What the AI is asked for a reaction to a proof, drafted for the operator (who edits and sends
   * it): the proof's user, their language and the prompt; null when the proof is gone.
   */
  async reactionPrompt(logId: string): Promise<{
    userId: string;
    language: Language;
    prompt: () => Promise<{ instruction: string; messages: AiMessage[] }>;
  } | null> {
    const proof = await this.deps.repo.proofContext(logId);
    if (!proof) return null;
    const language: Language = isLanguage(proof.locale) ? proof.locale : 'en';
    const prompt = async () =>
      this.prompt(proof, await this.deps.repo.countLogs(proof.user_id, proof.planet), language);
    return { userId: proof.user_id, language, prompt };
  }

  private async reactWithAi(logId: string, guestAddress: string | undefined): Promise<void> {
    const proof = await this.deps.repo.proofContext(logId);
    if (!proof) return;
    const language: Language = isLanguage(proof.locale) ? proof.locale : 'en';
    let text: string | null;
    try {
      // The same budget as the chat's AI answers (the voice's): a user cannot spend more AI by sending proofs.
      text = await this.deps.voice.speak({
        userId: proof.user_id,
        guestAddress,
        language,
        prompt: async () => this.prompt(proof, await this.deps.repo.countLogs(proof.user_id, proof.planet), language),
        signal: this.work.signal,
      });
    } catch (error) {
      // No reaction: the proof stays in the queue for the operator.
      this.deps.onError(error, 'AI proof reaction');
      return;
    }
    // No AI (no key, the budget spent): the proof waits for the operator.
    if (text === null) return;
    const content = text.trim().slice(0, REACTION_TEXT_MAX);
    if (!content) return;
    // Stored only now, completely written: if the operator replied meanwhile, theirs stays.
    const row = await this.deps.repo.insertOnce({ logId, sender: 'gomeum_ai', content, createdAt: this.deps.now() });
    if (row) await this.deliver(row);
  }

  /** After Gomeum's persona (the voice's): the reaction's instruction in the user's language, then the proof in context. */
  private prompt(
    proof: ProofContextRow,
    count: number,
    language: Language,
  ): { instruction: string; messages: AiMessage[] } {
    const labels = REACTION_PROMPT[language];
    const user = [
      `${labels.planet}: ${proof.planet}`,
      `${labels.task}: ${proof.description?.trim() || labels.unset}`,
      `${labels.reward}: ${proof.reward?.trim() || labels.unset}`,
      labels.progress(count, proof.goal ?? 1),
      `${labels.date}: ${proof.date}`,
      `${labels.title}: ${proof.title}`,
      `${labels.proof}: ${proof.content}`,
    ].join('\n');
    return { instruction: labels.instruction, messages: [{ role: 'user', content: user }] };
  }
}
