import { setTimeout as delay } from 'node:timers/promises';
import { scriptLanguage, type Language, type Translation } from '@gomeum/contracts';
import { translationInstruction } from '../../content/translation.ts';
import type { RateBudget } from '../../lib/rate-budget.ts';
import type { AiClient } from '../companion/index.ts';
import { sourceHash, type TranslationRepository } from './translation.repository.ts';

const MINUTE = 60_000;

/**
 * Another instance translating the same words: looked for every `pollMs`, at most `polls` times
 * (then `busy`); its claim counts as abandoned (its instance stopped) after `staleMs`.
 */
export const TRANSLATION_CLAIM = { pollMs: 250, polls: 120, staleMs: 2 * MINUTE } as const;

/** Bounds of one process, whoever asks: translations per minute, AI calls at once, and waiting for one. */
export const TRANSLATION_PROCESS_LIMITS = { perMinute: 600, inFlight: 4, waiting: 64 } as const;

/** What the translator is built from. */
export interface TranslatorDeps {
  repo: TranslationRepository;
  ai: Pick<AiClient, 'configured' | 'stream'>;
  /** Per person (shared by every instance when Redis is configured). */
  budget: RateBudget;
  /** Translations made by the AI per person per minute. */
  perMinute: number;
  /** This process's own count (in memory). */
  processBudget: RateBudget;
  now: () => number;
  /** Hears each lookup of a kept translation: found (`hit`) or made anew (`miss`). */
  onLookup?: (outcome: 'hit' | 'miss') => void;
  onError: (error: unknown, context: string) => void;
}

/**
 * Translations for the operator: a text into a language, made by the AI once and kept (by the
 * text's hash and the language), so the same words are never asked for twice; two askers of the
 * same words at once share one AI call. Counted in a budget of their own, per person and per
 * process, with at most a few AI calls at once. Without an AI key nothing is asked and the text
 * comes back as it is (`no_ai`).
 */
export class Translator {
  private readonly underWay = new Map<string, Promise<Translation>>();
  private inFlight = 0;
  private readonly queue: (() => void)[] = [];
  private readonly closed = new AbortController();

  constructor(private readonly deps: TranslatorDeps) {}

  /** Whether an AI key is configured (without one, nothing is translated). */
  get available(): boolean {
    return this.deps.ai.configured;
  }

  /** `text` in `to`, for `personId` (whose budget a new translation is counted in). */
  async translate(text: string, to: Language, personId: string): Promise<Translation> {
    const words = text.trim();
    const written = scriptLanguage(words);
    if (written === null || written === to) return { text, to, status: 'same' };
    const hash = sourceHash(words);
    const kept = await this.deps.repo.find(hash, to);
    if (kept !== undefined) {
      this.deps.onLookup?.('hit');
      return { text: kept, to, status: 'translated' };
    }
    if (!this.deps.ai.configured) return { text, to, status: 'no_ai' };
    const key = `${hash}:${to}`;
    const shared = this.underWay.get(key);
    if (shared) return shared;
    const made = this.make(words, hash, to, personId).finally(() => this.underWay.delete(key));
    this.underWay.set(key, made);
    return made;
  }

  /** Keeps a known translation: the operator's own words (`text`, in `to`) of a reply sent as `source`. */
  async remember(source: string, to: Language, text: string): Promise<void> {
    if (source.trim() === text.trim()) return;
    await this.deps.repo.save(sourceHash(source), to, text.trim(), this.deps.now());
  }

  /** Shutdown: translations under way stop. */
  close(): void {
    this.closed.abort();
  }

  /**
   * A new translation, asked of the AI by one instance only: the one whose claim went in asks; the
   * others wait for the translation it keeps (or for its claim to end, then claim it themselves).
   */
  private async make(words: string, hash: string, to: Language, personId: string): Promise<Translation> {
    for (let polls = 0; ; polls += 1) {
      const now = this.deps.now();
      if (await this.deps.repo.claim(hash, to, now, now - TRANSLATION_CLAIM.staleMs)) {
        try {
          return await this.ask(words, hash, to, personId);
        } finally {
          await this.deps.repo.release(hash, to).catch((error: unknown) => this.deps.onError(error, 'translation'));
        }
      }
      if (polls >= TRANSLATION_CLAIM.polls) return { text: words, to, status: 'busy' };
      try {
        await delay(TRANSLATION_CLAIM.pollMs, undefined, { signal: this.closed.signal });
      } catch {
        return { text: words, to, status: 'busy' };
      }
      const kept = await this.deps.repo.find(hash, to);
      if (kept !== undefined) {
        this.deps.onLookup?.('hit');
        return { text: kept, to, status: 'translated' };
      }
    }
  }

  /** Asks the AI (this instance holds the claim), within the budgets, and keeps the answer. */
  private async ask(words: string, hash: string, to: Language, personId: string): Promise<Translation> {
    const original = { text: words, to, status: 'busy' } as const;
    if (!(await this.deps.budget.take(`translations:${personId}`, this.deps.perMinute, MINUTE))) return original;
    if (!(await this.deps.processBudget.take('translations', TRANSLATION_PROCESS_LIMITS.perMinute, MINUTE))) {
      return original;
    }
    if (!(await this.turn())) return original;
    this.deps.onLookup?.('miss');
    try {
      const messages = [
        { role: 'system' as const, content: translationInstruction(to) },
        { role: 'user' as const, content: words },
      ];
      const answer = (await this.deps.ai.stream(messages, () => undefined, this.closed.signal)).trim();
      if (!answer) return { text: words, to, status: 'failed' };
      await this.deps.repo.save(hash, to, answer, this.deps.now());
      return { text: answer, to, status: 'translated' };
    } catch (error) {
      this.deps.onError(error, 'translation');
      return { text: words, to, status: 'failed' };
    } finally {
      this.release();
    }
  }

  /** Waits for one of the process's AI calls at once; false when too many already wait. */
  private turn(): Promise<boolean> {
    if (this.inFlight < TRANSLATION_PROCESS_LIMITS.inFlight) {
      this.inFlight += 1;
      return Promise.resolve(true);
    }
    if (this.queue.length >= TRANSLATION_PROCESS_LIMITS.waiting) return Promise.resolve(false);
    return new Promise((resolve) => this.queue.push(() => resolve(true)));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.inFlight -= 1;
  }
}
