import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useMe } from '../api/get-me.ts';
import { LoadingScreen } from '../../../lib/loading-screen.tsx';

/** Wraps a page that needs a signed-in user: anyone else is sent to the home page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  if (!me.data) return <Redirect to="/" replace />;
  return children;
}
