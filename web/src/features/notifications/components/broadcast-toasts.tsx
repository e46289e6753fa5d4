import { broadcastIn, type Notification } from '@gomeum/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'wouter';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { useDismissAfter, useToasts } from '../../../lib/toasts.ts';
import { broadcasts as store, dismissBroadcast, showBroadcast } from '../broadcast-store.ts';
import '../notifications.css';

/** How long a broadcast stays on screen before it leaves by itself (paused while pointed at or focused). */
export const BROADCAST_TOAST_MS = 8000;

/** One broadcast card: it leaves by itself, unless the reader is pointing at it or in it. */
function BroadcastToast({ notification }: { notification: Notification }) {
  const { t, i18n } = useTranslation();
  const words = broadcastIn(notification, i18n.language);
  const [held, setHeld] = useState(false);
  const focusedRef = useRef(false);
  useDismissAfter(store, notification.id, BROADCAST_TOAST_MS, held);
  return (
    <article
      className="broadcast"
      aria-labelledby={`broadcast-${notification.id}`}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(focusedRef.current)}
      onFocus={() => {
        focusedRef.current = true;
        setHeld(true);
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        focusedRef.current = false;
        setHeld(false);
      }}
    >
      <p className="broadcast__from">{t('broadcast.from', { sender: notification.sender })}</p>
      <h2 id={`broadcast-${notification.id}`} className="broadcast__title">
        {words.title}
      </h2>
      <p className="broadcast__message">{words.message}</p>
      <div className="broadcast__actions">
        <Link className="button button--link" to={words.popupPath} onClick={() => dismissBroadcast(notification.id)}>
          {t('broadcast.open')}
        </Link>
        <button
          type="button"
          className="button button--ghost broadcast__close"
          onClick={() => dismissBroadcast(notification.id)}
        >
          {t('common.close')}
        </button>
      </div>
      <span className="broadcast__timer" data-held={held ? 'true' : 'false'} aria-hidden="true" />
    </article>
  );
}

/** Broadcasts from Gomeum, shown the moment they arrive while the app is open; each leaves by itself. */
export function BroadcastToasts() {
  const { t } = useTranslation();
  const broadcasts = useToasts(store);
  useLiveEvent('notification.broadcast', showBroadcast);
  return (
    <section className="broadcasts" aria-label={t('broadcast.region')} aria-live="polite">
      {broadcasts.map((notification) => (
        <BroadcastToast key={notification.id} notification={notification} />
      ))}
    </section>
  );
}
