import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLive, useLiveEvent, useLiveOpen } from '../../../lib/live/index.ts';
import { usePresence, useSetAway } from '../api/chat-inbox.ts';
import { chatKeys } from '../api/keys.ts';
import './presence-switch.css';

// The dashboard says the operator is active at most this often (the server sets them away after 10 idle minutes).
const ACTIVITY_EVERY_MS = 60_000;

/**
 * Having the dashboard open makes the operator online (the AI stops answering); the switch lets
 * them step away without closing it. Ten minutes without a key or a click on the dashboard set
 * them away by themselves (users see it); the next action brings them back.
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
    void queryClient.invalidateQueries({ queryKey: chatKeys.presence });
  });
  // Presence changed anywhere (this dashboard idle, another's switch): the switch is read again.
  useLiveEvent('presence.changed', () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.presence });
  });
  const live = useLive();
  useEffect(() => {
    let said = 0;
    const active = () => {
      const now = Date.now();
      if (now - said < ACTIVITY_EVERY_MS) return;
      if (live?.send({ type: 'presence.activity' })) said = now;
    };
    const options = { capture: true, passive: true } as const;
    for (const type of ['keydown', 'pointerdown', 'focusin'] as const) document.addEventListener(type, active, options);
    return () => {
      for (const type of ['keydown', 'pointerdown', 'focusin'] as const) {
        document.removeEventListener(type, active, options);
      }
    };
  }, [live]);
  const away = presence.data?.away ?? false;
  const autoAway = presence.data?.autoAway ?? false;
  return (
    <button
      type="button"
      className={`presence-switch ${away ? 'presence-switch--away' : 'presence-switch--online'}`}
      aria-pressed={away}
      disabled={setAway.isPending || presence.isPending}
      onClick={() => setAway.mutate(!away)}
    >
      <span className="presence-switch__dot" aria-hidden="true" />
      {autoAway ? t('dashboard.auto_away') : away ? t('dashboard.presence_away') : t('dashboard.presence_online')}
    </button>
  );
}
