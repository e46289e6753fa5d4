import type { GomeumLog, PlanetId, ProofReaction, TaskLog } from '@gomeum/contracts';
import { gomeumLogIn } from '@gomeum/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useDeleteProof } from '../api/delete-proof.ts';
import { GomeumCat } from '../../../lib/illustrations/index.ts';
import { dayOf, formatDateTime, formatDay, formatTime } from '../../../lib/format.ts';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { Photo } from '../../../lib/photo.tsx';
import { contentLang } from '../../../lib/content-lang.ts';
import './log-entries.css';

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
  const zone = useTimeZone();
  return (
    <div className={`proof-reaction proof-reaction--${reaction.sender}`} data-sender={reaction.sender}>
      <GomeumCat pose="sit" size={32} className="proof-reaction__avatar" />
      <div className="proof-reaction__body">
        <p className="proof-reaction__label">
          {reaction.sender === 'gomeum_ai' ? t('proof_reaction.from_gomeum_ai') : t('proof_reaction.from_gomeum')}
          <time className="proof-reaction__time" dateTime={new Date(reaction.createdAt).toISOString()}>
            {formatDateTime(reaction.createdAt, i18n.language, zone)}
          </time>
        </p>
        <p className="proof-reaction__text" lang={contentLang(reaction.content)}>
          {reaction.content}
        </p>
      </div>
    </div>
  );
}

/**
 * When a proof was added, shown (a phone has no tooltips): its time alone when that is the proof's
 * own date, else the date and time.
 */
function AddedAt({ log }: { log: TaskLog }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const time =
    dayOf(log.createdAt, zone) === log.date
      ? formatTime(log.createdAt, i18n.language, zone)
      : formatDateTime(log.createdAt, i18n.language, zone);
  return (
    <time className="log-entry__added" dateTime={new Date(log.createdAt).toISOString()}>
      {t('task.added_at', { time })}
    </time>
  );
}

/** One proof in the user's log: title, its date and when it was added, text and photo; deletable by its owner. */
export function TaskLogEntry({
  log,
  planet,
  headingLevel = 3,
}: {
  log: TaskLog;
  planet?: PlanetId;
  /** 3 inside a panel with its own heading (the task screen); 2 right under the page's title (the full log). */
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="log-entry">
      <header className="log-entry__header">
        <Heading className="log-entry__title" lang={contentLang(log.title)}>
          {log.title}
        </Heading>
        <p className="log-entry__meta">
          <time dateTime={log.date}>{formatDay(log.date, i18n.language)}</time>
          <span aria-hidden="true"> · </span>
          <AddedAt log={log} />
        </p>
      </header>
      <p className="log-entry__content" lang={contentLang(log.content)}>
        {log.content}
      </p>
      {log.imageUrl ? <Photo src={log.imageUrl} alt={t('task.proof_image_alt', { title: log.title })} /> : null}
      {log.reaction ? <ReactionNote reaction={log.reaction} /> : null}
      {planet ? <DeleteProof planet={planet} log={log} /> : null}
    </article>
  );
}

/** One entry of Gomeum's log: time, text and photos, beside Gomeum itself. */
export function GomeumLogEntry({ log }: { log: GomeumLog }) {
  const { t, i18n } = useTranslation();
  const zone = useTimeZone();
  const content = gomeumLogIn(log, i18n.language);
  return (
    <article className="log-entry log-entry--gomeum">
      <GomeumCat pose="sit" size={40} className="log-entry__avatar" />
      <div className="log-entry__body">
        <p className="log-entry__meta">
          <time dateTime={new Date(log.createdAt).toISOString()}>
            {formatDateTime(log.createdAt, i18n.language, zone)}
          </time>
        </p>
        <p className="log-entry__content" lang={contentLang(content)}>
          {content}
        </p>
        {log.imageUrls.length > 0 ? (
          <div className="log-entry__gallery">
            {log.imageUrls.map((url, index) => (
              <Photo
                key={url}
                className="photo-thumb--square"
                src={url}
                alt={t('task.gomeum_image_alt', { number: index + 1 })}
              />
            ))}
          </div>
        ) : null}
      </div>
    </article>
  );
}
