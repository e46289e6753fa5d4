import type { Me } from '@gomeum/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../../test/fake-server.tsx';
import { meQuery } from './get-me.ts';
import { guestMergeOfferQuery } from './guest-merge-offer.ts';
import { useSignIn } from './sign-in.ts';

const guest: Me = {
  id: 'u1',
  email: null,
  role: 'user',
  isGuest: true,
  guestId: 'guest_0123456789abcdef',
  locale: 'en',
};
const registered: Me = { ...guest, email: 'kept@example.com', isGuest: false };

afterEach(() => vi.unstubAllGlobals());

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, hook: renderHook(() => useSignIn(), { wrapper }) };
}

describe('useSignIn', () => {
  it('keeps the new user when a /me asked with the old session answers after the sign-in', async () => {
    // Registering ends the guest's session and the tab is told; the /me it asks then goes out with
    // the old cookie and answers (the guest) only after the register reply has arrived.
    let answerMe: (me: Me) => void = () => undefined;
    const server = fakeServer({
      'GET /api/me': () => new Promise<Response>((resolve) => (answerMe = (me) => resolve(json(me)))),
      'POST /api/auth/register': { user: registered, redirectTo: '/galaxy' },
    });
    const { client, hook } = setup();
    client.setQueryData(meQuery.queryKey, guest);
    const staleMe = client.query({ ...meQuery, staleTime: 0 }).catch(() => 'cancelled');
    await waitFor(() => expect(server.sent('GET', '/api/me')).toHaveLength(1));

    await act(() =>
      hook.result.current.mutateAsync({
        mode: 'register',
        body: { email: 'kept@example.com', password: 'a-long-pass' },
      }),
    );
    answerMe(guest);
    await staleMe;

    expect(client.getQueryData(meQuery.queryKey)).toEqual(registered);
    expect(server.unmatched).toEqual([]);
  });

  it('caches the user the server signed in, and any guest work on offer', async () => {
    const offer = { tasks: 1, proofs: 2, messages: 0, answers: 0 };
    fakeServer({ 'POST /api/auth/login': { user: registered, redirectTo: '/galaxy', guestMerge: offer } });
    const { client, hook } = setup();
    client.setQueryData(meQuery.queryKey, guest);
    await act(() =>
      hook.result.current.mutateAsync({ mode: 'login', body: { email: 'kept@example.com', password: 'a-long-pass' } }),
    );
    expect(client.getQueryData(meQuery.queryKey)).toEqual(registered);
    expect(client.getQueryData(guestMergeOfferQuery.queryKey)).toEqual(offer);
  });
});
