import { isLanguage } from '@gomeum/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useMe } from '../../auth/index.ts';
import { subscribeToPush, unsubscribeFromPush } from '../api/push-subscription.ts';
import { pushState, pushSupported, subscribePushState } from '../push-state.ts';

/**
 * Who this browser's subscription was already stored for in this page's lifetime: a user id and
 * whether a guest, since a guest registering keeps its id while the server forgets its devices.
 */
const synced = new Set<string>();

function syncKeyOf(me: { id: string; isGuest: boolean }): string {
  return `${me.id}:${me.isGuest ? 'guest' : 'account'}`;
}

/** Marks this user's subscription as stored in this page's lifetime (the offer stores it itself). */
export function markSynced(me: { id: string; isGuest: boolean }): void {
  synced.add(syncKeyOf(me));
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
  const syncKey = me.data ? syncKeyOf(me.data) : null;
  const { permission, declined } = useSyncExternalStore(subscribePushState, pushState, pushState);
  const locale = isLanguage(i18n.language) ? i18n.language : 'en';

  const previousUser = useRef<string | null>(null);
  useEffect(() => {
    if (previousUser.current && !userId && pushSupported()) {
      for (const key of [...synced]) if (key.startsWith(`${previousUser.current}:`)) synced.delete(key);
      unsubscribeFromPush().catch((error: unknown) => console.warn('push subscription not ended', error));
    }
    if (!me.isPending) previousUser.current = userId;
  }, [userId, me.isPending]);

  useEffect(() => {
    if (!syncKey || permission !== 'granted' || declined || synced.has(syncKey)) return;
    synced.add(syncKey);
    subscribeToPush(locale).catch((error: unknown) => console.warn('push subscription not saved', error));
  }, [syncKey, permission, declined, locale]);

  return null;
}
