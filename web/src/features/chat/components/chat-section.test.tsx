import type { ChatConversation, ChatMessage } from '@gomeum/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LiveClient, LiveProvider } from '../../../lib/live/index.ts';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { chatConversation, chatMessage, operatorChatTests } from '../../../test/operator-chat.ts';
import { ChatSection } from './chat-section.tsx';
import { PresenceSwitch } from './presence-switch.tsx';

operatorChatTests();

const message = chatMessage;
const conversation = (userId: string, who: { email?: string; guestId?: string }, last: ChatMessage, unreadCount = 0) =>
  chatConversation(userId, who, last, { unreadCount });

/** A whole conversation list as the server answers it (one page). */
const chatsPage = (conversations: ChatConversation[]) => ({
  conversations,
  next: null,
  unreadTotal: conversations.filter((c) => c.unreadCount > 0).length,
});

const mina = conversation('u-mina', { email: 'mina@example.com' }, message(3, 'u-mina', 'user', 'Are you there?'), 2);
const guest = conversation('u-guest', { guestId: 'G-4821' }, message(7, 'u-guest', 'user', 'Hello cat'));
const jun = conversation('u-jun', { email: 'jun@example.com' }, message(9, 'u-jun', 'gomeum', 'Purr.'));

/** The section over a live connection, as the dashboard has it: the socket once it is open. */
async function renderLive() {
  renderWithClient(
    <LiveProvider userId="u-operator" createClient={() => new LiveClient('ws://test/api/live')}>
      <ChatSection />
    </LiveProvider>,
  );
  await waitFor(() => expect(FakeSocket.current).not.toBeNull());
  const socket = FakeSocket.current!;
  socket.ready();
  return socket;
}

