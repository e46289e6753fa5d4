export { useMe, meQuery, type SignedInUser } from './api/get-me.ts';
export { guestMergeOfferQuery, useGuestMergeOffer } from './api/guest-merge-offer.ts';
export { LEAVING_MUTATION_KEY, useFollowSessionEnd } from './api/logout.ts';
export { saveLocale } from './api/set-locale.ts';
export { useLogoutFlow } from './components/logout-flow.tsx';
export { RequireAuth } from './components/require-auth.tsx';
export { returnPath, signInAgainPath } from './return-to.ts';
