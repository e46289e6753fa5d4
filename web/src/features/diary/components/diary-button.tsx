import { pickLocalized } from '@gomeum/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../auth/index.ts';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { readLocalLastSeen, useDiaryState, useMarkDiarySeen } from '../api/diary-seen.ts';
import { BROADCASTS_KEY, useBroadcasts, useBroadcastsSeen } from '../api/get-broadcasts.ts';
import { useUpdates } from '../api/get-updates.ts';
import '../diary.css';
import { UpdateBody, UpdateDate } from './update-content.tsx';

/** True when the newest update is newer than the last one seen. */

/** Each tab's label. */
const TAB_LABELS = {
  updates: 'diary_broadcasts.tab_updates',
  broadcasts: 'diary_broadcasts.tab_broadcasts',
} as const;
export function hasUnread(latestAt: number | null | undefined, lastSeenAt: number): boolean {
  return latestAt !== null && latestAt !== undefined && latestAt > lastSeenAt;
}

function DiaryIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M5 4.5A1.5 1.5 0 0 1 6.5 3H19v15H6.5A1.5 1.5 0 0 0 5 19.5v-15ZM5 19.5A1.5 1.5 0 0 0 6.5 21H19M9 7h6M9 10.5h4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

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
function DiaryDialog({ onClose, userId }: { onClose: () => void; userId: string | null }) {
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

/** Top-left diary button, with a red dot while an update newer than the last one seen exists. */
export function DiaryButton() {
  const { t } = useTranslation();
  const me = useMe();
  const userId = me.data?.id ?? null;
  const updates = useUpdates();
  const diaryState = useDiaryState(userId);
  const markSeen = useMarkDiarySeen(userId);
  const [open, setOpen] = useState(false);
  const [localSeen, setLocalSeen] = useState(readLocalLastSeen);
  // Published while this tab is open: the dot (and the lists) refresh at once, no reload needed.
  const queryClient = useQueryClient();
  useLiveEvent('update.published', () => void queryClient.invalidateQueries({ queryKey: ['updates'] }));
  useLiveEvent('notification.broadcast', () => void queryClient.invalidateQueries({ queryKey: BROADCASTS_KEY }));

  const latestAt = updates.data?.[0]?.createdAt ?? null;
  const lastSeenAt = userId === null ? localSeen : (diaryState.data?.lastSeenAt ?? Number.POSITIVE_INFINITY);
  const unread = hasUnread(latestAt, lastSeenAt);

  // Whatever is listed while the diary is open counts as seen, including updates that finish
  // loading (or arrive) after it was opened.
  // Each update time is sent once, so a failing server is not asked again and again.
  const { mutate: markSeenAt } = markSeen;
  const markedAt = useRef<number | null>(null);
  useEffect(() => {
    if (!open || latestAt === null || !unread || markedAt.current === latestAt) return;
    markedAt.current = latestAt;
    setLocalSeen((seen) => Math.max(seen, latestAt));
    markSeenAt(latestAt);
  }, [open, latestAt, unread, markSeenAt]);

  const onOpen = () => setOpen(true);

  const label = unread ? t('diary.open_unread') : t('diary.open');
  return (
    <>
      <button
        type="button"
        className="icon-button diary-button"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        onClick={onOpen}
      >
        <DiaryIcon />
        {unread ? <span className="diary-button__dot" data-testid="diary-dot" aria-hidden="true" /> : null}
      </button>
      {open ? <DiaryDialog userId={userId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
