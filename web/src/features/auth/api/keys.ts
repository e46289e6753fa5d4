/** The auth feature's query keys: who is signed in, and the guest-merge offer made at login. */
export const authKeys = {
  me: ['me'] as const,
  guestMergeOffer: ['guest-merge-offer'] as const,
};
