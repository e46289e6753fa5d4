import type { OperatorUser } from '@gomeum/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../test/router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { DashboardToasts } from '../../../lib/operator/dashboard-toasts.tsx';
import { UsersSection } from './users-section.tsx';
import { operator, operatorUser } from '../../../test/operator-users.ts';
import { apiError, fakeServer, json } from '../../../test/fake-server.tsx';

const mina = operatorUser({ id: 'u-mina', email: 'mina@example.com' });
const guest = operatorUser({ id: 'u-guest', guestId: 'G-4821', isGuest: true });
const self = operatorUser({ id: 'op', email: 'gomeum@example.com', role: 'operator' });

/** A fake server with these users; `onDelete` answers the deletion. */
function serve(
  users: OperatorUser[],
  onDelete: (id: string) => Response = () => json({ ok: true, rows: 9, files: 1 }),
) {
  let list = [...users];
  return fakeServer({
    'GET /api/me': operator,
    'GET /api/operator/users': () => ({ items: list, next: null, total: list.length }),
    'GET /api/operator/users/:userId/export': ({ params }) =>
      new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
        headers: { 'content-disposition': `attachment; filename="gomeum-data-${params.userId}.zip"` },
      }),
    'DELETE /api/operator/users/:userId': ({ params }) => {
      const response = onDelete(params.userId!);
      if (response.ok) list = list.filter((user) => user.id !== params.userId);
      return response;
    },
    'GET /api/operator/users/:userId/visits': { items: [], perDay: [] },
  }).calls;
}

function renderUsers() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UsersSection />
        <DashboardToasts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function openUser(name: RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  const actions = await screen.findByRole('group', { name: /^Data and account of / });
  return { user, actions };
}

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the operator acting on a user’s data', () => {
  it('downloads the user’s data as the server names it, and says so in a toast', async () => {
    const calls = serve([mina]);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:zip', revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderUsers();
    const { user, actions } = await openUser(/mina@example\.com/);
    await user.click(within(actions).getByRole('button', { name: 'Download data' }));
    expect(await screen.findByText('The data of mina@example.com has been downloaded.')).toBeInTheDocument();
    expect(saved).toEqual(['gomeum-data-u-mina.zip']);
    expect(calls.some((call) => call.url === '/api/operator/users/u-mina/export')).toBe(true);
  });

  it('names the user in the confirmation; Cancel deletes nothing and gives focus back', async () => {
    const calls = serve([mina]);
    renderUsers();
    const { user, actions } = await openUser(/mina@example\.com/);
    const remove = within(actions).getByRole('button', { name: 'Delete user' });
    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete mina@example.com?' });
    expect(dialog).toHaveAccessibleDescription(/Everything Gomeum holds about mina@example\.com goes for good/);
    expect(within(dialog).queryByLabelText(/password/i)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('deletes the user: the confirmation sends their id, the view leaves them, the list is read again', async () => {
    const calls = serve([mina, guest]);
    renderUsers();
    const { user, actions } = await openUser(/mina@example\.com/);
    await user.click(within(actions).getByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete mina@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete this user' }));
    expect(await screen.findByText('mina@example.com has been deleted, with all of their data.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Data and account of / })).not.toBeInTheDocument();
    expect(await screen.findByText('Choose a user to see their visits, tasks and logs.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /mina@example\.com/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /G-4821/ })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/operator/users/u-mina', body: { confirmUserId: 'u-mina' } },
    ]);
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });

  it('keeps the dialog open with the server’s refusal in it', async () => {
    serve([mina], () => apiError(403, 'errors.forbidden'));
    renderUsers();
    const { user, actions } = await openUser(/mina@example\.com/);
    await user.click(within(actions).getByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete mina@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete this user' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("You're not allowed to do that.");
    expect(within(dialog).getByRole('button', { name: 'Delete this user' })).toBeEnabled();
  });

  it('warns that a guest’s data cannot come back', async () => {
    serve([guest]);
    renderUsers();
    const { user, actions } = await openUser(/G-4821/);
    await user.click(within(actions).getByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete G-4821?' });
    expect(within(dialog).getByText(/This is a guest/)).toBeInTheDocument();
  });

  it('offers the download, but no deletion, for an operator', async () => {
    serve([self]);
    renderUsers();
    const { actions } = await openUser(/gomeum@example\.com/);
    expect(within(actions).getByRole('button', { name: 'Download data' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Delete user' })).not.toBeInTheDocument();
  });
});
