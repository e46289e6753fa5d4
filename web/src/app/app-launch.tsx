import { WEB_ROUTES } from '@gomeum/contracts';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useMe } from '../features/auth/index.ts';

/** The manifest's `start_url`: the home page, marked as opened from the installed app. */
export const APP_LAUNCH_SOURCE = 'app';

/**
 * The installed app opens at the manifest's `start_url` (`/?source=app`): the operator goes on to
 * the dashboard at once (replacing the entry, so back does not return to the home page), everyone
 * else stays on the home page. Only that launch address: the home page opened any other way stays.
 */
export function OperatorAppLaunch() {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const me = useMe();
  const launched = pathname === WEB_ROUTES.home && new URLSearchParams(search).get('source') === APP_LAUNCH_SOURCE;
  const isOperator = me.data?.role === 'operator';
  useEffect(() => {
    if (launched && isOperator) navigate(WEB_ROUTES.dashboard, { replace: true });
  }, [launched, isOperator, navigate]);
  return null;
}
