import type { Kysely } from 'kysely';
import type { AiConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { LiveHub } from '../../lib/live/index.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { RateBudget } from '../../lib/rate-budget.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { MeasuredAiClient } from './ai-client.ts';
import { registerPresenceLive } from './presence.live.ts';
import { PresenceRepository } from './presence.repository.ts';
import { presenceRoutes } from './presence.routes.ts';
import { PresenceService } from './presence.service.ts';
import { registerTypingLive, TypingRelay } from './typing.ts';
import { GomeumVoice } from './voice.ts';

export { AiClient, AiUnavailableError, type AiMessage } from './ai-client.ts';
export type { PresenceService } from './presence.service.ts';
export type { GomeumVoice, Speech } from './voice.ts';
export type { TypingRelay } from './typing.ts';

/** What the companion is built from. */
export interface CompanionDeps {
  db: Kysely<Database>;
  live: LiveHub;
  now: () => number;
  /** The AI endpoint and key (none: Gomeum's AI says nothing). */
  ai: AiConfig | undefined;
  /** AI calls are timed into these metrics. */
  metrics: Metrics;
  /** Where AI answers are counted per user (shared by every instance when Redis is configured). */
  aiBudget: RateBudget;
  /** AI answers per user per minute, chat answers and proof reactions together. */
  aiPerMinute: number;
  /** AI answers per minute for all guests of one client address together. */
  aiGuestsPerAddressPerMinute: number;
  onError: (error: unknown) => void;
}

/** The companion as the app uses it. */
export interface Companion {
  /** Whether the human Gomeum (the operator) answers now. */
  presence: PresenceService;
  /** "Typing…", both ways, live only. */
  typing: TypingRelay;
  /** Gomeum's AI voice, which answers while the operator does not. */
  voice: GomeumVoice;
  /** The AI client itself (timed into the metrics), for what is not Gomeum speaking: translations. */
  ai: MeasuredAiClient;
  plugin: FeaturePlugin;
}

/**
 * Gomeum, the companion who answers users: whether the human Gomeum is online (their switch, open
 * dashboards and activity, on every instance), who is typing (live only), and Gomeum's AI voice
 * (persona, AI client, per-user budget) for while they are not. The chat and the reactions to proofs both use it; it uses neither.
 */
export function createCompanion(deps: CompanionDeps): Companion {
  const presence = new PresenceService(new PresenceRepository(deps.db), deps.live, deps.now, deps.onError);
  registerPresenceLive(deps.live, presence);
  const typing = new TypingRelay(deps.live, deps.now);
  registerTypingLive(deps.live, typing);
  const ai = new MeasuredAiClient(deps.ai, deps.metrics);
  const voice = new GomeumVoice(ai, deps.aiBudget, deps.aiPerMinute, deps.aiGuestsPerAddressPerMinute);
  return { presence, typing, voice, ai, plugin: (app) => presenceRoutes(app, { presence }) };
}
