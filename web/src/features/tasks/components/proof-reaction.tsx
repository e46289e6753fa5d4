import type { ProofReactionBody, WaitingProof } from '@gomeum/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useReplyToProof } from '../api/proof-queue.ts';

/** Who sent a proof, as the operator sees them: email, else guest id, else user id. */
export function proofSender(proof: WaitingProof): string {
  return proof.user.email ?? proof.user.guestId ?? proof.user.id;
}

/** Sending Gomeum's reaction to a proof; what went wrong said in the operator's language. */
export function useSendReaction() {
  const { t } = useTranslation();
  const reply = useReplyToProof();
  const [error, setError] = useState<string | null>(null);
  /** `original`: the operator's own words, when `content` is their translation into the user's language. */
  const send = (logId: string, content: string, onSuccess: () => void, original?: ProofReactionBody['original']) => {
    setError(null);
    reply.mutate(
      { logId, content, ...(original ? { original } : {}) },
      {
        onSuccess,
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : 'errors.server';
          setError(t(code === 'errors.server' ? 'dashboard.save_failed' : code));
        },
      },
    );
  };
  return { send, pending: reply.isPending, error };
}

/** A proof's photo, named by its title; `lazy` in a long list. */
export function ProofImage({ proof, lazy = false }: { proof: WaitingProof; lazy?: boolean }) {
  const { t } = useTranslation();
  if (!proof.imageUrl) return null;
  return (
    <img
      className="proof-card__image"
      src={proof.imageUrl}
      alt={t('dashboard.proofs_image_alt', { title: proof.title })}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
    />
  );
}

/** A reaction form's send button (waiting while it goes, off while the box is empty) and its error. */
export function ReactionSubmit({
  reaction,
  empty,
  testId,
}: {
  reaction: ReturnType<typeof useSendReaction>;
  empty: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button
        className="button button--primary"
        type="submit"
        data-testid={testId}
        disabled={reaction.pending || empty}
      >
        {reaction.pending ? t('common.please_wait') : t('dashboard.proofs_reply')}
      </button>
      <span className="form__error" role="alert">
        {reaction.error}
      </span>
    </>
  );
}
