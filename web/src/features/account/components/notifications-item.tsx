import { isLanguage } from '@gomeum/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { refreshPushState, turnPushOff, turnPushOn, usePushStatus } from '../../push/index.ts';

const STATE_LABEL = {
  on: 'account_menu.notifications_on',
  off: 'account_menu.notifications_off',
  blocked: 'account_menu.notifications_blocked',
  unsupported: 'account_menu.notifications_unsupported',
} as const;

/**
 * Notifications on or off, in the account menu: the way back after "Not now". A checkbox item
 * while the choice is ours; when the browser blocks notifications or cannot show them, the item
 * says so and a hint tells how to unblock them.
 */
export function NotificationsItem({ menuOpen }: { menuOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const status = usePushStatus();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const hintId = useId();

  // The user may have changed the site's settings since: read the browser again when the menu opens.
  useEffect(() => {
    if (menuOpen) refreshPushState();
  }, [menuOpen]);

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      if (status === 'on') await turnPushOff();
      else await turnPushOn(isLanguage(i18n.language) ? i18n.language : 'en');
    } catch (error) {
      console.warn('notifications not changed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const choosable = status === 'on' || status === 'off';
  const hint = failed
    ? t('push.failed')
    : status === 'blocked'
      ? t('account_menu.notifications_blocked_hint')
      : status === 'unsupported'
        ? t('account_menu.notifications_unsupported_hint')
        : null;

  return (
    <>
      <button
        type="button"
        role={choosable ? 'menuitemcheckbox' : 'menuitem'}
        aria-checked={choosable ? status === 'on' : undefined}
        aria-disabled={choosable ? undefined : true}
        aria-busy={busy || undefined}
        aria-describedby={hint ? hintId : undefined}
        tabIndex={-1}
        className="account-menu__item account-menu__toggle"
        onClick={() => {
          if (choosable) void toggle();
        }}
      >
        <span>{t('account_menu.notifications')}</span>
        <span className={`account-menu__state account-menu__state--${status}`}>
          {busy ? t('common.please_wait') : t(STATE_LABEL[status])}
        </span>
      </button>
      {hint ? (
        <p
          id={hintId}
          className={failed ? 'account-menu__hint form__error' : 'account-menu__hint'}
          role={failed ? 'alert' : 'presentation'}
        >
          {hint}
        </p>
      ) : null}
    </>
  );
}
