import type { ChatConversation, ChatMessage } from '@gomeum/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { LiveClient, LiveProvider } from '../../../lib/live/index.ts';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { ChatSection } from './chat-section.tsx';
import { PresenceSwitch } from './presence-switch.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
beforeEach(() => {
  FakeSocket.current = null;
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const message = (id: number, userId: string, sender: ChatMessage['sender'], content: string): ChatMessage => ({
  id,
  userId,
  sender,
  kind: 'message',
  content,
  text: null,
  planet: null,
  createdAt: Date.UTC(2026, 10, 20, 9, id),
});
const conversation = (
  userId: string,
  who: { email?: string; guestId?: string },
  last: ChatMessage,
  unreadCount = 0,
): ChatConversation => ({
  userId,
  email: who.email ?? null,
  guestId: who.guestId ?? null,
  isGuest: !who.email,
  lastMessage: last,
  messageCount: 3,
  unreadCount,
});

const mina = conversation('u-mina', { email: 'mina@example.com' }, message(3, 'u-mina', 'user', 'Are you there?'), 2);
const guest = conversation('u-guest', { guestId: 'G-4821' }, message(7, 'u-guest', 'user', 'Hello cat'));
const jun = conversation('u-jun', { email: 'jun@example.com' }, message(9, 'u-jun', 'gomeum', 'Purr.'));

describe('ChatSection', () => {
  it('lists conversations with who wrote, what they said last, and which wait for Gomeum', async () => {
    fakeServer({ 'GET /api/operator/chats': { conversations: [mina, guest, jun] } });
    renderWithClient(<ChatSection />);
    const list = screen.getByRole('region', { name: 'Conversations' });
    const rows = await within(list).findAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^mina@example\.com2 new.*Are you there\?$/),
      expect.stringMatching(/^G-4821waiting.*Hello cat$/),
      expect.stringMatching(/^jun@example\.com(?!.*(new|waiting)).*Purr\.$/),
    ]);
    expect(rows.every((row) => row.getAttribute('aria-pressed') === 'false')).toBe(true);
    expect(screen.getByText('Choose a conversation to read and reply.')).toBeInTheDocument();
  });

  it('names the planet of an announcement by its display name, in the reader’s language', async () => {
    const announcement: ChatMessage = {
      ...message(11, 'u-ann', 'gomeum', 'Gomeum has written a new log on the music planet. Come and read it!'),
      kind: 'announcement',
      planet: 'music',
    };
    fakeServer({
      'GET /api/operator/chats': { conversations: [conversation('u-ann', { email: 'ann@example.com' }, announcement)] },
    });
    renderWithClient(<ChatSection />);
    const row = await within(screen.getByRole('region', { name: 'Conversations' })).findByRole('button');
    expect(row.textContent).toContain('Gomeum has written a new log on the Music planet.');
    expect(row.textContent).not.toContain('music planet');
  });

  it('shows the empty inbox and a loading failure', async () => {
    fakeServer({ 'GET /api/operator/chats': { conversations: [] } });
    const { unmount } = renderWithClient(<ChatSection />);
    expect(await screen.findByText('No conversations yet.')).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    fakeServer({ 'GET /api/operator/chats': () => apiError(500, 'errors.server') });
    renderWithClient(<ChatSection />);
    expect(await screen.findByText('Could not load this. Please try again.')).toBeInTheDocument();
  });

  it('opens a conversation from the keyboard, marks what it shows read, and puts the user actions beside it', async () => {
    const server = fakeServer({
      'GET /api/operator/chats': { conversations: [mina, guest] },
      'GET /api/operator/chats/:userId/messages': ({ params }) => ({
        messages: [
          message(1, params.userId ?? '', 'user', 'Hi Gomeum'),
          message(2, params.userId ?? '', 'gomeum_ai', 'Gomeum is napping'),
          message(3, params.userId ?? '', 'user', 'Are you there?'),
        ],
        more: false,
      }),
      'POST /api/operator/chats/:userId/read': { unreadCount: 0 },
    });
    const actions = vi.fn((user: { userId: string; name: string; isGuest: boolean }) => (
      <span>
        Actions for {user.name} ({user.isGuest ? 'guest' : 'account'})
      </span>
    ));
    renderWithClient(<ChatSection userActions={actions} />);
    const row = await screen.findByRole('button', { name: /mina@example\.com/ });
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(row).toHaveAttribute('aria-pressed', 'true');

    const pane = screen.getByRole('region', { name: 'Conversation' });
    expect(within(pane).getByRole('heading', { name: 'mina@example.com' })).toBeInTheDocument();
    const shown = await within(pane).findAllByRole('listitem');
    expect(shown.map((item) => item.getAttribute('data-sender'))).toEqual(['user', 'gomeum_ai', 'user']);
    expect(shown[1]).toHaveTextContent('Gomeum (AI)');
    expect(shown[1]).toHaveTextContent('Gomeum is napping');
    expect(within(pane).getByText('Actions for mina@example.com (account)')).toBeInTheDocument();

    // What is on screen is read, up to the newest message; the count goes with it.
    await waitFor(() =>
      expect(server.sent('POST', '/api/operator/chats/').map((c) => [c.url, c.body])).toEqual([
        ['/api/operator/chats/u-mina/read', { upTo: 3 }],
      ]),
    );
    await waitFor(() => expect(row).not.toHaveTextContent('2 new'));
  });

  it('opens with the conversation a link names selected (an operator alert opens one so)', async () => {
    fakeServer({
      'GET /api/operator/chats': { conversations: [mina, guest] },
      'GET /api/operator/chats/:userId/messages': ({ params }) => ({
        messages: [message(7, params.userId ?? '', 'user', 'Hello cat')],
        more: false,
      }),
      'POST /api/operator/chats/:userId/read': { unreadCount: 0 },
    });
    renderWithClient(<ChatSection />, '/gomeum-dashboard?section=chat&user=u-guest');
    const pane = screen.getByRole('region', { name: 'Conversation' });
    expect(await within(pane).findByRole('heading', { name: 'G-4821' })).toBeInTheDocument();
    expect(await within(pane).findByText('Hello cat')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /G-4821/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /mina@example\.com/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('never shows a message arriving in the open conversation as unread, even when a read of the list was under way', async () => {
    // The server: Mina's conversation, read up to `readMark`; a list read can be held in flight.
    const stored = [message(1, 'u-mina', 'user', 'Hi Gomeum'), message(3, 'u-mina', 'user', 'Are you there?')];
    let readMark = 0;
    // A held read answers with the count it read when it reached the database.
    let hold: Promise<number> | null = null;
    const unread = () => stored.filter((m) => m.sender === 'user' && m.id > readMark).length;
    const server = fakeServer({
      'GET /api/operator/chats': async () => {
        const unreadCount = hold ? await hold : unread();
        return { conversations: [{ ...mina, lastMessage: stored.at(-1), unreadCount }] };
      },
      'GET /api/operator/chats/:userId/messages': () => ({ messages: [...stored], more: false }),
      'POST /api/operator/chats/:userId/read': ({ body }) => {
        readMark = Math.max(readMark, (body as { upTo: number }).upTo);
        return { unreadCount: unread() };
      },
    });
    renderWithClient(
      <LiveProvider userId="u-operator" createClient={() => new LiveClient('ws://test/api/live')}>
        <ChatSection />
      </LiveProvider>,
    );
    await waitFor(() => expect(FakeSocket.current).not.toBeNull());
    const socket = FakeSocket.current!;
    socket.ready();
    const row = await screen.findByRole('button', { name: /mina@example\.com/ });
    expect(row).toHaveTextContent('2 new');
    await userEvent.click(row);
    await waitFor(() => expect(readMark).toBe(3));
    await waitFor(() => expect(row).not.toHaveTextContent('new'));

    // Watch the row from here on: every text it shows.
    const shown: string[] = [];
    new MutationObserver(() => shown.push(row.textContent)).observe(row, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    // Another dashboard's read starts a read of the list, held while Mina's next message is stored
    // and reaches this dashboard.
    let release: (count: number) => void = () => undefined;
    hold = new Promise<number>((resolve) => (release = resolve));
    socket.emit({ type: 'chat.read', userId: 'u-other', readId: 1 });
    await waitFor(() => expect(server.sent('GET', '/api/operator/chats').length).toBeGreaterThan(1));
    const next = message(5, 'u-mina', 'user', 'Hello again!');
    stored.push(next);
    const countedByTheHeldRead = unread();
    socket.emit({ type: 'chat.message', message: next, streamId: null });
    await waitFor(() => expect(readMark).toBe(5));
    // The held read answers now, having counted the new message before the mark was stored.
    expect(countedByTheHeldRead).toBe(1);
    hold = null;
    release(countedByTheHeldRead);
    await waitFor(() => expect(row).toHaveTextContent('Hello again!'));
    expect(await screen.findByText('Hello again!', { selector: '.inbox__message p' })).toBeInTheDocument();
    expect(shown.filter((text) => text.includes('new'))).toEqual([]);
  });

  it('drafts a reply when the user spoke last, a notice or a welcome after them notwithstanding, and not once answered', async () => {
    const after = (id: number, userId: string, kind: ChatMessage['kind'], sender: ChatMessage['sender']) => ({
      ...message(id, userId, sender, kind),
      kind,
    });
    const histories: Record<string, ChatMessage[]> = {
      // The AI could not answer (its notice), then the chat's welcome came: the question still waits.
      'u-mina': [
        message(1, 'u-mina', 'user', 'Are you there?'),
        after(2, 'u-mina', 'unavailable', 'gomeum_ai'),
        after(3, 'u-mina', 'welcome', 'gomeum'),
      ],
      // Answered, then a log announced after the answer: nothing waits.
      'u-jun': [
        message(8, 'u-jun', 'user', 'Hi!'),
        message(9, 'u-jun', 'gomeum', 'Purr.'),
        after(10, 'u-jun', 'announcement', 'gomeum'),
      ],
    };
    fakeServer({
      'GET /api/operator/chats': { conversations: [mina, jun] },
      'GET /api/operator/chats/:userId/messages': ({ params }) => ({
        messages: histories[params.userId ?? ''] ?? [],
        more: false,
      }),
      'POST /api/operator/chats/:userId/read': { unreadCount: 0 },
    });
    renderWithClient(
      <LiveProvider userId="u-operator" createClient={() => new LiveClient('ws://test/api/live')}>
        <ChatSection />
      </LiveProvider>,
    );
    await waitFor(() => expect(FakeSocket.current).not.toBeNull());
    const socket = FakeSocket.current!;
    socket.ready();
    const drafts = () => socket.sent.filter((event) => event.type === 'chat.draft');

    await userEvent.click(await screen.findByRole('button', { name: /jun@example\.com/ }));
    const pane = screen.getByRole('region', { name: 'Conversation' });
    await within(pane).findByText('Purr.');
    await userEvent.click(screen.getByRole('button', { name: /mina@example\.com/ }));
    await within(pane).findByText('Are you there?');
    await waitFor(() => expect(drafts()).toHaveLength(1));
    expect(drafts()[0]).toMatchObject({ userId: 'u-mina' });
  });

  it('replies as Gomeum, and a second try after an error is the same reply (one client id)', async () => {
    let fail = true;
    const server = fakeServer({
      'GET /api/operator/chats': { conversations: [guest] },
      'GET /api/operator/chats/:userId/messages': {
        messages: [message(7, 'u-guest', 'user', 'Hello cat')],
        more: false,
      },
      'POST /api/operator/chats/:userId/read': { unreadCount: 0 },
      'POST /api/operator/chats/:userId/messages': ({ body }) => {
        if (fail) {
          fail = false;
          return apiError(500, 'errors.server');
        }
        return { message: message(8, 'u-guest', 'gomeum', (body as { content: string }).content) };
      },
    });
    renderWithClient(<ChatSection />);
    await userEvent.click(await screen.findByRole('button', { name: /G-4821/ }));
    const box = await screen.findByRole('textbox', { name: 'Reply as Gomeum' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(box, '  Meow back  ');
    await userEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save. Please try again.');
    expect(box).toHaveValue('  Meow back  ');
    await userEvent.click(send);
    await waitFor(() => expect(box).toHaveValue(''));

    const replies = server
      .sent('POST', '/api/operator/chats/u-guest/messages')
      .map((c) => c.body as Record<string, string>);
    expect(replies.map((r) => r.content)).toEqual(['Meow back', 'Meow back']);
    expect(replies[0]?.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(replies[1]?.clientId).toBe(replies[0]?.clientId);
  });
});

describe('PresenceSwitch', () => {
  it('shows whether the operator answers, and switches to away and back', async () => {
    const server = fakeServer({
      'GET /api/operator/presence': { online: true, away: false },
      'PUT /api/operator/presence': ({ body }) => ({ online: true, away: (body as { away: boolean }).away }),
    });
    renderWithClient(<PresenceSwitch />);
    const button = await screen.findByRole('button', { name: 'Online: you answer' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Away: the AI answers' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Away: the AI answers' }));
    expect(await screen.findByRole('button', { name: 'Online: you answer' })).toBeInTheDocument();
    expect(server.sent('PUT', '/api/operator/presence').map((c) => c.body)).toEqual([{ away: true }, { away: false }]);
  });
});
