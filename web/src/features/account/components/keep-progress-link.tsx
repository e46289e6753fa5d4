import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useLocation } from 'wouter';
import type { SignedInUser } from '../../auth/index.ts';
import '../account.css';

/**
 * The top bar's "Keep your progress" entry, for guests on every page: it leads to registering,
 * which turns this guest into an account and keeps everything it made.
 */
export function KeepProgressLink({ user }: { user: SignedInUser }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  if (!user?.isGuest || pathname === '/register') return null;
  return (
    <Link className="keep-link" to="/register" title={t('guest.keep_progress_hint')}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M12 3l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.8z" fill="currentColor" />
      </svg>
      {/* One label shows (the other is display: none, so out of the name too): short on a phone. */}
      <span className="keep-link__long">{t('guest.keep_progress')}</span>
      <span className="keep-link__short">{t('guest.keep_progress_short')}</span>
    </Link>
  );
}
