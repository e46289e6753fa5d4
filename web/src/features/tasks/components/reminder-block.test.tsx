import type { Reminder } from '@gomeum/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { ReminderBlock } from './reminder-block.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A server holding one reminder (or none); PUT stores what it is sent. */
function serveReminder(initial: Reminder | null) {
  let reminder = initial;
  const puts: unknown[] = [];
  fakeServer({
    'GET /api/planets/music/reminder': () => ({ reminder }),
    'PUT /api/planets/music/reminder': ({ body }) => {
      const sent = body as Omit<Reminder, 'nextAt'>;
      puts.push(sent);
      reminder = { ...sent, nextAt: sent.enabled ? Date.UTC(2026, 11, 1, 11, 0) : null };
      return { reminder };
    },
  });
  return { puts };
}

function renderBlock() {
  return renderWithClient(<ReminderBlock planet="music" />);
}

describe('ReminderBlock', () => {
  it('asks for notifications when a reminder is turned on, and saves it every day at 20:00 in the browser’s zone', async () => {
    initI18n('en');
    const server = serveReminder(null);
    const requestPermission = vi.fn(() => Promise.resolve('denied' as NotificationPermission));
    vi.stubGlobal(
      'Notification',
      Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
    );
    vi.stubGlobal('PushManager', function PushManager() {});
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    renderBlock();
    const toggle = await screen.findByRole('switch', { name: 'Remind me about this task' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('Reminders are off for this task.')).toBeInTheDocument();

    await userEvent.click(toggle);
    await waitFor(() => expect(requestPermission).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(/Notifications are blocked in this browser/)).toBeInTheDocument();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(server.puts).toEqual([{ enabled: true, days: [1, 2, 3, 4, 5, 6, 7], time: '20:00', timeZone: zone }]);
    expect(await screen.findByText('Reminder saved.')).toBeInTheDocument();
    expect(screen.getByText('Every day at 8:00 PM')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`In your time zone: ${zone.replace('/', '\\/')}`))).toBeInTheDocument();
    expect(screen.getByText(/^Next reminder: /)).toBeInTheDocument();

    // Weekdays only, at 07:15.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    const time = screen.getByLabelText('Time');
    await userEvent.clear(time);
    await userEvent.type(time, '07:15');
    expect(screen.getByText('Mon, Tue, Wed, Thu, Fri at 7:15 AM')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
    await waitFor(() => expect(server.puts).toHaveLength(2));
    expect(server.puts[1]).toEqual({ enabled: true, days: [1, 2, 3, 4, 5], time: '07:15', timeZone: zone });
  });

  it('names the days in the reader’s language and refuses a reminder with no day', async () => {
    initI18n('ko');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const server = serveReminder({ enabled: true, days: [1], time: '21:30', timeZone: zone, nextAt: null });
    vi.stubGlobal('Notification', undefined);
    renderBlock();
    expect(await screen.findByRole('switch', { name: '이 과제 알림 받기' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '월요일' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '일요일' })).not.toBeChecked();
    // The time as the language writes it (오후 9:30 with full ICU data).
    const time = new Intl.DateTimeFormat('ko', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
      Date.UTC(2026, 0, 5, 21, 30),
    );
    expect(screen.getByText(`월 ${time}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: '월요일' }));
    await userEvent.click(screen.getByRole('button', { name: '알림 저장' }));
    expect(await screen.findByText('알림을 받을 요일을 하나 이상 골라 주세요.')).toBeInTheDocument();
    expect(server.puts).toEqual([]);
  });
});
