import type { ChatMessage, Me } from '@gomeum/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { LiveClient, LiveProvider } from '../../../lib/live/index.ts';
import { apiError, fakeServer, json, renderWithClient } from '../../../test/fake-server.tsx';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { chatMessage } from '../../../test/operator-chat.ts';
import { WithSignedInUser } from '../../../test/signed-in-user.tsx';
import { ChatWidget, preloadChatPanel } from './chat-widget.tsx';

beforeAll(async () => {
  await initI18n('en');
  // (The app fetches the open panel's code once the page is idle, before a press as a rule.)
  await preloadChatPanel();
});

beforeEach(() => {
  FakeSocket.current = null;
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const mina: Me = { id: 'u-mina', email: 'mina@example.com', role: 'user', isGuest: false, guestId: null, locale: 'en' };
const message = (id: number, sender: ChatMessage['sender'], content: string) =>
  chatMessage(id, 'u-mina', sender, content);

const createClient = () => new LiveClient('ws://test/api/live');

/** The widget in the app's frame: the live connection is for whoever the app knows is signed in. */
function renderWidget(me: Me | null) {
  return renderWithClient(
    <LiveProvider userId={me?.id ?? null} createClient={createClient}>
      <WithSignedInUser>{(user) => <ChatWidget user={user} />}</WithSignedInUser>
    </LiveProvider>,
    '/',
    (client) => {
      if (me) client.setQueryData(['me'], me);
    },
  );
}

/** Signs in as Mina with a live connection that is open and has sent the conversation so far. */
async function openConversation(history: ChatMessage[], extra: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({ 'GET /api/me': mina, ...extra });
  renderWidget(mina);
  await waitFor(() => expect(FakeSocket.current).not.toBeNull());
  const socket = FakeSocket.current!;
  socket.ready();
  return { server, socket, history: () => socket.emit({ type: 'chat.history', after: null, messages: history }) };
}

describe('ChatWidget', () => {
  it("makes way for the page a link in it opens (an announcement's log)", async () => {
    const { history } = await openConversation([
      { ...message(1, 'gomeum', ''), sender: 'gomeum', kind: 'announcement', planet: 'music' },
    ]);
    history();
    await userEvent.click(screen.getByRole('button', { name: /^Chat with Gomeum/ }));
    const panel = screen.getByRole('dialog', { name: 'Chat with Gomeum' });
    await userEvent.click(within(panel).getByRole('link', { name: 'Read the Music log' }));
    await waitFor(() => expect(panel).not.toBeVisible());
    expect(screen.getByRole('button', { name: /^Chat with Gomeum/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks the live connection for the conversation, counts what is unread, and reads it when opened', async () => {
    const { socket, history } = await openConversation([
      message(1, 'user', 'Hi Gomeum'),
      message(2, 'gomeum', 'Purr, hello!'),
      message(3, 'gomeum_ai', 'Gomeum is napping'),
    ]);
    // Resumes from the start: nothing held yet.
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'chat.sync', after: null }));
    history();
    const toggle = screen.getByRole('button', { name: 'Chat with Gomeum (2 unread)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { hidden: true })).not.toBeVisible();
    // Closed, the panel's inside is not rendered at all: the page's first render does not pay for it.
    expect(screen.queryByText('Purr, hello!')).toBeNull();

    await userEvent.click(toggle);
    const panel = screen.getByRole('dialog', { name: 'Chat with Gomeum' });
    expect(panel).toBeVisible();
    const items = within(within(panel).getByRole('log', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((item) => [item.getAttribute('data-sender'), item.querySelector('p')?.textContent])).toEqual([
      ['user', 'Hi Gomeum'],
      ['gomeum', 'Purr, hello!'],
      ['gomeum_ai', 'Gomeum is napping'],
    ]);
    // Opened: read, and the message box has the focus.
    expect(screen.getByRole('button', { name: 'Chat with Gomeum' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('textbox', { name: 'Your message' })).toHaveFocus();
    expect(localStorage.getItem('gomeum.chat.seen.u-mina')).toBe('3');

    // Closed again, what was rendered stays: a draft is still there on the next opening.
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Your message' }), 'Half a thought');
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(panel).not.toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Chat with Gomeum' }));
    expect(within(panel).getByRole('textbox', { name: 'Your message' })).toHaveValue('Half a thought');
  });

  it('counts nothing unread for a browser whose mark is under the former key (the database’s ids), and drops it', async () => {
    // The former key held ids over every conversation: far ahead of this conversation's numbers.
    localStorage.setItem('gomeum.chat.read.u-mina', '90412');
    const { history } = await openConversation([message(1, 'gomeum', 'Purr'), message(2, 'gomeum', 'Meow')]);
    history();
    await waitFor(() => expect(localStorage.getItem('gomeum.chat.read.u-mina')).toBeNull());
    expect(screen.getByRole('button', { name: 'Chat with Gomeum' })).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem('gomeum.chat.seen.u-mina')).toBe('2');
    // What comes after counts, by its number.
    FakeSocket.current!.emit({ type: 'chat.message', message: message(3, 'gomeum', 'Still?'), streamId: null });
    await screen.findByRole('button', { name: 'Chat with Gomeum (1 unread)' });
  });

  it('sends with Enter, shows the message at once, and the stored one replaces it', async () => {
    let release: (() => void) | undefined;
    const { server, history } = await openConversation([], {
      'POST /api/chat/messages': ({ body }) =>
        new Promise((resolve) => {
          release = () => resolve({ message: message(5, 'user', (body as { content: string }).content) });
        }),
    });
    history();
    await userEvent.click(screen.getByRole('button', { name: 'Chat with Gomeum' }));
    expect(screen.getByText('Say hello to Gomeum!')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, '  Meow?  {Enter}');
    expect(box).toHaveValue('');
    expect(screen.getByText('Sending…')).toBeInTheDocument();
    expect(screen.getByText('Meow?')).toBeInTheDocument();
    const sent = server.sent('POST', '/api/chat/messages').map((c) => c.body as { content: string; clientId: string });
    expect(sent.map((s) => s.content)).toEqual(['Meow?']);
    expect(sent[0]?.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    await act(async () => {
      release?.();
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.getByText('Meow?').closest('li')).toHaveAttribute('data-sender', 'user');
    // Shift+Enter is a new line, not a send.
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    expect(server.sent('POST', '/api/chat/messages')).toHaveLength(1);
  });

  it('matches two sends of the same text each to its own echo, by client id', async () => {
    const answers = new Map<string, (reply: unknown) => void>();
    const { server, socket, history } = await openConversation([], {
      'POST /api/chat/messages': ({ body }) =>
        new Promise((resolve) => answers.set((body as { clientId: string }).clientId, resolve)),
    });
    history();
    await userEvent.click(screen.getByRole('button', { name: 'Chat with Gomeum' }));
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, 'Meow{Enter}');
    await userEvent.type(box, 'Meow{Enter}');
    expect(screen.getAllByText('Sending…')).toHaveLength(2);
    const [first, second] = server
      .sent('POST', '/api/chat/messages')
      .map((c) => (c.body as { clientId: string }).clientId);
    expect(first).not.toBe(second);

    // The second is stored first, and its live copy arrives before either send answers: it stands
    // for the second only. The first is then refused: it stays, with its own Retry.
    act(() =>
      socket.emit({
        type: 'chat.message',
        message: { ...message(5, 'user', 'Meow'), clientId: second },
        streamId: null,
      }),
    );
    expect(screen.getAllByText('Sending…')).toHaveLength(1);
    await act(async () => {
      answers.get(first ?? '')?.(apiError(429, 'errors.rate_limited'));
      await Promise.resolve();
    });
    expect(await screen.findByText('Not sent')).toBeInTheDocument();
    expect(screen.queryByText('Sending…')).toBeNull();
    await act(async () => {
      answers.get(second ?? '')?.({ message: { ...message(5, 'user', 'Meow'), clientId: second } });
      await Promise.resolve();
    });
    expect(screen.getAllByText('Meow')).toHaveLength(2);
    expect(screen.getByText('Not sent')).toBeInTheDocument();
  });

  it('keeps a refused message with its own Retry, under the same client id', async () => {
    let refuse = true;
    const { server, history } = await openConversation([], {
      'POST /api/chat/messages': ({ body }) => {
        if (refuse) {
          refuse = false;
          return apiError(429, 'errors.rate_limited');
        }
        return { message: message(6, 'user', (body as { content: string }).content) };
      },
    });
    history();
    await userEvent.click(screen.getByRole('button', { name: 'Chat with Gomeum' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'Are you there?{Enter}');
    expect(await screen.findByText('Not sent')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Not sent')).toBeNull());
    const ids = server.sent('POST', '/api/chat/messages').map((c) => (c.body as { clientId: string }).clientId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it('shows Gomeum typing, politely, until a stop, their message or the AI’s first words, and Seen under what was read', async () => {
    const { socket } = await openConversation([]);
    socket.emit({
      type: 'chat.history',
      after: null,
      messages: [message(1, 'user', 'Are you there?'), message(2, 'user', 'Hello?')],
      operatorReadId: 1,
    });
    await userEvent.click(screen.getByRole('button', { name: /^Chat with Gomeum/ }));
    const panel = screen.getByRole('dialog', { name: 'Chat with Gomeum' });
    const typing = within(panel).getByTestId('gomeum-typing');
    expect(typing).toHaveAttribute('aria-live', 'polite');
    expect(typing).toHaveTextContent(/^$/);
    const seenUnder = () =>
      within(panel)
        .getAllByRole('listitem')
        .filter((item) => within(item).queryByTestId('chat-seen'))
        .map((item) => item.querySelector('p')?.textContent);
    // Seen under the newest message the operator read; another conversation's mark moves nothing.
    expect(seenUnder()).toEqual(['Are you there?']);
    socket.emit({ type: 'chat.read', userId: 'u-other', readId: 2 });
    expect(seenUnder()).toEqual(['Are you there?']);
    socket.emit({ type: 'chat.read', userId: 'u-mina', readId: 2 });
    expect(seenUnder()).toEqual(['Hello?']);

    // The operator types, then stops; types again, and their message ends it.
    const gomeumTyping = (typing: boolean, who = 'gomeum', userId = 'u-mina') =>
      socket.emit({ type: 'chat.typing', userId, who, typing });
    gomeumTyping(true);
    expect(typing).toHaveTextContent('Gomeum is typing…');
    gomeumTyping(false);
    expect(typing).toHaveTextContent(/^$/);
    gomeumTyping(true);
    socket.emit({ type: 'chat.message', message: message(3, 'gomeum', 'Here, meow'), streamId: null });
    expect(typing).toHaveTextContent(/^$/);
    // Someone typing in another conversation shows nothing here.
    gomeumTyping(true, 'gomeum', 'u-other');
    expect(typing).toHaveTextContent(/^$/);
    // The AI composing: shown until its first words arrive.
    gomeumTyping(true, 'gomeum_ai');
    expect(typing).toHaveTextContent('Gomeum is typing…');
    socket.emit({ type: 'chat.ai_delta', userId: 'u-mina', streamId: 4, delta: 'Purr' });
    expect(typing).toHaveTextContent(/^$/);

    // Mina types: one typing event however many keys (the 2 s throttle), a stop on send.
    const input = within(panel).getByRole('textbox', { name: 'Your message' });
    await userEvent.type(input, 'A long line{Enter}');
    expect(socket.sent.filter((event) => event.type === 'chat.typing')).toEqual([
      { type: 'chat.typing', typing: true },
      { type: 'chat.typing', typing: false },
    ]);
  });

  it('scrolls back to older messages over HTTP when the newest page says there are some', async () => {
    const { server, socket } = await openConversation([], {
      'GET /api/chat/messages': { messages: [message(1, 'gomeum', 'The very first')], more: false },
    });
    socket.emit({ type: 'chat.history', after: null, messages: [message(7, 'user', 'A big one')], older: true });
    await userEvent.click(screen.getByRole('button', { name: /^Chat with Gomeum/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(await screen.findByText('The very first')).toBeInTheDocument();
    expect(server.calls.map((call) => call.url)).toContainEqual(expect.stringMatching(/before=7/));
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
  });

  it('asks again once the server says it may, after it refused a sync (the history budget spent)', async () => {
    const { socket } = await openConversation([]);
    socket.emit({ type: 'chat.history', after: null, messages: [message(1, 'gomeum', 'Hello')] });
    socket.sent.length = 0;
    socket.emit({ type: 'gomeum_log.published', planet: 'music' });
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'chat.sync', after: 1 }));
    socket.emit({ type: 'error', code: 'errors.rate_limited', refused: 'chat.sync', retryAfterMs: 10 });
    await waitFor(() => expect(socket.sent.filter((event) => event.type === 'chat.sync')).toHaveLength(2), {
      timeout: 3_000,
    });
    expect(socket.sent.at(-1)).toEqual({ type: 'chat.sync', after: 1 });
  });

  it('says whether Gomeum is online, and closes with Escape, back to the button', async () => {
    const { socket, history } = await openConversation([]);
    history();
    const toggle = screen.getByRole('button', { name: 'Chat with Gomeum' });
    await userEvent.click(toggle);
    expect(screen.getByText('Away · AI answers')).toBeInTheDocument();
    socket.emit({ type: 'presence.changed', online: true });
    expect(screen.getByText('Online now')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('invites a signed-out visitor to log in, and sends nothing', async () => {
    const server = fakeServer({ 'GET /api/me': json(null) });
    renderWidget(null);
    await waitFor(() => expect(server.sent('GET', '/api/me')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Chat with Gomeum' }));
    expect(await screen.findByText('Log in or enter as a guest to chat with Gomeum.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/register');
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in first!');
    expect(server.sent('POST', '/api/chat/messages')).toEqual([]);
    expect(FakeSocket.current).toBeNull();
  });
});
