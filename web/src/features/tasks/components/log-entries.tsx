import type { GomeumLog, TaskLog } from '@gomeum/contracts';
import { useTranslation } from 'react-i18next';
import { GomeumCat } from '../../art/index.ts';
import { formatDateTime, formatDay } from '../../../lib/format.ts';

/** One proof in the user's log: date, title, when it was added, text and photo. */
export function TaskLogEntry({ log }: { log: TaskLog }) {
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
