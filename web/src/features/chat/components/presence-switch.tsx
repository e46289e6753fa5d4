import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLiveOpen } from '../../../lib/live/index.ts';
import { usePresence, useSetAway } from '../api/chat-inbox.ts';
import { operatorKeys } from '../../dashboard/keys.ts';
import './presence-switch.css';

/**
 * Having the dashboard open makes the operator online (the AI stops answering); the switch lets
 * them step away without closing it.
 */
export function PresenceSwitch() {
  const { t } = useTranslation();
  const presence = usePresence();
  const setAway = useSetAway();
  const queryClient = useQueryClient();
  // Every (re)open declares the dashboard again; the switch is read again in case it changed
  // while this one could not hear (another dashboard, or the server's bus was down).
  useLiveOpen((client) => {
    client.send({ type: 'presence.dashboard' });
    void queryClient.invalidateQueries({ queryKey: operatorKeys.presence });
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
