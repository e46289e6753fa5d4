import { isLanguage } from '@gomeum/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useMe } from '../../auth/index.ts';
import { subscribeToPush, unsubscribeFromPush } from '../api/push-subscription.ts';
import { pushState, pushSupported, subscribePushState } from '../push-state.ts';

/** Users whose subscription was already stored in this page's lifetime. */
const synced = new Set<string>();

/** Marks `userId`'s subscription as stored in this page's lifetime (the offer stores it itself). */
export function markSynced(userId: string): void {
  synced.add(userId);
}

/**
 * Keeps this browser's push subscription with whoever is signed in, and asks nothing: with
 * permission granted and not turned off, the subscription is stored for the signed-in user
 * (guests included); signed out, this browser stops receiving the previous user's pushes. The
 * question itself comes at a moment that gives it meaning (PushOffer), never on its own.
 */
export function PushSync() {
  const { i18n } = useTranslation();
  const me = useMe();
  const userId = me.data?.id ?? null;
  const { permission, declined } = useSyncExternalStore(subscribePushState, pushState, pushState);
  const locale = isLanguage(i18n.language) ? i18n.language : 'en';

  const previousUser = useRef<string | null>(null);
  useEffect(() => {
    if (previousUser.current && !userId && pushSupported()) {
      synced.delete(previousUser.current);
      unsubscribeFromPush().catch((error: unknown) => console.warn('push subscription not ended', error));
    }
    if (!me.isPending) previousUser.current = userId;
  }, [userId, me.isPending]);

  useEffect(() => {
    if (!userId || permission !== 'granted' || declined || synced.has(userId)) return;
    synced.add(userId);
    subscribeToPush(locale).catch((error: unknown) => console.warn('push subscription not saved', error));
  }, [userId, permission, declined, locale]);

  return null;
}
