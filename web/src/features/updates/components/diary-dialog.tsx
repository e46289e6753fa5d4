import { pickLocalized } from '@gomeum/contracts';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'wouter';
import { formatDateTime } from '../../../lib/format.ts';
import { useBroadcasts, useBroadcastsSeen } from '../api/get-broadcasts.ts';
import { useUpdates } from '../api/get-updates.ts';
import { UpdateBody, UpdateDate } from './update-content.tsx';

/** Each tab's label. */
const TAB_LABELS = {
  updates: 'diary_broadcasts.tab_updates',
  broadcasts: 'diary_broadcasts.tab_broadcasts',
} as const;
/** Past broadcasts, newest first; those newer than the last visit are marked new. */
function BroadcastList({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const broadcasts = useBroadcasts(true);
  const [seen, markSeen] = useBroadcastsSeen(userId);
  // What was new when the list opened stays marked while it is open.
  const [newSince] = useState(seen);
  const newest = broadcasts.data?.[0]?.createdAt ?? null;
  useEffect(() => {
    if (newest !== null) markSeen(newest);
  }, [newest, markSeen]);

  if (broadcasts.isPending) return <DiarySkeleton />;
  if (broadcasts.isError) {
    return (
      <div className="diary__status" role="alert">
        <p>{t('diary_broadcasts.load_failed')}</p>
        <button type="button" className="button button--ghost" onClick={() => void broadcasts.refetch()}>
          {t('diary.retry')}
        </button>
      </div>
    );
  }
  if (broadcasts.data.length === 0) return <p className="diary__status">{t('diary_broadcasts.empty')}</p>;
  return (
    <ol className="diary__list">
      {broadcasts.data.map((notification) => {
        const fresh = notification.createdAt > newSince;
        return (
          <li key={notification.id} className="diary__entry diary-broadcast" data-new={fresh ? 'true' : undefined}>
            <h3 className="update__title">
              {notification.title}
              {fresh ? (
                <span className="badge badge--new diary-broadcast__new">{t('diary_broadcasts.new')}</span>
              ) : null}
            </h3>
            <p className="update__date">
              <time dateTime={new Date(notification.createdAt).toISOString()}>
                {formatDateTime(notification.createdAt, i18n.language)}
              </time>
            </p>
            <p className="diary-broadcast__message">{notification.message}</p>
          </li>
        );
      })}
    </ol>
  );
}

/** A list of entries about to load: the shape of what is coming, not a "Loading…" line. */
function DiarySkeleton() {
  const { t } = useTranslation();
  return (
    <div className="diary__skeleton" role="status" aria-label={t('common.loading')}>
      {[0, 1].map((i) => (
        <div key={i} className="diary__skeleton-entry">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" style={{ width: '30%' }} />
          <span className="skeleton skeleton--block" />
        </div>
      ))}
    </div>
  );
}

/** The diary overlay: updates newest first, each linking to its own page; and past broadcasts. */
/** The diary's overlay: updates and past broadcasts in tabs. Loaded when first opened. */
export function DiaryDialog({ onClose, userId }: { onClose: () => void; userId: string | null }) {
  const { t, i18n } = useTranslation();
  const updates = useUpdates();
  const [tab, setTab] = useState<'updates' | 'broadcasts'>('updates');
  const tabsId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  let body;
  if (tab === 'broadcasts' && userId) {
    body = <BroadcastList userId={userId} />;
  } else if (updates.isPending) {
    body = <DiarySkeleton />;
  } else if (updates.isError) {
    body = (
      <div className="diary__status" role="alert">
        <p>{t('diary.load_failed')}</p>
        <button type="button" className="button button--ghost" onClick={() => void updates.refetch()}>
          {t('diary.retry')}
        </button>
      </div>
    );
  } else if (updates.data.length === 0) {
    body = <p className="diary__status">{t('diary.empty')}</p>;
  } else {
    body = (
      <ol className="diary__list">
        {updates.data.map((update) => (
          <li key={update.id} className="diary__entry update">
            <h3 className="update__title">
              <Link to={`/update/${encodeURIComponent(update.id)}`} onClick={onClose}>
                {pickLocalized(update.title, i18n.language, t('diary.untitled'))}
              </Link>
            </h3>
            <UpdateDate at={update.createdAt} />
            <UpdateBody update={update} />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <dialog ref={dialogRef} className="popup diary" aria-labelledby="diary-title" onClick={onClick} onCancel={onClose}>
      <div className="diary__body">
        <header className="diary__header">
          <h2 id="diary-title" className="diary__title">
            {t('diary.title')}
          </h2>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
            <span aria-hidden="true">✕</span>
          </button>
        </header>
        {userId ? (
          <div className="diary__tabs" role="tablist" aria-label={t('diary.title')}>
            {(['updates', 'broadcasts'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`${tabsId}-${name}`}
                aria-selected={tab === name}
                aria-controls={`${tabsId}-panel`}
                className="diary__tab"
                onClick={() => setTab(name)}
              >
                {t(TAB_LABELS[name])}
              </button>
            ))}
          </div>
        ) : null}
        <div
          id={`${tabsId}-panel`}
          role={userId ? 'tabpanel' : undefined}
          aria-labelledby={userId ? `${tabsId}-${tab}` : undefined}
        >
          {body}
        </div>
      </div>
    </dialog>
  );
}
