import { broadcastPopupPath } from '@gomeum/contracts';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { dismissBroadcast, showBroadcast, shownBroadcasts, subscribeBroadcasts } from '../broadcast-store.ts';
import '../notifications.css';

/** Broadcasts from Gomeum, shown the moment they arrive while the app is open. */
export function BroadcastToasts() {
  const { t } = useTranslation();
  const broadcasts = useSyncExternalStore(subscribeBroadcasts, shownBroadcasts, shownBroadcasts);
  useLiveEvent('notification.broadcast', showBroadcast);
  return (
    <section className="broadcasts" aria-label={t('broadcast.region')} aria-live="polite">
      {broadcasts.map((notification) => (
        <article key={notification.id} className="broadcast" aria-labelledby={`broadcast-${notification.id}`}>
          <p className="broadcast__from">{t('broadcast.from', { sender: notification.sender })}</p>
          <h2 id={`broadcast-${notification.id}`} className="broadcast__title">
            {notification.title}
          </h2>
          <p className="broadcast__message">{notification.message}</p>
          <div className="broadcast__actions">
            <Link
              className="button button--link"
              to={broadcastPopupPath(notification)}
              onClick={() => dismissBroadcast(notification.id)}
            >
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
        </article>
      ))}
    </section>
  );
}
