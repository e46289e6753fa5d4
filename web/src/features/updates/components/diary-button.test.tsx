import type { DiaryState, Me, Update } from '@gomeum/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, json, renderWithClient } from '../../../test/fake-server.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { WithSignedInUser } from '../../../test/signed-in-user.tsx';
import { DiaryButton, hasUnread } from './diary-button.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const me: Me = { id: 'u1', email: 'a@example.com', role: 'user', isGuest: false, guestId: null, locale: 'en' };
const update: Update = {
  id: 'up1',
  title: { en: 'Star festival' },
  content: { en: '<p>News from the moon.</p>' },
  imageUrl: null,
  createdAt: 5_000,
  updatedAt: 5_000,
};

function renderButton() {
  return renderWithClient(<WithSignedInUser>{(user) => <DiaryButton user={user} />}</WithSignedInUser>);
}

describe('hasUnread', () => {
  it('is true only for an update newer than the last one seen', () => {
    expect(hasUnread(null, 0)).toBe(false);
    expect(hasUnread(5, 5)).toBe(false);
    expect(hasUnread(6, 5)).toBe(true);
  });
});

describe('DiaryButton', () => {
  it('clears the dot for updates that finish loading after the diary was opened, and says so once', async () => {
    let releaseUpdates: () => void = () => undefined;
    const updatesLoaded = new Promise<void>((resolve) => {
      releaseUpdates = resolve;
    });
    const seen: number[] = [];
    let state: DiaryState = { latestAt: update.createdAt, lastSeenAt: 0, unread: true };
    fakeServer({
      'GET /api/me': me,
      'GET /api/updates/diary-state': () => state,
      'GET /api/updates': async () => {
        await updatesLoaded;
        return { updates: [update] };
      },
      'POST /api/updates/seen': ({ body }) => {
        const { seenAt } = body as { seenAt: number };
        seen.push(seenAt);
        state = { latestAt: update.createdAt, lastSeenAt: seenAt, unread: false };
        return state;
      },
    });

    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: "Gomeum's diary" }));
    await screen.findByRole('status');
    expect(seen).toEqual([]);

    releaseUpdates();
    await screen.findByRole('link', { name: 'Star festival' });
    await waitFor(() => expect(seen).toEqual([update.createdAt]));
    expect(screen.queryByTestId('diary-dot')).toBeNull();
    expect(screen.getByRole('button', { name: "Gomeum's diary" })).toBeTruthy();
  });

  it('shows the dot while an update is unseen, and clears it at once on open', async () => {
    let answerSeen: (response: Response) => void = () => undefined;
    fakeServer({
      'GET /api/me': me,
      'GET /api/updates/diary-state': { latestAt: 5_000, lastSeenAt: 0, unread: true },
      'GET /api/updates': { updates: [update] },
      // The server has not answered yet: the dot is already gone.
      'POST /api/updates/seen': () =>
        new Promise<Response>((resolve) => {
          answerSeen = resolve;
        }),
    });

    renderButton();
    await screen.findByRole('button', { name: "Gomeum's diary (new update)" });
    expect(screen.getByTestId('diary-dot')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: "Gomeum's diary (new update)" }));
    await screen.findByRole('link', { name: 'Star festival' });
    expect(screen.queryByTestId('diary-dot')).toBeNull();
    answerSeen(json({ latestAt: 5_000, lastSeenAt: 5_000, unread: false }));
  });
});
