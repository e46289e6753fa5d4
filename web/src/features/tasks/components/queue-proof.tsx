import { useId } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Translated } from '../../../lib/operator/translated.tsx';
import { EntriesSkeleton } from '../../../lib/skeleton.tsx';
import { useWaitingProof } from '../api/proof-queue.ts';
import { ProofImage, proofSender } from './proof-reaction.tsx';
import { ProofReactionForm } from './proof-reaction-form.tsx';
import './proofs-section.css';

/**
 * A proof opened from the queue: who sent it, for which task, its title and text in the operator's
 * language (the original one press away), its photo, and a reaction drafted by the AI in Gomeum's
 * voice and the user's language (with its reading in the operator's), sent with one press or edited.
 */
export function QueueProof({ logId, userId, onSent }: { logId: string; userId: string; onSent: () => void }) {
  const { t, i18n } = useTranslation();
  const read = useWaitingProof(logId);
  // Reacted to elsewhere, or deleted, while open: no longer there to answer.
  const gone = read.error instanceof ApiError && read.error.status === 404;
  const proof = gone ? undefined : read.data;
  const inputId = useId();

  if (read.isPending) return <EntriesSkeleton entries={2} />;
  if (!proof) {
    return (
      <p className={gone ? 'muted' : 'form__error'}>{t(gone ? 'dashboard.proof_gone' : 'dashboard.load_failed')}</p>
    );
  }
  return (
    <article className="proof-item" data-testid="queue-item" data-kind="proof" aria-labelledby={`${inputId}-title`}>
      <header className="proof-card__header">
        <h2 id={`${inputId}-title`} className="dashboard-card__title">
          {proofSender(proof)}
        </h2>
        <p className="proof-card__meta muted">
          {t(`planets.${proof.planet}.name`)} · {formatDay(proof.date, i18n.language)} ·{' '}
          {t('dashboard.proofs_progress', { count: proof.task.count, goal: proof.task.goal })}
        </p>
      </header>
      <Translated text={proof.title} className="proof-card__title" />
      <Translated text={proof.content} className="proof-card__content" />
      <ProofImage proof={proof} />
      <ProofReactionForm logId={logId} userId={userId} title={proof.title} onSent={onSent} />
    </article>
  );
}
