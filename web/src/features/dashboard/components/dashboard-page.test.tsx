import type { ChatConversation, Overview, WaitingProof } from '@gomeum/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearch } from 'wouter';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { DashboardPage } from './dashboard-page.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const overview: Overview = {
  totalUsers: 12,
  guestUsers: 3,
  activeUsersToday: 5,
  unansweredChats: 2,
  visitsPerDay: [{ day: '2026-11-24', count: 4 }],
  topPages: [],
  topCountries: [],
};
const conversation = (userId: string, unreadCount: number): ChatConversation => ({
  userId,
  email: `${userId}@example.com`,
  guestId: null,
  isGuest: false,
  lastMessage: {
    id: 1,
    userId,
    sender: 'user',
    kind: 'message',
    content: 'Hello',
    text: null,
    planet: null,
    createdAt: 1,
  },
  messageCount: 1,
  unreadCount,
  position: 1,
});
const proof = (id: string): WaitingProof => ({
  id,
  planet: 'food',
  date: '2026-11-24',
  title: `Soup ${id}`,
  content: 'Soup',
  imageUrl: null,
  createdAt: 1,
  user: { id: `user-${id}`, email: `${id}@example.com`, guestId: null, isGuest: false },
  task: { description: 'Cook a soup', reward: 'Cake', goal: 3, count: 1 },
});

/** Where the router is, to check the section lives in the address. */
function Address() {
  const search = useSearch();
  return <output data-testid="address">{search ? `?${search}` : ''}</output>;
}

function serveDashboard() {
  return fakeServer({
    'GET /api/operator/overview': overview,
    'GET /api/operator/chats': {
      conversations: [conversation('a', 2), conversation('b', 1), conversation('c', 0)],
      next: null,
      unreadTotal: 2,
    },
    'GET /api/operator/proofs/waiting': { items: [proof('p1'), proof('p2'), proof('p3')] },
    'GET /api/operator/presence': { online: true, away: false },
    'GET /api/moon/questions': { questions: [] },
    'GET /api/operator/notifications': { notifications: [] },
  });
}

const renderDashboard = (path = '/gomeum-dashboard') =>
  renderWithClient(
    <>
      <DashboardPage />
      <Address />
    </>,
    path,
  );

describe('DashboardPage', () => {
  it('opens on the overview, with every section a tab, and counts what waits on the chat and proofs tabs', async () => {
    serveDashboard();
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Gomeum dashboard' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard sections' });
    const tabs = within(nav).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent.replace(/\d+.*$/, ''))).toEqual([
      'Overview',
      'Proofs',
      'Users & tasks',
      'Chat inbox',
      'Moon questions',
      "Gomeum's tasks",
      'Broadcast',
      'Update logs',
    ]);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('region', { name: 'Overview' })).toBeInTheDocument();

    // Two conversations wait for Gomeum, three proofs: said to screen readers, shown as badges.
    expect(await within(nav).findByRole('link', { name: /Chat inbox.*2 waiting/ })).toBeInTheDocument();
    expect(await within(nav).findByRole('link', { name: /Proofs.*3 waiting/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('(2) Gomeum dashboard'));
  });

  it('switches sections from the tabs, by keyboard too, and keeps the section in the address', async () => {
    const server = serveDashboard();
    renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'Dashboard sections' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Moon questions' }));
    expect(screen.getByTestId('address')).toHaveTextContent('?section=moon');
    expect(within(nav).getByRole('link', { name: 'Moon questions' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('region', { name: 'Moon questions' })).toBeInTheDocument();
    await waitFor(() => expect(server.sent('GET', '/api/moon/questions')).toHaveLength(1));

    within(nav).getByRole('link', { name: 'Broadcast' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent('?section=broadcast');
    expect(screen.getByRole('region', { name: 'Broadcast' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send to All' })).toBeInTheDocument();
  });

  it('opens the section the address names, and the overview for an unknown one', async () => {
    serveDashboard();
    const { unmount } = renderDashboard('/gomeum-dashboard?section=broadcast');
    expect(screen.getByRole('region', { name: 'Broadcast' })).toBeInTheDocument();
    unmount();
    renderDashboard('/gomeum-dashboard?section=nowhere');
    expect(screen.getByRole('region', { name: 'Overview' })).toBeInTheDocument();
  });

  it('shows whether the operator answers, in the header', async () => {
    serveDashboard();
    renderDashboard();
    expect(await screen.findByRole('button', { name: 'Online: you answer' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("links the operator's own app manifest while it is shown, and the users' again once it is gone", () => {
    serveDashboard();
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest.webmanifest';
    document.head.append(link);
    const { unmount } = renderDashboard();
    expect(link.getAttribute('href')).toBe('/operator.webmanifest');
    unmount();
    expect(link.getAttribute('href')).toBe('/manifest.webmanifest');
    link.remove();
  });

  it('marks an open conversation or user as the view to show alone on a phone, a conversation filling it', async () => {
    serveDashboard();
    const { container, unmount } = renderDashboard('/gomeum-dashboard?section=chat&user=a');
    const root = container.querySelector('.dashboard');
    expect(root).toHaveAttribute('data-view', 'detail');
    expect(root).toHaveAttribute('data-fill');
    // Switching sections leaves the conversation: the next section opens on its list.
    await userEvent.click(screen.getByRole('link', { name: /^Users & tasks/ }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\?section=users$/);
    expect(root).toHaveAttribute('data-view', 'list');
    unmount();
    const users = renderDashboard('/gomeum-dashboard?section=users&user=a');
    const usersRoot = users.container.querySelector('.dashboard');
    expect(usersRoot).toHaveAttribute('data-view', 'detail');
    expect(usersRoot).not.toHaveAttribute('data-fill');
  });
});
