import type { OperatorUser, TaskLog, UserTask } from '@gomeum/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { UsersSection } from './users-section.tsx';
import { operator, operatorUser } from '../../../test/operator-users.ts';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const mina = operatorUser({ id: 'u-mina', email: 'mina@example.com', lastIp: '203.0.113.7' });
const guest = operatorUser({ id: 'u-guest', guestId: 'G-4821', isGuest: true });
const self = operatorUser({ id: 'op', email: 'gomeum@example.com', role: 'operator' });
const task: UserTask = {
  id: 't1',
  planet: 'music',
  description: 'Learn a song',
  reward: 'Concert tickets',
  confirmed: true,
  proof: 'A video',
  status: 'completed',
  imageUrl: null,
  updatedAt: 1,
};
const log: TaskLog = {
  id: 'l1',
  planet: 'music',
  date: '2026-11-20',
  title: 'First chords',
  content: 'Played C, G and F',
  imageUrl: null,
  createdAt: Date.UTC(2026, 10, 20),
};

/**
 * The users a page at a time: `users` first, then (with a `cursor`) `later`; `total` of them in
 * all. A search finds those whose email or guest id starts with it, in one page.
 */
function serveUsers(
  users: OperatorUser[],
  {
    total = users.length,
    later = [],
    more = {},
  }: { total?: number; later?: OperatorUser[]; more?: Parameters<typeof fakeServer>[0] } = {},
) {
  return fakeServer({
    ...more,
    'GET /api/me': operator,
    'GET /api/operator/users': ({ url }) => {
      const query = url.searchParams.get('query') ?? '';
      if (query) {
        const items = [...users, ...later].filter((u) => (u.email ?? u.guestId ?? '').startsWith(query));
        return { items, next: null, total: null };
      }
      if (url.searchParams.get('cursor')) return { items: later, next: null, total };
      return { items: users, next: later.length > 0 ? 't.1.u-last' : null, total };
    },
    'GET /api/operator/users/:userId/visits': {
      items: [{ page: '/planet/music', ip: '203.0.113.7', city: 'Seoul', country: 'KR', at: Date.UTC(2026, 10, 20) }],
      perDay: [{ day: '2026-11-20', count: 1 }],
    },
    'GET /api/operator/users/:userId/tasks/:planet': ({ params }) =>
      params.planet === 'music' ? { userTask: task, logs: [log] } : { userTask: null, logs: [] },
    'PUT /api/operator/users/:userId/tasks/:planet': ({ body }) => ({ ...task, ...(body as object) }),
    'GET /api/operator/gomeum-tasks/:planet': {
      planet: 'music',
      description: {},
      reward: {},
      proof: '',
      imageUrl: null,
      logs: [{ id: 'g1', planet: 'music', content: 'Gomeum sang', imageUrls: [], createdAt: 1 }],
    },
  });
}

