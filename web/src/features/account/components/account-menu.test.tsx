import type { Me } from '@gomeum/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useSearch } from 'wouter';
import { MemoryRouter, Route, Routes } from '../../../test/router.tsx';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { WithSignedInUser } from '../../../test/signed-in-user.tsx';
import { AccountMenu } from './account-menu.tsx';
import { pushBrowser } from '../../../test/push-browser.ts';
import { apiError, fakeServer, json, type Call } from '../../../test/fake-server.tsx';

const account: Me = { id: 'u1', email: 'mina@example.com', role: 'user', isGuest: false, guestId: null, locale: 'en' };
const guest: Me = { id: 'g1', email: null, role: 'user', isGuest: true, guestId: 'G-4821', locale: 'en' };

let calls: Call[] = [];

/** A fake server: `me` signed in, and a handler per route the test cares about. */
function serve(me: Me, routes: Record<string, (body: unknown) => Response> = {}) {
  const handlers = Object.entries(routes).map(
    ([route, reply]) => [route, ({ body }: { body: unknown }) => reply(body)] as const,
  );
  calls = fakeServer({ 'GET /api/me': me, ...Object.fromEntries(handlers) }).calls;
}

function Location() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <p data-testid="location">{pathname + (search ? `?${search}` : '')}</p>;
}

function renderMenu() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/galaxy']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <WithSignedInUser>{(user) => (user ? <AccountMenu user={user} /> : null)}</WithSignedInUser>
                <Location />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function openMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Account menu' }));
  return { user, menu: screen.getByRole('menu') };
}

beforeAll(() => {
  initI18n('en');
});
beforeEach(() => {
  // No push in this browser unless a test says so.
  Reflect.deleteProperty(navigator, 'serviceWorker');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AccountMenu', () => {
  it('opens from the keyboard, names who is signed in, and Escape gives focus back to the button', async () => {
    serve(account);
    renderMenu();
    const button = await screen.findByRole('button', { name: 'Account menu' });
    button.focus();
    const user = userEvent.setup();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Signed in as mina@example.com')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['NotificationsNot available', 'Download my data', 'Delete my account', 'Log out (mina@example.com)']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('logs out from its last item, and goes to the home page', async () => {
    serve(account, { 'POST /api/auth/logout': () => json({ ok: true }) });
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out (mina@example.com)' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/auth/logout']);
  });

  it('downloads the data as the file the server names, and says so', async () => {
    serve(account, {
      [`GET /api/me/export`]: () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="gomeum-data-2026-11-24.zip"',
          },
        }),
    });
    const createUrl = vi.fn(() => 'blob:zip');
    // jsdom has no object URLs: a URL class of the test's own with them (unstubbed after the test).
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createUrl;
        static override revokeObjectURL = vi.fn();
      },
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    renderMenu();
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Download my data' }));
    expect(await screen.findByText('Your data has been downloaded.')).toBeInTheDocument();
    expect(saved).toEqual(['gomeum-data-2026-11-24.zip blob:zip']);
    expect(createUrl).toHaveBeenCalledOnce();
  });

  it('says when the download could not be prepared', async () => {
    serve(account, {
      [`GET /api/me/export`]: () => apiError(429, 'errors.rate_limited'),
    });
    renderMenu();
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Download my data' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/Too many tries/));
  });

  it('asks an account for its password, shows a wrong one beside the field, then deletes and signs out', async () => {
    let attempts = 0;
    serve(account, {
      [`POST /api/me/delete`]: () =>
        ++attempts === 1 ? apiError(401, 'register.error_failed') : json({ ok: true, rows: 12, files: 1 }),
    });
    renderMenu();
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    expect(within(dialog).queryByText(/You are a guest/)).not.toBeInTheDocument();

    // Nothing typed: the dialog asks, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Delete everything' }));
    const password = within(dialog).getByLabelText('Your password');
    expect(password).toHaveAccessibleDescription('Enter your password to confirm.');
    expect(calls.filter((call) => call.url === '/api/me/delete')).toEqual([]);

    await user.type(password, 'wrong password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('That password isn’t right. Please try again.'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/galaxy');

    await user.clear(password);
    await user.type(password, 'right password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?account=deleted'));
    expect(calls.filter((call) => call.url === '/api/me/delete').map((call) => call.body)).toEqual([
      { confirm: 'delete', password: 'wrong password' },
      { confirm: 'delete', password: 'right password' },
    ]);
    // Signed out: the menu is gone with the user.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument());
  });

  it('warns a guest that nothing can bring the data back, and asks for no password', async () => {
    serve(guest, { [`POST /api/me/delete`]: () => json({ ok: true, rows: 3, files: 0 }) });
    renderMenu();
    const { user, menu } = await openMenu();
    expect(within(menu).getByText('Signed in as Guest G-4821')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/You are a guest: nothing can bring this data back/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?account=deleted'));
    expect(calls.find((call) => call.url === '/api/me/delete')?.body).toEqual({ confirm: 'delete' });
  });

  it('cancels without deleting, and focus returns to the menu button', async () => {
    serve(account);
    renderMenu();
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
    expect(calls.some((call) => call.url === '/api/me/delete')).toBe(false);
  });

  it('offers no deletion to the operator', async () => {
    serve({ ...account, role: 'operator' });
    renderMenu();
    const { menu } = await openMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete my account' })).not.toBeInTheDocument();
  });
});

