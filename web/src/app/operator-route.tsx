import { lazy, Suspense } from 'react';
import { Redirect } from 'wouter';
import { useMe } from '../features/auth/index.ts';
import { loadOperatorStrings } from '../lib/i18n.ts';
import { LoadingScreen } from '../lib/loading-screen.tsx';

// Imported only once the operator is known: nobody else ever downloads the dashboard's code.
// Its strings are fetched with it, for the same reason.
const DashboardPage = lazy(async () => {
  const [dashboard] = await Promise.all([import('../features/dashboard/index.ts'), loadOperatorStrings()]);
  return { default: dashboard.DashboardPage };
});

/** `/gomeum-dashboard`: the operator's dashboard; everyone else is sent to the galaxy. */
export function OperatorRoute() {
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  if (!me.data) return <Redirect to="/" replace />;
  if (me.data.role !== 'operator') return <Redirect to="/galaxy" replace />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <DashboardPage />
    </Suspense>
  );
}
