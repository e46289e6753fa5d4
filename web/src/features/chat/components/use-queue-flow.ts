import { queueItemKey, type OperatorQueueItem } from '@gomeum/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'wouter';
import { useTranslation } from '../../../lib/i18n.ts';
import { useOpenItem } from '../../../lib/operator/master-detail.tsx';
import { useOperatorQueue } from '../api/operator-queue.ts';

/** The element the open item is drawn in (focused when the next item takes the place of one answered). */
export const DETAIL_ID = 'queue-detail';
const USER: readonly string[] = ['user'];
const PROOF: readonly string[] = ['proof'];

/** Focuses the queue's row of `key`, or the queue's title when it has left the queue. */
function focusRow(key: string | null) {
  const rows = document.querySelectorAll<HTMLElement>('[data-queue-key]');
  const row = [...rows].find((element) => element.dataset.queueKey === key);
  (row ?? document.getElementById('queue-title'))?.focus();
}

/**
 * Going through the queue: what is open beside it (a conversation, `&user=`, or a proof,
 * `&proof=`, both in the address), opening an item, going on to the next waiting item once one is
 * answered (in place of the one answered, so back still returns to the list), Escape back to the
 * list and Ctrl+Enter to send; each step said to a screen reader.
 */
export function useQueueFlow(proofsBeside: boolean) {
  const { t } = useTranslation();
  const user = useOpenItem('user', PROOF);
  const proof = useOpenItem('proof', USER);
  const [, setParams] = useSearchParams();
  const queue = useOperatorQueue();
  const [announcement, setAnnouncement] = useState('');
  // The item the queue opened (one opened from the conversations goes on to nothing once answered).
  const [fromQueue, setFromQueue] = useState<string | null>(null);
  // Items answered here (by key, and since when they waited): never opened as the next while their
  // leaving the queue is on its way; a conversation that waits again (since later) comes back.
  const answered = useRef(new Map<string, number>());
  // The item that took the place of one answered, to be given focus once it is on screen.
  const focusNext = useRef<string | null>(null);
  const isAnswered = (item: OperatorQueueItem) => answered.current.get(queueItemKey(item)) === item.since;
  const proofOpen = proofsBeside ? proof.selected : null;
  const current = user.selected ? `chat:${user.selected}` : proofOpen ? `proof:${proofOpen}` : null;
  // What was focused (the answered item's reply box or button) is gone: the item in its place takes
  // focus, once React has put it on screen (after the render that opens it, however long that takes).
  useEffect(() => {
    if (current === null || focusNext.current !== current) return;
    focusNext.current = null;
    document.getElementById(DETAIL_ID)?.focus({ preventScroll: true });
  }, [current]);
  const kind = (item: OperatorQueueItem) => t(item.kind === 'chat' ? 'dashboard.queue_chat' : 'dashboard.queue_proof');

  const open = (item: OperatorQueueItem, replace = false) => {
    setFromQueue(queueItemKey(item));
    if (item.kind === 'chat') user.open(item.userId, { replace });
    else if (proofsBeside) proof.open(item.logId, { replace });
    else setParams({ section: 'proofs' });
    setAnnouncement(t('dashboard.queue_opened', { kind: kind(item), name: item.name }));
  };
  const close = (options?: { replace?: boolean }) => {
    if (user.selected) user.close(options);
    else proof.close(options);
  };
  /** The item open was answered: the next waiting one opens in its place, or the list comes back. */
  const next = () => {
    const done = queue.data?.find((waiting) => queueItemKey(waiting) === current);
    if (done) answered.current.set(queueItemKey(done), done.since);
    const waiting = (items: readonly OperatorQueueItem[] | undefined) =>
      items?.find((item) => queueItemKey(item) !== current && !isAnswered(item));
    const item = waiting(queue.data);
    if (item) return goTo(item);
    // The pages read so far are done with: the next page, when there is one.
    if (queue.hasNextPage) {
      void queue.fetchNextPage().then((result) => {
        const later = waiting(result.data);
        if (later) goTo(later);
        else cleared();
      });
      return;
    }
    cleared();
  };
  const goTo = (item: OperatorQueueItem) => {
    // (A proof the dashboard cannot show beside the queue opens in its own section instead.)
    focusNext.current = item.kind === 'chat' || proofsBeside ? queueItemKey(item) : null;
    open(item, true);
    setAnnouncement(t('dashboard.queue_sent_next', { kind: kind(item), name: item.name }));
  };
  const cleared = () => {
    close({ replace: true });
    setAnnouncement(t('dashboard.queue_cleared'));
    focusRow(null);
  };
  /** On the open item: Escape goes back to its row in the queue; Ctrl+Enter sends. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && current) {
      event.preventDefault();
      const key = current;
      close();
      setAnnouncement(t('dashboard.queue_back'));
      requestAnimationFrame(() => focusRow(key));
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      const form = (event.target as HTMLElement).closest('form');
      if (!form) return;
      event.preventDefault();
      form.requestSubmit();
    }
  };
  const proofUserId = queue.data?.find((item) => item.kind === 'proof' && item.logId === proofOpen)?.userId ?? null;
  return {
    user,
    proofOpen,
    proofUserId,
    current,
    /** Goes on to the next item once this one is answered: an item the queue opened. */
    goesOn: current !== null && current === fromQueue,
    open,
    close,
    next,
    onKeyDown,
    announcement,
  };
}
