import { isLanguage } from '@gomeum/contracts';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useMe } from '../../auth/index.ts';
import { subscribeToPush, unsubscribeFromPush } from '../api/push-subscription.ts';
import { declinePush, pushState, pushSupported, subscribePushState, turnPushOn } from '../push-state.ts';
import '../push.css';

/** Users whose subscription was already stored in this page's lifetime. */
const synced = new Set<string>();

/**
 * After sign-in, and only then, asks whether Gomeum may send notifications. A refusal (here or
 * in the browser) is remembered, and the account menu can change it later; with permission
 * granted and not turned off, the subscription is kept stored for the signed-in user, guests
 * included.
 */
export function PushPrompt() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const userId = me.data?.id ?? null;
  const { permission, declined } = useSyncExternalStore(subscribePushState, pushState, pushState);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const locale = isLanguage(i18n.language) ? i18n.language : 'en';

  // Signed out: this browser stops receiving the previous user's pushes.
  const previousUser = useRef<string | null>(null);
  useEffect(() => {
    if (previousUser.current && !userId && pushSupported()) {
      synced.delete(previousUser.current);
      unsubscribeFromPush().catch((error: unknown) => console.warn('push subscription not ended', error));
    }
    if (!me.isPending) previousUser.current = userId;
  }, [userId, me.isPending]);

  // Permission granted earlier: keep this browser's subscription stored for whoever signed in.
  useEffect(() => {
    if (!userId || permission !== 'granted' || declined || synced.has(userId)) return;
    synced.add(userId);
    subscribeToPush(locale).catch((error: unknown) => console.warn('push subscription not saved', error));
  }, [userId, permission, declined, locale]);

  const visible = Boolean(userId) && permission === 'default' && !declined;

  // While the card shows, pages get room to scroll their last controls above it.
  useEffect(() => {
    if (!visible) return;
    document.documentElement.classList.add('has-push-prompt');
    return () => document.documentElement.classList.remove('has-push-prompt');
  }, [visible]);

  if (!visible || !userId) return null;

  const enable = async () => {
    setBusy(true);
    setFailed(false);
    try {
      synced.add(userId);
      await turnPushOn(locale);
    } catch (error) {
      console.warn('push subscription failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const later = () => declinePush();

  return (
    <aside className="push-prompt panel" aria-labelledby="push-prompt-title">
      <h2 id="push-prompt-title" className="push-prompt__title">
        {t('push.prompt_title')}
      </h2>
      <p className="push-prompt__body">{t('push.prompt_body')}</p>
      {failed ? (
        <p className="form__error" role="alert">
          {t('push.failed')}
        </p>
      ) : null}
      <div className="push-prompt__actions">
        <button type="button" className="button button--ghost" onClick={later}>
          {t('push.later')}
        </button>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void enable()}>
          {busy ? t('common.please_wait') : t('push.enable')}
        </button>
      </div>
    </aside>
  );
}
