import type { TaskLog } from '@gomeum/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { TaskLogEntry } from './log-entries.tsx';

beforeAll(async () => {
  await initI18n('en');
});

const log: TaskLog = {
  id: 'log-1',
  planet: 'food',
  date: '2026-11-24',
  title: 'Pumpkin soup',
  content: 'Made pumpkin soup',
  imageUrl: null,
  createdAt: Date.UTC(2026, 10, 24, 12),
};

describe('TaskLogEntry', () => {
  it('shows no reaction while the proof waits for Gomeum', () => {
    render(<TaskLogEntry log={{ ...log, reaction: null }} />);
    expect(screen.getByRole('heading', { name: 'Pumpkin soup' })).toBeInTheDocument();
    expect(document.querySelector('.proof-reaction')).toBeNull();
  });

  it("shows Gomeum's reaction under the proof, beside Gomeum", () => {
    const reaction = {
      logId: 'log-1',
      planet: 'food',
      sender: 'gomeum',
      content: 'Purr, soup!',
      createdAt: 1,
    } as const;
    render(<TaskLogEntry log={{ ...log, reaction }} />);
    const note = screen.getByText('Purr, soup!').closest('.proof-reaction');
    expect(note).toHaveAttribute('data-sender', 'gomeum');
    expect(note).toHaveTextContent(/^Gomeum/);
    expect(note).not.toHaveTextContent('(AI)');
    expect(note?.querySelector('svg')).not.toBeNull();
  });

  it('marks a reaction the AI wrote, as the chat marks AI answers', () => {
    const reaction = { logId: 'log-1', planet: 'food', sender: 'gomeum_ai', content: 'Meow!', createdAt: 1 } as const;
    render(<TaskLogEntry log={{ ...log, reaction }} />);
    const note = screen.getByText('Meow!').closest('.proof-reaction');
    expect(note).toHaveAttribute('data-sender', 'gomeum_ai');
    expect(note).toHaveClass('proof-reaction--gomeum_ai');
    expect(note).toHaveTextContent('Gomeum (AI)');
  });
});

describe('TaskLogEntry dates and photo', () => {
  it('shows the proof date and, beside it, when it was added: its time alone on that date', () => {
    // Noon UTC on the proof's own date is that date in every zone from UTC−11 to UTC+11.
    render(<TaskLogEntry log={log} />);
    const date = screen.getByText('Nov 24, 2026');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('datetime', '2026-11-24');
    const added = screen.getByText(/^added /);
    expect(added.tagName).toBe('TIME');
    expect(added).toHaveAttribute('datetime', '2026-11-24T12:00:00.000Z');
    expect(added).toHaveTextContent(/^added \d{1,2}:\d{2}\s?[AP]M$/);
    expect(added.closest('.log-entry__meta')).toBe(date.closest('.log-entry__meta'));
  });

  it('shows the date with the time when a proof was added on another day than its own', () => {
    render(<TaskLogEntry log={{ ...log, date: '2026-11-20' }} />);
    expect(screen.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(screen.getByText(/^added /)).toHaveTextContent(/^added Nov 24, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('opens the photo in a lightbox and closes it again', async () => {
    const user = userEvent.setup();
    render(<TaskLogEntry log={{ ...log, imageUrl: '/api/files/proof.png' }} />);
    const thumb = screen.getByRole('button', { name: 'Open the photo larger: Photo for “Pumpkin soup”' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(thumb);
    const dialog = screen.getByRole('dialog', { name: 'Photo for “Pumpkin soup”' });
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/api/files/proof.png');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(thumb).toHaveFocus();
  });
});
