import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocation } from 'wouter';
import { useMe } from '../api/get-me.ts';
import { useLogout } from '../api/logout.ts';
import { LineIcon } from '../../../lib/line-icon.tsx';

/** Fetched when a guest presses log out: it is not part of the first paint. */
const GuestLogoutDialog = lazy(() =>
  import('./guest-logout-dialog.tsx').then((module) => ({ default: module.GuestLogoutDialog })),
);

/** Top-bar control: log out when signed in; a guest is first told where their work stays. */
export function AccountButton() {
  const { t } = useTranslation();
  const me = useMe();
  const logout = useLogout();
  const [, navigate] = useLocation();
  const [warning, setWarning] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (!me.data) return null;
  const isGuest = me.data.isGuest;
  const who = isGuest ? t('account.guest') : (me.data.email ?? '');
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        setWarning(false);
        navigate('/', { replace: true });
      },
    });
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        title={t('account.logout_as', { who })}
        aria-label={t('account.logout_as', { who })}
        aria-haspopup={isGuest ? 'dialog' : undefined}
        disabled={logout.isPending}
        onClick={() => (isGuest ? setWarning(true) : signOut())}
      >
        <LineIcon d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4M15 16l4-4-4-4M19 12H9" />
      </button>
      {warning ? (
        <Suspense fallback={null}>
          <GuestLogoutDialog
            busy={logout.isPending}
            onLogout={signOut}
            onClose={() => {
              setWarning(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
