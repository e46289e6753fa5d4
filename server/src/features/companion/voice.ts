import { pickLocalized, type Language } from '@gomeum/contracts';
import { AI_SYSTEM_PROMPT } from '../../content/messages.ts';
import type { RateBudget } from '../../lib/rate-budget.ts';
import type { AiClient, AiMessage } from './ai-client.ts';

const MINUTE = 60_000;

/** One thing Gomeum's AI is asked to say. */
export interface Speech {
  /** Whose AI budget pays: the user's (chat answers and proof reactions share one). */
  userId: string;
  language: Language;
  /**
   * What to say, made only once the budget allows: the instruction that follows Gomeum's persona in
   * the system prompt, and the messages after it.
   */
  prompt: () => Promise<{ instruction: string; messages: AiMessage[] }>;
  /** Hears each piece of the answer as it is written. */
  onDelta?: (delta: string) => void;
  /** Aborted at shutdown (or when the asker leaves): the answer stops (AiUnavailableError). */
  signal?: AbortSignal;
  /**
   * Another budget than the user's: replies drafted for the operator are counted against the
   * operator's own (its key and how many per minute).
   */
  budget?: { key: string; perMinute: number };
  /**
   * The client address a guest asked from (`addressKey`): guests behind one address share a budget
   * too, so an address that makes a hundred guests a day does not get a hundred AI budgets.
   * Signed-in people have none: they are never counted with their neighbours.
   */
  guestAddress?: string | undefined;
}

/**
 * Gomeum's AI voice: the persona in the user's language, the AI client, and the per-user AI budget
 * every kind of AI answer is counted against (a user cannot spend more AI by asking another way).
 */
export class GomeumVoice {
  constructor(
    private readonly ai: Pick<AiClient, 'configured' | 'stream'>,
    private readonly budget: RateBudget,
    /** AI answers per user per minute. */
    private readonly perMinute: number,
    /** AI answers per minute for all guests of one address together. */
    private readonly guestsPerAddressPerMinute: number,
  ) {}

  /** Whether an AI key is configured: without one, Gomeum's AI says nothing. */
  get configured(): boolean {
    return this.ai.configured;
  }

  /**
   * The AI's answer, streamed; null when it is not asked (no key, or the user's budget is spent).
   * Throws when the AI fails, times out or is stopped (AiUnavailableError), or the prompt cannot be made.
   */
  async speak(speech: Speech): Promise<string | null> {
    if (!this.ai.configured) return null;
    const { key, perMinute } = speech.budget ?? { key: speech.userId, perMinute: this.perMinute };
    if (!(await this.budget.take(key, perMinute, MINUTE))) return null;
    const { guestAddress } = speech;
    const guests =
      guestAddress === undefined ||
      (await this.budget.take(`guests:${guestAddress}`, this.guestsPerAddressPerMinute, MINUTE));
    if (!guests) return null;
    const { instruction, messages } = await speech.prompt();
    const system = `${pickLocalized(AI_SYSTEM_PROMPT, speech.language)}\n\n${instruction}`;
    return this.ai.stream(
      [{ role: 'system', content: system }, ...messages],
      speech.onDelta ?? (() => undefined),
      speech.signal,
    );
  }
}
