import type { SentNotification } from '@gomeum/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { BroadcastSection } from './broadcast-section.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const sent = (id: string, title: string, push: SentNotification['push']): SentNotification => ({
  id,
  title,
  message: `${title}, the message`,
  sender: 'Gomeum',
  createdAt: Date.UTC(2026, 10, 20, 9),
  popupPath: `/?popup=true&title=${encodeURIComponent(title)}&date=2026-11-20&sig=sig-${id}`,
  push,
});

/** The fields of one language's title and message. */
const english = () => within(screen.getByRole('group', { name: 'English' }));

describe('BroadcastSection', () => {
  it('lists past broadcasts, newest first, each with how its push delivery went', async () => {
    fakeServer({
      'GET /api/operator/notifications': {
        notifications: [
          sent('n3', 'Moon night', { state: 'sending' }),
          sent('n2', 'New planet', { state: 'done', delivered: 12, failed: 1 }),
          sent('n1', 'Hello', { state: 'unfinished' }),
        ],
      },
    });
    renderWithClient(<BroadcastSection />);
    const history = screen.getByRole('region', { name: 'History' });
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^(Moon night|New planet|Hello)$/).textContent)).toEqual([
      'Moon night',
      'New planet',
      'Hello',
    ]);
    expect(items[0]).toHaveTextContent('Push: sending…');
    expect(items[1]).toHaveTextContent('Push: 12 delivered, 1 failed');
    expect(items[1]).toHaveTextContent('New planet, the message');
    expect(items[2]).toHaveTextContent('Push: stopped before reaching every subscriber.');
    // Each with the link to share (its signed popup) in full, and a copy button.
    const link = within(items[1] ?? document.body).getByRole('textbox', { name: 'Link to share' });
    expect(link).toHaveValue(`${window.location.origin}/?popup=true&title=New%20planet&date=2026-11-20&sig=sig-n2`);
    expect(within(items[1] ?? document.body).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('copies a link to share, and selects it for a copy by hand when the browser refuses', async () => {
    fakeServer({
      'GET /api/operator/notifications': { notifications: [sent('n1', 'Hello', { state: 'unfinished' })] },
    });
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValueOnce(undefined);
    writeText.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithClient(<BroadcastSection />);
    const copy = await screen.findByRole('button', { name: 'Copy' });
    const url = `${window.location.origin}/?popup=true&title=Hello&date=2026-11-20&sig=sig-n1`;
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    await user.click(copy);
    expect(await screen.findByText(/Could not copy: the link is selected/)).toBeInTheDocument();
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Link to share' });
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, url.length]);
  });

  it('shows the empty history and the loading failure', async () => {
    fakeServer({ 'GET /api/operator/notifications': { notifications: [] } });
    const { unmount } = renderWithClient(<BroadcastSection />);
    expect(await screen.findByText('Nothing yet.')).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    fakeServer({ 'GET /api/operator/notifications': () => apiError(500, 'errors.server') });
    renderWithClient(<BroadcastSection />);
    expect(await screen.findByText('Could not load this. Please try again.')).toBeInTheDocument();
  });

  it('sends only with a title and a message, trimmed, then clears the form and shows it in the history', async () => {
    const history: SentNotification[] = [];
    const server = fakeServer({
      'GET /api/operator/notifications': () => ({ notifications: history }),
      'POST /api/operator/notifications': ({ body }) => {
        const { title, message } = body as { title: string; message: string };
        const item = { ...sent('n1', title, { state: 'done', delivered: 2, failed: 0 }), message };
        history.unshift(item);
        return item;
      },
    });
    renderWithClient(<BroadcastSection />);
    const send = screen.getByRole('button', { name: 'Send to All' });
    expect(send).toBeDisabled();
    await userEvent.type(english().getByRole('textbox', { name: 'Title' }), '  Stars tonight ');
    expect(send).toBeDisabled();
    await userEvent.type(english().getByRole('textbox', { name: 'Message' }), '   ');
    expect(send).toBeDisabled();
    await userEvent.type(english().getByRole('textbox', { name: 'Message' }), 'Look up!');
    expect(send).toBeEnabled();
    await userEvent.click(send);

    expect(await screen.findByText('Sent: open tabs see it now, everyone else by push.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/operator/notifications').map((c) => c.body)).toEqual([
      { title: 'Stars tonight', message: 'Look up!' },
    ]);
    expect(english().getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(english().getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await waitFor(() => expect(screen.getByText('Push: 2 delivered, 0 failed')).toBeInTheDocument());
  });

  it('keeps what was typed and says so when sending fails', async () => {
    fakeServer({
      'GET /api/operator/notifications': { notifications: [] },
      'POST /api/operator/notifications': () => apiError(500, 'errors.server'),
    });
    renderWithClient(<BroadcastSection />);
    await userEvent.type(english().getByRole('textbox', { name: 'Title' }), 'Hi');
    await userEvent.type(english().getByRole('textbox', { name: 'Message' }), 'There');
    await userEvent.click(screen.getByRole('button', { name: 'Send to All' }));
    expect(await screen.findByText('Could not save. Please try again.')).toBeInTheDocument();
    expect(english().getByRole('textbox', { name: 'Title' })).toHaveValue('Hi');
  });

  it('drafts the other languages from one, marked until checked, and sends each language written', async () => {
    const server = fakeServer({
      'GET /api/operator/notifications': { notifications: [] },
      'POST /api/operator/translate': ({ body }) => {
        const { text, to } = body as { text: string; to: string };
        return { text: `${text} [${to}]`, to, status: 'translated' };
      },
      'POST /api/operator/notifications': sent('n1', 'Stars', { state: 'sending' }),
    });
    renderWithClient(<BroadcastSection />);
    const korean = within(screen.getByRole('group', { name: '한국어' }));
    // A language with a title but no message is not sent.
    await userEvent.type(korean.getByRole('textbox', { name: 'Title' }), '별');
    await userEvent.type(english().getByRole('textbox', { name: 'Title' }), 'Stars');
    await userEvent.type(english().getByRole('textbox', { name: 'Message' }), 'Look up!');
    await userEvent.click(screen.getByRole('button', { name: 'Send to All' }));
    expect(await screen.findByText('Write both a title and a message in each language you use.')).toBeInTheDocument();
    await userEvent.clear(korean.getByRole('textbox', { name: 'Title' }));

    await userEvent.click(screen.getByRole('button', { name: 'Draft the other languages from English' }));
    await waitFor(() => expect(korean.getByRole('textbox', { name: 'Message' })).toHaveValue('Look up! [ko]'));
    expect(korean.getByRole('textbox', { name: 'Title' })).toHaveValue('Stars [ko]');
    expect(screen.getAllByText('Drafted: check it')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Send to All' }));
    expect(await screen.findByText('Check the drafted languages first.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/operator/notifications')).toEqual([]);
    for (const checked of screen.getAllByRole('button', { name: 'Checked' })) await userEvent.click(checked);
    await userEvent.click(screen.getByRole('button', { name: 'Send to All' }));
    expect(await screen.findByText('Sent: open tabs see it now, everyone else by push.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/operator/notifications').map((c) => c.body)).toEqual([
      {
        title: 'Stars',
        message: 'Look up!',
        languages: {
          zh: { title: 'Stars [zh]', message: 'Look up! [zh]' },
          ko: { title: 'Stars [ko]', message: 'Look up! [ko]' },
          en: { title: 'Stars', message: 'Look up!' },
        },
      },
    ]);
  });
});
