import type { Me } from '@gomeum/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { PUSH_DECLINED_KEY, pushStatus, refreshPushState } from '../push-state.ts';
import { pushBrowser as browserWithPush } from '../../../test/push-browser.ts';
import { PushPrompt } from './push-prompt.tsx';

const me: Me = { id: 'u1', email: 'mina@example.com', role: 'user', isGuest: false, guestId: null, locale: 'en' };
/** Who is signed in (a page keeps a user's subscription stored once: each test that cares signs in someone new). */
let signedIn = me;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A browser with Web Push whose permission starts as `permission`; the user answers `answer`. */
function pushBrowser(permission: NotificationPermission, answer: NotificationPermission) {
  const { registration, FakeNotification: notification } = browserWithPush(permission, answer);
  const subscribe = registration.pushManager.subscribe;
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/me') return json(signedIn);
      if (url === '/api/push/key') return json({ publicKey: 'BPublicKey_base64url' });
      if (url === '/api/push/subscriptions' && init?.method === 'POST') {
        saved.push(JSON.parse(init.body as string));
        return json({ ok: true });
      }
      return json({ error: { code: 'errors.not_found', message: 'not found' } }, 404);
    }),
  );
  refreshPushState();
  return { notification, subscribe, saved };
}

function renderPrompt() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PushPrompt />
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

describe('PushPrompt', () => {
  it('remembers "Not now" (the account menu can turn notifications on later)', async () => {
    const push = pushBrowser('default', 'granted');
    renderPrompt();
    const prompt = await screen.findByRole('complementary', { name: 'Hear from Gomeum?' });
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
    expect(screen.queryByRole('complementary', { name: 'Hear from Gomeum?' })).not.toBeInTheDocument();
  });

  it('does not subscribe a browser whose notifications were turned off, even with permission granted', async () => {
    localStorage.setItem(PUSH_DECLINED_KEY, '1');
    signedIn = { ...me, id: 'u-turned-off' };
    const push = pushBrowser('granted', 'granted');
    renderPrompt();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/me', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(push.subscribe).not.toHaveBeenCalled();
    expect(push.saved).toEqual([]);
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
