import { lazy } from 'react';

/**
 * The delete confirmation, fetched when first asked for (render it inside <Suspense>): neither the
 * account menu's first paint nor the shared app chunk carries it.
 */
export const DeleteAccountDialog = lazy(() =>
  import('./delete-account-dialog.tsx').then((module) => ({ default: module.DeleteAccountDialog })),
);
