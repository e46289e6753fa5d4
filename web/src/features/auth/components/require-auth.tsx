import { Navigate, Outlet } from '../../../lib/router/index.ts';
import { useMe } from '../api/get-me.ts';
import { LoadingScreen } from '../../../lib/loading-screen.tsx';

/** Layout route for pages that need a signed-in user: anyone else is sent to the home page. */
export function RequireAuth() {
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  if (!me.data) return <Navigate to="/" replace />;
  return <Outlet />;
}
