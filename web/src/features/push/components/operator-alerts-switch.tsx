import { isLanguage } from '@gomeum/contracts';
import { useEffect, useId } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useDeviceAlerts, useSetDeviceAlerts } from '../api/operator-alerts.ts';
import { refreshPushState, turnPushOn } from '../push-state.ts';
import { usePushStatus } from '../use-push-status.ts';
import './operator-alerts-switch.css';

const STATE_LABEL = {
  on: 'dashboard.alerts_on',
  off: 'dashboard.alerts_off',
  blocked: 'dashboard.alerts_blocked',
  unsupported: 'dashboard.alerts_unsupported',
} as const;

const HINT = {
  on: 'dashboard.alerts_hint',
  off: 'dashboard.alerts_hint',
  blocked: 'dashboard.alerts_blocked_hint',
  unsupported: 'dashboard.alerts_unsupported_hint',
} as const;

/**
 * The operator's alerts on this device, in the dashboard's header beside the presence switch:
 * a push when a user writes or sends a proof while no dashboard is open. Turning it on turns
 * notifications on here first when they are off (the browser asks); turning it off keeps them
 * for everything else. The server keeps the choice with this device's subscription.
 */
export function OperatorAlertsSwitch() {
  const { t, i18n } = useTranslation();
  const push = usePushStatus();
  const device = useDeviceAlerts(push === 'on');
  const hintId = useId();
  // The operator may have changed the site's settings since the page opened.
  useEffect(() => refreshPushState(), []);
  const setAlerts = useSetDeviceAlerts(async () => {
    if (push === 'on' && device.data?.subscribed) return;
    const status = await turnPushOn(isLanguage(i18n.language) ? i18n.language : 'en');
    if (status !== 'on') throw new Error(`notifications ${status}`);
  });

  const on = push === 'on' && device.data?.subscribed === true && device.data.enabled;
  const state = push === 'blocked' || push === 'unsupported' ? push : on ? 'on' : 'off';
  const choosable = state === 'on' || state === 'off';
  const busy = setAlerts.isPending || (push === 'on' && device.isPending);
  return (
    <div className="alerts-switch">
      <button
        type="button"
        className={`alerts-switch__button alerts-switch__button--${state}`}
        aria-pressed={choosable ? on : undefined}
        aria-disabled={choosable ? undefined : true}
        aria-busy={busy || undefined}
        aria-describedby={hintId}
        title={t(HINT[state])}
        onClick={() => {
          if (choosable && !busy) setAlerts.mutate(!on);
        }}
      >
        <svg className="alerts-switch__bell" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0" />
        </svg>
        <span>{t('dashboard.alerts_label')}</span>
        <span className="alerts-switch__state">{busy ? t('common.please_wait') : t(STATE_LABEL[state])}</span>
      </button>
      {/* What it does, for assistive technology; why it cannot be turned on, for everyone. */}
      <span id={hintId} className={choosable ? 'visually-hidden' : 'alerts-switch__hint muted'}>
        {t(HINT[state])}
      </span>
      {setAlerts.isError ? (
        <p className="form__error alerts-switch__error" role="alert">
          {t('dashboard.alerts_failed')}
        </p>
      ) : null}
    </div>
  );
}
