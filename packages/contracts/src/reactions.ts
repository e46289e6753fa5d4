import * as z from 'zod/mini';
import { planetIdSchema } from './planets.ts';
import { replyOriginalSchema } from './translation.ts';

/** Longest reaction Gomeum writes under a proof. */
export const REACTION_TEXT_MAX = 2000;

/** Who wrote a reaction: the operator as Gomeum, or the AI in Gomeum's voice while the operator is away. */
export const reactionSenderSchema = z.enum(['gomeum', 'gomeum_ai']);
/** Who wrote a reaction. */
export type ReactionSender = z.infer<typeof reactionSenderSchema>;

/** Gomeum's one reaction to one proof, shown under that proof in the user's log. */
export const proofReactionSchema = z.object({
  logId: z.string(),
  planet: planetIdSchema,
  sender: reactionSenderSchema,
  content: z.string(),
  createdAt: z.number(),
});
/** Gomeum's reaction to a proof. */
export type ProofReaction = z.infer<typeof proofReactionSchema>;

/** `POST /api/operator/proofs/:logId/reaction` params. */
export const proofReactionParamsSchema = z.object({ logId: z.string().check(z.minLength(1), z.maxLength(64)) });

/** `POST /api/operator/proofs/:logId/reaction` body: the operator's reply, as Gomeum. */
export const proofReactionBodySchema = z.object({
  content: z
    .string({ error: 'reaction.error_blank' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'reaction.error_blank' }),
      z.maxLength(REACTION_TEXT_MAX, { error: 'reaction.error_too_long' }),
    ),
  /** The operator's words before they were translated into the user's language (kept as its translation back). */
  original: z.optional(replyOriginalSchema),
});
/** The operator's reply to a proof. */
export type ProofReactionBody = z.infer<typeof proofReactionBodySchema>;

/** What replying to a proof answers: the stored reaction. */
export const proofReactionReplySchema = z.object({ reaction: proofReactionSchema });

/** One proof in the operator's queue: the proof, who sent it, and the task and progress it counts for. */
export const waitingProofSchema = z.object({
  id: z.string(),
  planet: planetIdSchema,
  date: z.string(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.nullable(z.string()),
  createdAt: z.number(),
  user: z.object({
    id: z.string(),
    email: z.nullable(z.string()),
    guestId: z.nullable(z.string()),
    isGuest: z.boolean(),
  }),
  task: z.object({ description: z.string(), reward: z.string(), goal: z.number(), count: z.number() }),
});
/** One proof waiting for Gomeum. */
export type WaitingProof = z.infer<typeof waitingProofSchema>;

/** `GET /api/operator/proofs/waiting`: proofs no one has reacted to yet, newest first. */
export const waitingProofListSchema = z.object({ items: z.array(waitingProofSchema) });

/** Most proofs the queue lists at once. */
export const WAITING_PROOFS_LIMIT = 100;
