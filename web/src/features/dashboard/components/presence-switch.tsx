import { useTranslation } from 'react-i18next';
import { useLiveOpen } from '../../../lib/live/index.ts';
import { usePresence, useSetAway } from '../api/chat-inbox.ts';

/**
 * Having the dashboard open makes the operator online (the AI stops answering); the switch lets
 * them step away without closing it.
 */
export function PresenceSwitch() {
  const { t } = useTranslation();
  const presence = usePresence();
  const setAway = useSetAway();
  useLiveOpen((client) => {
    client.send({ type: 'presence.dashboard' });
  });
  const away = presence.data?.away ?? false;
  return (
    <button
      type="button"
      className={`presence-switch ${away ? 'presence-switch--away' : 'presence-switch--online'}`}
      aria-pressed={away}
      disabled={setAway.isPending || presence.isPending}
      onClick={() => setAway.mutate(!away)}
    >
      <span className="presence-switch__dot" aria-hidden="true" />
      {away ? t('dashboard.presence_away') : t('dashboard.presence_online')}
    </button>
  );
}
