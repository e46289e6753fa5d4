import type { PlanetId } from '@gomeum/contracts';
import { draftStore } from '../../../lib/form-drafts.ts';

/** A proof being written. */
export interface ProofDraft {
  date: string;
  title: string;
  content: string;
  image: File | null;
}

/** Proofs being written, per user and planet: kept until sent or cancelled, whatever happens meanwhile. */
export const proofDrafts = draftStore<ProofDraft>();

/** Whether `userId` left a proof unsent on `planet` (its form opens again with it). */
export function hasProofDraft(userId: string | null, planet: PlanetId): boolean {
  return proofDrafts.read(userId, planet) !== null;
}
