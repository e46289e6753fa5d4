import { lazy, Suspense, useState } from 'react';
import { useGuestMergeOffer } from '../../auth/index.ts';

const GuestMergeDialog = lazy(() =>
  import('./guest-merge-dialog.tsx').then((module) => ({ default: module.GuestMergeDialog })),
);

/**
 * The merge offer after a guest logs into an account: its dialog is fetched only when there is an
 * offer, so the first paint of every other page carries none of it.
 */
export function GuestMergeGate() {
  const offer = useGuestMergeOffer();
  // Once wanted, it stays: the dialog shows its outcome after the offer is used up.
  const [wanted, setWanted] = useState(false);
  if (offer && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <GuestMergeDialog />
    </Suspense>
  );
}