describe('AccountMenu notifications', () => {
  it('turns notifications on after "Not now", asking the browser and storing the subscription', async () => {
    const push = pushBrowser('default');
    localStorage.setItem('gomeum.push.declined', '1');
    serve(account, {
      [`GET /api/push/key`]: () => json({ publicKey: 'BPublicKey_base64url' }),
      [`POST /api/push/subscriptions`]: () => json({ ok: true }),
    });
    renderMenu();
    const { user, menu } = await openMenu();
    const toggle = within(menu).getByRole('menuitemcheckbox', { name: /Notifications/ });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveTextContent('Off');

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(toggle).toHaveTextContent('On');
    expect(push.FakeNotification.requestPermission).toHaveBeenCalledOnce();
    expect(push.subscribed()).toBe(true);
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/push/subscriptions')?.body).toMatchObject({
      endpoint: 'https://push.example.com/sub/1',
      locale: 'en',
    });
    expect(localStorage.getItem('gomeum.push.declined')).toBeNull();
  });

  it('turns notifications off: the server forgets the subscription, the browser ends it, the choice stays', async () => {
    const push = pushBrowser('granted');
    serve(account, {
      [`GET /api/push/key`]: () => json({ publicKey: 'BPublicKey_base64url' }),
      [`POST /api/push/subscriptions`]: () => json({ ok: true }),
      [`DELETE /api/push/subscriptions`]: () => json({ ok: true }),
    });
    await push.registration.pushManager.subscribe();
    renderMenu();
    const { user, menu } = await openMenu();
    const toggle = within(menu).getByRole('menuitemcheckbox', { name: /Notifications/ });
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    await waitFor(() => expect(push.subscribed()).toBe(false));
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({
      endpoint: 'https://push.example.com/sub/1',
    });
    expect(localStorage.getItem('gomeum.push.declined')).toBe('1');
  });

  it('says when the browser blocks notifications, and how to unblock them', async () => {
    pushBrowser('denied');
    serve(account);
    renderMenu();
    const { menu } = await openMenu();
    const item = within(menu).getByRole('menuitem', { name: /Notifications/ });
    expect(item).toHaveTextContent('Blocked');
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveAccessibleDescription(/open the site settings/);
  });

  it('says when the browser asked stays refused', async () => {
    pushBrowser('default', 'denied');
    serve(account);
    renderMenu();
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: /Notifications/ }));
    const item = await within(menu).findByRole('menuitem', { name: /Notifications/ });
    expect(item).toHaveTextContent('Blocked');
  });

  it('says when this browser cannot show notifications at all', async () => {
    serve(account);
    renderMenu();
    const { menu } = await openMenu();
    const item = within(menu).getByRole('menuitem', { name: /Notifications/ });
    expect(item).toHaveTextContent('Not available');
    expect(item).toHaveAccessibleDescription(/can’t show notifications/);
  });

  it('shows a failure to subscribe, and stays off', async () => {
    const push = pushBrowser('granted');
    localStorage.setItem('gomeum.push.declined', '1');
    push.registration.pushManager.subscribe.mockRejectedValue(new Error('no push service'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve(account, { [`GET /api/push/key`]: () => json({ publicKey: 'BPublicKey_base64url' }) });
    renderMenu();
    const { user, menu } = await openMenu();
    const toggle = within(menu).getByRole('menuitemcheckbox', { name: /Notifications/ });
    await user.click(toggle);
    expect(await within(menu).findByRole('alert')).toHaveTextContent("Notifications couldn't be turned on");
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});
