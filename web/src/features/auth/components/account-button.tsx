import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../api/get-me.ts';
import { useLogout } from '../api/logout.ts';

/** Top-bar control: log out when signed in. */
export function AccountButton() {
  const { t } = useTranslation();
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!me.data) return null;
  const who = me.data.isGuest ? t('account.guest') : (me.data.email ?? '');
  return (
    <button
      type="button"
      className="icon-button"
      title={t('account.logout_as', { who })}
      aria-label={t('account.logout_as', { who })}
      disabled={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onSuccess: () => {
            void navigate('/', { replace: true });
          },
        })
      }
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4M15 16l4-4-4-4M19 12H9"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
