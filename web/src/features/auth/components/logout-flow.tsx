import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocation } from 'wouter';
import type { Me } from '@gomeum/contracts';
import { useLogout } from '../api/logout.ts';

/** Fetched when a guest presses log out: it is not part of the first paint. */
const GuestLogoutDialog = lazy(() =>
  import('./guest-logout-dialog.tsx').then((module) => ({ default: module.GuestLogoutDialog })),
);

/**
 * Logging out, for the account menu's last item: `start` logs out (to the home page) when signed
 * in with an account; a guest is first told where their work stays (`dialog`, to be rendered by
 * the caller outside its popup, which closes). `label` names who logs out; `returnFocus` is where
 * focus goes when the guest stays.
 */
export function useLogoutFlow(
  user: Me,
  returnFocus: () => void,
): {
  label: string;
  start: () => void;
  pending: boolean;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const logout = useLogout();
  const [, navigate] = useLocation();
  const [warning, setWarning] = useState(false);
  const { isGuest } = user;
  const who = isGuest ? t('account.guest') : (user.email ?? '');
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        setWarning(false);
        navigate('/', { replace: true });
      },
    });
  return {
    label: t('account.logout_as', { who }),
    start: () => (isGuest ? setWarning(true) : signOut()),
    pending: logout.isPending,
    dialog: warning ? (
      <Suspense fallback={null}>
        <GuestLogoutDialog
          busy={logout.isPending}
          onLogout={signOut}
          onClose={() => {
            setWarning(false);
            returnFocus();
          }}
        />
      </Suspense>
    ) : null,
  };
}