describe('ChatSection', () => {
  it('lists conversations with who wrote, what they said last, and which wait for Gomeum', async () => {
    fakeServer({ 'GET /api/operator/chats': chatsPage([mina, guest, jun]) });
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
      'GET /api/operator/chats': chatsPage([conversation('u-ann', { email: 'ann@example.com' }, announcement)]),
    });
    renderWithClient(<ChatSection />);
    const row = await within(screen.getByRole('region', { name: 'Conversations' })).findByRole('button');
    expect(row.textContent).toContain('Gomeum has written a new log on the Music planet.');
    expect(row.textContent).not.toContain('music planet');
  });

  it('shows the empty inbox and a loading failure', async () => {
    fakeServer({ 'GET /api/operator/chats': chatsPage([]) });
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
      'GET /api/operator/chats': chatsPage([mina, guest]),
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
      'GET /api/operator/chats': chatsPage([mina, guest]),
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

  it('applies live changes to the list and the open conversation, never reading them again, nor showing what is on screen as unread', async () => {
    const stored = [message(1, 'u-mina', 'user', 'Hi Gomeum'), message(3, 'u-mina', 'user', 'Are you there?')];
    let readMark = 0;
    const unread = () => stored.filter((m) => m.sender === 'user' && m.id > readMark).length;
    const server = fakeServer({
      'GET /api/operator/chats': () =>
        chatsPage([{ ...mina, lastMessage: stored.at(-1)!, unreadCount: unread() }, jun]),
      'GET /api/operator/chats/:userId/messages': () => ({ messages: [...stored], more: false }),
      'POST /api/operator/chats/:userId/read': ({ body }) => {
        readMark = Math.max(readMark, (body as { upTo: number }).upTo);
        return { unreadCount: unread() };
      },
    });
    const socket = await renderLive();
    const row = await screen.findByRole('button', { name: /mina@example\.com/ });
    expect(row).toHaveTextContent('2 new');
    await userEvent.click(row);
    await waitFor(() => expect(readMark).toBe(3));
    await waitFor(() => expect(row).not.toHaveTextContent('new'));
    await screen.findByText('Are you there?', { selector: '.inbox__message p' });
    const reads = () => [
      server.sent('GET', '/api/operator/chats').length,
      server.sent('GET', '/api/operator/chats/').length,
    ];
    const readsBefore = reads();

    // Watch the row from here on: every text it shows.
    const shown: string[] = [];
    new MutationObserver(() => shown.push(row.textContent)).observe(row, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    // Mina writes again: the message and her conversation's new row (unread until the mark moves).
    const next = message(5, 'u-mina', 'user', 'Hello again!');
    stored.push(next);
    socket.emit({ type: 'chat.message', message: next, streamId: null });
    const changed = { ...mina, lastMessage: next, unreadCount: 1, messageCount: 4, version: 2 };
    socket.emit({ type: 'chat.conversation', userId: 'u-mina', conversation: changed, unreadTotal: 2 });
    await waitFor(() => expect(readMark).toBe(5));
    socket.emit({
      type: 'chat.conversation',
      userId: 'u-mina',
      conversation: { ...changed, unreadCount: 0, version: 3 },
      unreadTotal: 1,
    });
    await waitFor(() => expect(row).toHaveTextContent('Hello again!'));
    expect(await screen.findByText('Hello again!', { selector: '.inbox__message p' })).toBeInTheDocument();
    expect(shown.filter((text) => text.includes('new'))).toEqual([]);
    // A change that crossed a later one on the way is not applied over it.
    socket.emit({ type: 'chat.conversation', userId: 'u-mina', conversation: changed, unreadTotal: 1 });
    // Jun's conversation goes with Jun.
    socket.emit({ type: 'operator.user_removed', userId: 'u-jun' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /jun@example\.com/ })).toBeNull());
    expect(row).toHaveTextContent('Hello again!');
    expect(shown.filter((text) => text.includes('new'))).toEqual([]);
    // Neither the list nor the conversation was read again.
    expect(reads()).toEqual(readsBefore);
  });

  it('keeps a message that arrives live while the conversation is being read, the read answered without it', async () => {
    const stored = [message(1, 'u-mina', 'user', 'Hi Gomeum')];
    // The first read is answered with what was stored when it was asked, but only once released.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reads = 0;
    fakeServer({
      'GET /api/operator/chats': chatsPage([mina]),
      'GET /api/operator/chats/:userId/messages': async () => {
        reads += 1;
        const snapshot = [...stored];
        if (reads === 1) await held;
        return { messages: snapshot, more: false };
      },
      'POST /api/operator/chats/:userId/read': { unreadCount: 0 },
    });
    const socket = await renderLive();
    await userEvent.click(await screen.findByRole('button', { name: /mina@example\.com/ }));
    await waitFor(() => expect(reads).toBe(1));
    // Mina writes while that read is on its way: the message is stored, then announced.
    const next = message(2, 'u-mina', 'user', 'Are you there?');
    stored.push(next);
    socket.emit({ type: 'chat.message', message: next, streamId: null });
    release();
    const pane = screen.getByRole('region', { name: 'Conversation' });
    expect(await within(pane).findByText('Are you there?', { selector: '.inbox__message p' })).toBeInTheDocument();
    expect(within(pane).getByText('Hi Gomeum', { selector: '.inbox__message p' })).toBeInTheDocument();
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
      'GET /api/operator/chats': chatsPage([mina, jun]),
      'GET /api/operator/chats/:userId/messages': ({ params }) => ({
        messages: histories[params.userId ?? ''] ?? [],
        more: false,
      }),
      'POST /api/operator/chats/:userId/read': { unreadCount: 0 },
    });
    const socket = await renderLive();
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
      'GET /api/operator/chats': chatsPage([guest]),
      'GET /api/operator/chats/:userId/messages': {
        messages: [message(7, 'u-guest', 'user', 'Hello cat')],
        more: false,
      },
      'POST /api/operator/chats/:userId/read': { unreadCount: 0 },
      // The user reads English too: the reply goes as written.
      'POST /api/operator/chats/:userId/translate': ({ body }) => ({
        text: (body as { text: string }).text,
        to: 'en',
        status: 'same',
      }),
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
