import type { GomeumLog, PlanetId, ProofReaction, TaskLog } from '@gomeum/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteProof } from '../api/delete-proof.ts';
import { GomeumCat } from '../../art/index.ts';
import { formatDateTime, formatDay } from '../../../lib/format.ts';

/** Delete, then a second explicit step: a proof and its photo are gone for good. */
function DeleteProof({ planet, log }: { planet: PlanetId; log: TaskLog }) {
  const { t } = useTranslation();
  const remove = useDeleteProof(planet);
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="button button--ghost log-entry__delete"
        aria-label={t('proof_delete.delete_named', { title: log.title })}
        onClick={() => setAsking(true)}
      >
        {t('proof_delete.delete')}
      </button>
    );
  }
  return (
    <div className="log-entry__confirm" role="group" aria-label={t('proof_delete.confirm', { title: log.title })}>
      <p className="log-entry__confirm-text">{t('proof_delete.confirm', { title: log.title })}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={remove.isPending}
        onClick={() => remove.mutate(log.id)}
      >
        {remove.isPending ? t('common.please_wait') : t('proof_delete.yes')}
      </button>
      <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
        {t('proof_delete.keep')}
      </button>
      {remove.isError ? (
        <p className="form__error" role="alert">
          {t('proof_delete.failed')}
        </p>
      ) : null}
    </div>
  );
}

/** Gomeum's reaction under a proof, beside Gomeum; an AI-written one is marked as the chat marks AI answers. */
function ReactionNote({ reaction }: { reaction: ProofReaction }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={`proof-reaction proof-reaction--${reaction.sender}`} data-sender={reaction.sender}>
      <GomeumCat pose="sit" size={32} className="proof-reaction__avatar" />
      <div className="proof-reaction__body">
        <p className="proof-reaction__label">
          {reaction.sender === 'gomeum_ai' ? t('proof_reaction.from_gomeum_ai') : t('proof_reaction.from_gomeum')}
          <time className="proof-reaction__time" dateTime={new Date(reaction.createdAt).toISOString()}>
            {formatDateTime(reaction.createdAt, i18n.language)}
          </time>
        </p>
        <p className="proof-reaction__text">{reaction.content}</p>
      </div>
    </div>
  );
}

/** One proof in the user's log: date, title, when it was added, text and photo; deletable by its owner. */
export function TaskLogEntry({ log, planet }: { log: TaskLog; planet?: PlanetId }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="log-entry">
      <header className="log-entry__header">
        <h3 className="log-entry__title">{log.title}</h3>
        <p className="log-entry__meta">
          <span>{formatDay(log.date, i18n.language)}</span>
          <span aria-hidden="true"> · </span>
          <span>{t('task.added_at', { time: formatDateTime(log.createdAt, i18n.language) })}</span>
        </p>
      </header>
      <p className="log-entry__content">{log.content}</p>
      {log.imageUrl ? (
        <img
          className="log-entry__image"
          src={log.imageUrl}
          alt={t('task.proof_image_alt', { title: log.title })}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      {log.reaction ? <ReactionNote reaction={log.reaction} /> : null}
      {planet ? <DeleteProof planet={planet} log={log} /> : null}
    </article>
  );
}

/** One entry of Gomeum's log: time, text and photos, beside Gomeum itself. */
export function GomeumLogEntry({ log }: { log: GomeumLog }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="log-entry log-entry--gomeum">
      <GomeumCat pose="sit" size={40} className="log-entry__avatar" />
      <div className="log-entry__body">
        <p className="log-entry__meta">
          <time dateTime={new Date(log.createdAt).toISOString()}>{formatDateTime(log.createdAt, i18n.language)}</time>
        </p>
        <p className="log-entry__content">{log.content}</p>
        {log.imageUrls.length > 0 ? (
          <div className="log-entry__gallery">
            {log.imageUrls.map((url, index) => (
              <img
                key={url}
                className="log-entry__image"
                src={url}
                alt={t('task.gomeum_image_alt', { number: index + 1 })}
                loading="lazy"
                decoding="async"
              />
            ))}
          </div>
        ) : null}
      </div>
    </article>
  );
}
