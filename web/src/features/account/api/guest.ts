import * as routes from '@gomeum/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { guestMergeOfferQuery, meQuery } from '../../auth/index.ts';

/** Answers the login's offer: bring this browser's guest work into the account, or leave it. */
export function answerGuestMerge(accept: boolean) {
  return api(routes.guestMerge, { body: { accept } });
}

/** Answering the offer; once answered (either way) the offer is gone. */
export function useAnswerGuestMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerGuestMerge,
    onSettled: () => queryClient.setQueryData(guestMergeOfferQuery.queryKey, null),
  });
}

/** Claims the one-time "keep your progress?" ask: true only the first time, after a proof. */
export function claimKeepAsk() {
  return api(routes.keepProgressAsk);
}

/**
 * For the proof form: `check()` after a proof asks the server (guests only) whether this is the
 * moment for the one-time ask; `ask` is then true until `dismiss()`.
 */
export function useKeepProgressAsk() {
  const queryClient = useQueryClient();
  const [ask, setAsk] = useState(false);
  const check = useCallback(() => {
    if (queryClient.getQueryData(meQuery.queryKey)?.isGuest !== true) return;
    claimKeepAsk().then(
      (result) => setAsk(result.ask),
      () => undefined,
    );
  }, [queryClient]);
  const dismiss = useCallback(() => setAsk(false), []);
  return { ask, check, dismiss };
}
