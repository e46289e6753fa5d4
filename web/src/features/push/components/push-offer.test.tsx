import type { Me } from '@gomeum/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { useMe } from '../../auth/index.ts';
import { PUSH_DECLINED_KEY, pushStatus, refreshPushState } from '../push-state.ts';
import { pushBrowser as browserWithPush } from '../../../test/push-browser.ts';
import { fakeServer } from '../../../test/fake-server.tsx';
import { PushOffer } from './push-offer.tsx';
import { PushSync } from './push-sync.tsx';

const me: Me = { id: 'u1', email: 'mina@example.com', role: 'user', isGuest: false, guestId: null, locale: 'en' };
/** Who is signed in (a page keeps a user's subscription stored once: each test that cares signs in someone new). */
let signedIn = me;

/** A browser with Web Push whose permission starts as `permission`; the user answers `answer`. */
function pushBrowser(permission: NotificationPermission, answer: NotificationPermission) {
  const { registration, FakeNotification: notification, worker } = browserWithPush(permission, answer);
  const subscribe = registration.pushManager.subscribe;
  const saved: unknown[] = [];
  fakeServer({
    'GET /api/me': () => signedIn,
    'GET /api/push/key': { publicKey: 'BPublicKey_base64url' },
    'POST /api/push/subscriptions': ({ body }) => {
      saved.push(body);
      return { ok: true };
    },
  });
  refreshPushState();
  return { notification, subscribe, saved, worker };
}

/** Calls `onUser` from an effect once a render that knows the signed-in user is committed. */
function SignedInMarker({ onUser }: { onUser: (id: string) => void }) {
  const me = useMe();
  const id = me.data?.id;
  useEffect(() => {
    if (id) onUser(id);
  }, [id, onUser]);
  return null;
}

/**
 * Renders the prompt; `onUser` hears of the first render that knows who is signed in, once its
 * effects have run, the prompt's included (a commit runs its effects in the tree's order).
 */
function renderPrompt(onUser: (id: string) => void = () => undefined, reason: 'proof' | 'away' = 'proof') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PushSync />
      <PushOffer reason={reason} />
      <SignedInMarker onUser={onUser} />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('pushStatus', () => {
  it('is on only when the browser allows and the person has not said no here', () => {
    expect(pushStatus({ permission: 'unsupported', declined: false })).toBe('unsupported');
    expect(pushStatus({ permission: 'denied', declined: false })).toBe('blocked');
    expect(pushStatus({ permission: 'default', declined: false })).toBe('off');
    expect(pushStatus({ permission: 'granted', declined: true })).toBe('off');
    expect(pushStatus({ permission: 'granted', declined: false })).toBe('on');
  });
});

describe('PushOffer and PushSync', () => {
  it('remembers "Not now" (the account menu can turn notifications on later)', async () => {
    const push = pushBrowser('default', 'granted');
    renderPrompt();
    const prompt = await screen.findByRole('region', { name: 'Want to know when Gomeum reacts?' });
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(prompt).not.toBeInTheDocument();
    expect(localStorage.getItem(PUSH_DECLINED_KEY)).toBe('1');
    expect(push.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('turns notifications on: asks the browser once and stores the subscription', async () => {
    const push = pushBrowser('default', 'granted');
    renderPrompt();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(push.saved).toHaveLength(1));
    expect(push.saved[0]).toMatchObject({ endpoint: 'https://push.example.com/sub/1', locale: 'en' });
    expect(push.notification.requestPermission).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: 'Want to know when Gomeum reacts?' })).not.toBeInTheDocument();
  });

  it('does not subscribe a browser whose notifications were turned off, even with permission granted', async () => {
    localStorage.setItem(PUSH_DECLINED_KEY, '1');
    signedIn = { ...me, id: 'u-turned-off' };
    const push = pushBrowser('granted', 'granted');
    const seen: string[] = [];
    renderPrompt((id) => seen.push(id));
    // The prompt has rendered for this user and run its effects: a subscription would have begun
    // there, by asking for the service worker.
    await waitFor(() => expect(seen).toEqual(['u-turned-off']));
    expect(push.worker.asked).toBe(0);
    expect(push.subscribe).not.toHaveBeenCalled();
    expect(push.saved).toEqual([]);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('asks, while Gomeum is away, whether to be told when Gomeum answers', async () => {
    pushBrowser('default', 'granted');
    renderPrompt(undefined, 'away');
    await screen.findByRole('region', { name: 'Hear when Gomeum answers?' });
    expect(screen.getByText(/Get a notification when Gomeum answers/)).toBeInTheDocument();
  });

  it('says how to allow notifications when the browser blocks them, instead of going away', async () => {
    signedIn = { ...me, id: 'u-blocks' };
    const push = pushBrowser('default', 'denied');
    renderPrompt();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    const blocked = await screen.findByRole('region', { name: 'Notifications are blocked' });
    expect(blocked).toHaveTextContent('open the site settings');
    expect(push.saved).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(blocked).not.toBeInTheDocument();
  });

  it('stores the subscription again when the guest becomes an account (the server forgot the guest’s devices)', async () => {
    signedIn = { ...me, id: 'u-guest-registers', email: null, isGuest: true, guestId: 'guest_1' };
    const push = pushBrowser('granted', 'granted');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PushSync />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(push.saved).toHaveLength(1));
    // The guest registers: the same id, now an account.
    signedIn = { ...signedIn, email: 'guest@example.com', isGuest: false, guestId: null };
    await client.invalidateQueries();
    await waitFor(() => expect(push.saved).toHaveLength(2));
    expect(push.saved[1]).toMatchObject({ endpoint: 'https://push.example.com/sub/1' });
  });

  it('asks nothing once the browser has been answered, or notifications were turned off here', async () => {
    signedIn = { ...me, id: 'u-answered' };
    pushBrowser('granted', 'granted');
    const seen: string[] = [];
    renderPrompt((id) => seen.push(id));
    await waitFor(() => expect(seen).toEqual(['u-answered']));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
