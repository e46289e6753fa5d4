import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { SignedInUser } from '../../auth/index.ts';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { readLocalLastSeen, useDiaryState, useMarkDiarySeen } from '../api/diary-seen.ts';
import { useUpdates } from '../api/get-updates.ts';
import '../diary.css';
import { updatesKeys } from '../api/keys.ts';
import { LineIcon } from '../../../lib/line-icon.tsx';
import { invokerCommands, usePlatformToggle } from '../../../lib/platform-toggle.ts';
import { DiaryDialog } from './diary-dialog.tsx';

/** True when the newest update is newer than the last one seen. */
export function hasUnread(latestAt: number | null | undefined, lastSeenAt: number): boolean {
  return latestAt !== null && latestAt !== undefined && latestAt > lastSeenAt;
}

function DiaryIcon() {
  return (
    <LineIcon d="M5 4.5A1.5 1.5 0 0 1 6.5 3H19v15H6.5A1.5 1.5 0 0 0 5 19.5v-15ZM5 19.5A1.5 1.5 0 0 0 6.5 21H19M9 7h6M9 10.5h4" />
  );
}

/**
 * Top-left diary button, with a red dot while an update newer than the last one seen exists (for
 * `user`, or this browser when no one is signed in).
 */
export function DiaryButton({ user }: { user: SignedInUser }) {
  const { t } = useTranslation();
  const userId = user?.id ?? null;
  const updates = useUpdates();
  const diaryState = useDiaryState(userId);
  const markSeen = useMarkDiarySeen(userId);
  // Opened by its button with no script (`commandfor`), before the app too: the app follows it.
  const dialog = usePlatformToggle<HTMLDialogElement>();
  const { open } = dialog;
  const dialogId = useId();
  const [localSeen, setLocalSeen] = useState(readLocalLastSeen);
  // Published or changed while this tab is open (an image is attached after the update is written):
  // the dot and the lists refresh at once, no reload needed.
  const queryClient = useQueryClient();
  const refreshUpdates = () => void queryClient.invalidateQueries({ queryKey: updatesKeys.all });
  useLiveEvent('update.published', refreshUpdates);
  useLiveEvent('update.changed', refreshUpdates);
  useLiveEvent(
    'notification.broadcast',
    () => void queryClient.invalidateQueries({ queryKey: updatesKeys.broadcasts }),
  );

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

  const label = unread ? t('diary.open_unread') : t('diary.open');
  return (
    <>
      <button
        type="button"
        className="icon-button diary-button"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        commandfor={dialogId}
        command="show-modal"
        onClick={() => {
          // A browser without invoker commands: the app opens it.
          if (!invokerCommands()) dialog.show();
        }}
      >
        <DiaryIcon />
        {unread ? <span className="diary-button__dot" data-testid="diary-dot" aria-hidden="true" /> : null}
      </button>
      <DiaryDialog id={dialogId} dialogRef={dialog.ref} open={open} userId={userId} onClose={dialog.hide} />
    </>
  );
}
