import { broadcastIn, pickLocalized } from '@gomeum/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'wouter';
import { formatDateTime } from '../../../lib/format.ts';
import { useBroadcasts, useBroadcastsSeen } from '../api/get-broadcasts.ts';
import { useUpdates } from '../api/get-updates.ts';
import { DiarySkeleton } from './diary-skeleton.tsx';
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
        const words = broadcastIn(notification, i18n.language);
        return (
          <li key={notification.id} className="diary__entry diary-broadcast" data-new={fresh ? 'true' : undefined}>
            <h3 className="update__title">
              {words.title}
              {fresh ? (
                <span className="badge badge--new diary-broadcast__new">{t('diary_broadcasts.new')}</span>
              ) : null}
            </h3>
            <p className="update__date">
              <time dateTime={new Date(notification.createdAt).toISOString()}>
                {formatDateTime(notification.createdAt, i18n.language)}
              </time>
            </p>
            <p className="diary-broadcast__message">{words.message}</p>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * What the diary shows once the app has it (loaded when it is first opened): updates newest first,
 * each linking to its own page; and, for a signed-in reader, past broadcasts, in tabs.
 */
export function DiaryContents({ onClose, userId }: { onClose: () => void; userId: string | null }) {
  const { t, i18n } = useTranslation();
  const updates = useUpdates();
  const [tab, setTab] = useState<'updates' | 'broadcasts'>('updates');
  const tabsId = useId();

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
    <>
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
    </>
  );
}
