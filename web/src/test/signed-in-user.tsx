import type { ReactNode } from 'react';
import { useMe, type SignedInUser } from '../features/auth/index.ts';

/**
 * A top bar control as the app shell places it: given the signed-in user the app reads (`useMe`),
 * for tests that render the control alone.
 */
export function WithSignedInUser({ children }: { children: (user: SignedInUser) => ReactNode }) {
  return children(useMe().data);
}
