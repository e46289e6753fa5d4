import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { MemoryWindows, WindowBudget, type RateBudget } from '../../lib/rate-budget.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import type { UsersService } from '../auth/index.ts';
import type { AiClient } from '../companion/index.ts';
import { TranslationRepository } from './translation.repository.ts';
import { translationRoutes } from './translation.routes.ts';
import { Translator, type TranslatorDeps } from './translator.ts';

export { sourceHash, TranslationRepository } from './translation.repository.ts';
export { TRANSLATION_PROCESS_LIMITS, type Translator } from './translator.ts';

/** What translation is built from. */
export interface TranslationDeps {
  db: Kysely<Database>;
  now: () => number;
  ai: Pick<AiClient, 'configured' | 'stream'>;
  users: Pick<UsersService, 'summaries'>;
  /** Where each person's translations are counted (shared by every instance when Redis is configured). */
  budget: RateBudget;
  /** Translations made by the AI per operator per minute. */
  perMinute: number;
  onLookup?: TranslatorDeps['onLookup'];
  onError: TranslatorDeps['onError'];
}

/** Translation of users' and Gomeum's words for the operator, kept once made (see Translator). */
export function createTranslation(deps: TranslationDeps): {
  translator: Translator;
  translations: TranslationRepository;
  plugin: FeaturePlugin;
} {
  const repo = new TranslationRepository(deps.db);
  const translator = new Translator({
    repo,
    ai: deps.ai,
    budget: deps.budget,
    perMinute: deps.perMinute,
    processBudget: new WindowBudget(new MemoryWindows(deps.now)),
    now: deps.now,
    onLookup: deps.onLookup,
    onError: deps.onError,
  });
  // Asking is bounded too (a kept translation costs a read): 600 a minute (a page of messages
  // asks for each of its own), or four times the AI's budget.
  const requestsPerMinute = Math.max(600, deps.perMinute * 4);
  return {
    translator,
    translations: repo,
    plugin: (app) => translationRoutes(app, { translator, users: deps.users, requestsPerMinute }),
  };
}
