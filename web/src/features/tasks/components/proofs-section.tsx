import type { WaitingProof } from '@gomeum/contracts';
import { REACTION_TEXT_MAX } from '@gomeum/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatDateTime, formatDay } from '../../../lib/format.ts';
import { useLiveEvent, useLiveOpen } from '../../../lib/live/index.ts';
import { useRefreshWaitingProofs, useWaitingProofs } from '../api/proof-queue.ts';
import { ProofImage, proofSender, ReactionSubmit, useSendReaction } from './proof-reaction.tsx';
import './proofs-section.css';

/** One proof waiting for Gomeum: who, which task and how far along, the proof itself, and a reply box. */
function WaitingProofCard({ proof }: { proof: WaitingProof }) {
  const { t, i18n } = useTranslation();
  const reaction = useSendReaction();
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const titleId = useId();
  return (
    <li className="proof-card panel" aria-labelledby={titleId} data-proof-id={proof.id}>
      <header className="proof-card__header">
        <p className="proof-card__who">
          <strong>{proofSender(proof)}</strong>
          {proof.user.isGuest ? <span className="badge badge--guest">{t('dashboard.guest')}</span> : null}
        </p>
        <p className="proof-card__meta muted">
          {t(`planets.${proof.planet}.name`)} · {formatDateTime(proof.createdAt, i18n.language)}
        </p>
      </header>
      <p className="proof-card__task">
        <span className="muted">{t('dashboard.proofs_task')}</span> {proof.task.description || '—'}
        <span className="proof-card__progress">
          {t('dashboard.proofs_progress', { count: proof.task.count, goal: proof.task.goal })}
        </span>
      </p>
      <h3 id={titleId} className="proof-card__title">
        {proof.title} <span className="muted proof-card__date">· {formatDay(proof.date, i18n.language)}</span>
      </h3>
      <p className="proof-card__content">{proof.content}</p>
      <ProofImage proof={proof} lazy />
      <form
        className="proof-card__form"
        onSubmit={(event) => {
          event.preventDefault();
          const content = draft.trim();
          if (!content) return;
          reaction.send(proof.id, content, () => setDraft(''));
        }}
      >
        <label className="visually-hidden" htmlFor={inputId}>
          {t('dashboard.proofs_reply_label', { title: proof.title })}
        </label>
        <textarea
          id={inputId}
          className="input textarea"
          rows={2}
          maxLength={REACTION_TEXT_MAX}
          value={draft}
          placeholder={t('dashboard.proofs_reply_placeholder')}
          onChange={(event) => setDraft(event.target.value)}
        />
        <ReactionSubmit reaction={reaction} empty={!draft.trim()} />
      </form>
    </li>
  );
}

/** The shape of the queue while it loads. */
function QueueSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="proof-queue__skeleton" role="status" aria-label={t('common.loading')}>
      {[0, 1].map((i) => (
        <div key={i} className="panel proof-card">
          <span className="skeleton skeleton--line skeleton--w45" />
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--block" />
        </div>
      ))}
    </div>
  );
}

/** Proofs waiting for Gomeum: every proof no one has reacted to, newest first, replied to in place; live. */
export function ProofsSection() {
  const { t } = useTranslation();
  const queue = useWaitingProofs();
  const refresh = useRefreshWaitingProofs();
  useLiveEvent('proof.queue_changed', refresh);
  useLiveEvent('proof.reaction', refresh);
  useLiveOpen(refresh);
  // A link to one proof (an operator alert's: `&proof=`) brings its card into view, its reply box
  // focused, once the queue is in.
  const [params] = useSearchParams();
  const linked = params.get('proof');
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useRef(false);
  useEffect(() => {
    if (!linked || shown.current || !queue.data) return;
    const cards = listRef.current?.querySelectorAll<HTMLElement>('[data-proof-id]') ?? [];
    const card = Array.from(cards).find((element) => element.dataset.proofId === linked);
    if (!card) return;
    shown.current = true;
    card.scrollIntoView({ block: 'start' });
    card.querySelector('textarea')?.focus({ preventScroll: true });
  }, [linked, queue.data]);
  return (
    <section className="proof-queue" aria-labelledby="proof-queue-title">
      <div className="dashboard-card__heading">
        <h2 id="proof-queue-title" className="dashboard-card__title">
          {t('dashboard.proofs_title')}
        </h2>
        {queue.data && queue.data.length > 0 ? (
          <span className="badge badge--waiting">{t('dashboard.proofs_count', { count: queue.data.length })}</span>
        ) : null}
      </div>
      <p className="muted">{t('dashboard.proofs_hint')}</p>
      {queue.isPending ? (
        <QueueSkeleton />
      ) : queue.isError ? (
        <p className="form__error">{t('dashboard.load_failed')}</p>
      ) : queue.data.length === 0 ? (
        <p className="panel proof-queue__empty">{t('dashboard.proofs_empty')}</p>
      ) : (
        <ul ref={listRef} className="proof-queue__list">
          {queue.data.map((proof) => (
            <WaitingProofCard key={proof.id} proof={proof} />
          ))}
        </ul>
      )}
    </section>
  );
}