describe('UsersSection', () => {
  it('lists users with guests and Gomeum marked, searches, and shows more on asking', async () => {
    const ann = { ...mina, id: 'u-ann', email: 'ann@example.com' };
    const server = serveUsers([mina, guest, self], { total: 4, later: [ann] });
    renderWithClient(<UsersSection />);
    const list = screen.getByRole('region', { name: 'Users' });
    const rows = await within(list).findAllByRole('button', { pressed: false });
    expect(rows.map((r) => r.querySelector('.user-row__name')?.textContent)).toEqual([
      'mina@example.com',
      'G-4821guest',
      'gomeum@example.comGomeum',
    ]);
    expect(screen.getByText('Choose a user to see their visits, tasks and logs.')).toBeInTheDocument();

    expect(within(list).getByText('4 users')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Show more' }));
    await within(list).findByText('ann@example.com');
    expect(server.sent('GET', '/api/operator/users?').at(-1)?.url).toContain('cursor=t.1.u-last');
    expect(within(list).queryByRole('button', { name: 'Show more' })).toBeNull();

    const search = screen.getByRole('searchbox', { name: 'Search users by email or guest id' });
    expect(search).toHaveAccessibleDescription('Finds the addresses and guest ids that start with what you typed.');
    await userEvent.type(search, ' mina {Enter}');
    await waitFor(() => expect(within(list).getAllByRole('button', { pressed: false })).toHaveLength(1));
    const last = new URL(server.sent('GET', '/api/operator/users?').at(-1)?.url ?? '', 'http://x');
    expect(last.searchParams.get('query')).toBe('mina');
    expect(within(list).queryByText('4 users')).toBeNull();
  });

  it('says when nobody matches, and when the list cannot be loaded', async () => {
    serveUsers([]);
    const { unmount } = renderWithClient(<UsersSection />);
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    fakeServer({ 'GET /api/me': operator, 'GET /api/operator/users': () => apiError(500, 'errors.server') });
    renderWithClient(<UsersSection />);
    expect(await screen.findByText('Could not load this. Please try again.')).toBeInTheDocument();
  });

  it("opens a user's logins, visits, task on a planet and its proofs, and corrects the proof", async () => {
    const server = serveUsers([mina, guest]);
    renderWithClient(<UsersSection />);
    await userEvent.click(await screen.findByRole('button', { name: /mina@example\.com/ }));
    expect(screen.getByRole('button', { name: /mina@example\.com/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'mina@example.com' })).toBeInTheDocument();
    expect(screen.getByText('203.0.113.7', { selector: 'dd' })).toBeInTheDocument();

    // The visits, as a table (the chart above has a table of its own, named by its caption).
    await screen.findByRole('columnheader', { name: 'IP' });
    const visits = screen
      .getAllByRole('table')
      .find((table) => within(table).queryByRole('columnheader', { name: 'IP' }));
    expect(within(visits!).getAllByRole('row')[1]).toHaveTextContent(/\/planet\/music203\.0\.113\.7SeoulKR/);

    expect(await screen.findByText('Learn a song')).toBeInTheDocument();
    expect(screen.getByText('Concert tickets')).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getByText('Played C, G and F')).toBeInTheDocument();
    // Gomeum's own log shows only on the operator's own page.
    expect(screen.queryByText('Gomeum sang')).toBeNull();

    const proof = screen.getByRole('textbox', { name: 'Proof' });
    expect(proof).toHaveValue('A video');
    await userEvent.clear(proof);
    await userEvent.type(proof, '  A longer video ');
    await userEvent.click(screen.getByRole('button', { name: 'Update Task' }));
    expect(await screen.findByText('Task updated!')).toBeInTheDocument();
    expect(server.sent('PUT', '/api/operator/users/').map((c) => [c.url, c.body])).toEqual([
      ['/api/operator/users/u-mina/tasks/music', { proof: 'A longer video' }],
    ]);

    // Another planet: no task set there yet.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Planet' }), 'food');
    expect(await screen.findByText("This user hasn't set a task here yet.")).toBeInTheDocument();
    // No task, no proof to correct.
    expect(screen.queryByRole('textbox', { name: 'Proof' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update Task' })).toBeNull();
  });

  it("shows Gomeum's own log on the operator's own page", async () => {
    serveUsers([self]);
    renderWithClient(<UsersSection />, '/', (client) => client.setQueryData(['me'], operator));
    await userEvent.click(await screen.findByRole('button', { name: /gomeum@example\.com/ }));
    expect(await screen.findByText('Gomeum sang')).toBeInTheDocument();
  });

  it('opens the user a link names, read on its own when the list shown does not hold them', async () => {
    const far = operatorUser({ id: 'u-far', email: 'far@example.com', lastIp: '198.51.100.4' });
    serveUsers([mina, guest], {
      total: 45,
      more: {
        'GET /api/operator/users/:userId': ({ params }) =>
          params.userId === 'u-far' ? far : apiError(404, 'errors.not_found'),
      },
    });
    const { unmount } = renderWithClient(<UsersSection />, '/gomeum-dashboard?section=users&user=u-far');
    expect(await screen.findByRole('heading', { name: 'far@example.com' })).toBeInTheDocument();
    expect(screen.getByText('198.51.100.4', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Back to the users/ })).toBeInTheDocument();
    unmount();

    // A link to someone deleted since: said so, in place of their details.
    renderWithClient(<UsersSection />, '/gomeum-dashboard?section=users&user=u-gone');
    expect(await screen.findByText('This user is not here any more.')).toBeInTheDocument();
  });
});
