import type { GomeumLog, TaskLog, TaskScreen, UserTask } from '@gomeum/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '../../../test/router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { TaskPage } from './task-page.tsx';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const definition = {
  name: { en: 'Cook a new dish', ko: '새 요리' },
  description: { en: 'Cook something new' },
  reward: { en: 'A dessert' },
};
const gomeumTask = {
  description: { en: 'Bake fish cookies', ko: '생선 쿠키 굽기' },
  reward: { en: 'A long nap' },
  proof: '',
  imageUrl: '/api/files/gomeum/food.webp',
  updatedAt: 1,
};
const userTask = (confirmed: boolean): UserTask => ({
  id: 't1',
  planet: 'food',
  description: 'Cook kimchi stew',
  reward: 'Ice cream',
  confirmed,
  proof: '',
  status: '',
  imageUrl: null,
  updatedAt: 1,
});
const proof = (n: number): TaskLog => ({
  id: `p${n}`,
  planet: 'food',
  date: `2026-11-0${n}`,
  title: `Stew number ${n}`,
  content: `Proof ${n}`,
  imageUrl: null,
  createdAt: Date.UTC(2026, 10, n),
  reaction: null,
});
const gomeumLog = (n: number): GomeumLog => ({
  id: `g${n}`,
  planet: 'food',
  content: `Gomeum entry ${n}`,
  imageUrls: [],
  createdAt: Date.UTC(2026, 10, n),
});
const screenOf = (task: UserTask | null): TaskScreen => ({ planet: 'food', definition, gomeumTask, userTask: task });

/** The routes every task screen calls besides its own; `logs` and `gomeum` fill the two logs. */
function serveTaskScreen(first: TaskScreen, extra: Parameters<typeof fakeServer>[0] = {}, logs: TaskLog[] = []) {
  return fakeServer({
    'GET /api/planets/:planet/task': first,
    'PUT /api/me/time-zone': { ok: true },
    'POST /api/planets/:planet/seen': { ok: true },
    'GET /api/planets/:planet/logs': { items: logs },
    'GET /api/gomeum-logs/:planet': { items: [gomeumLog(4), gomeumLog(3), gomeumLog(2), gomeumLog(1)] },
    'GET /api/planets/:planet/progress': {
      progress: {
        goal: 5,
        cadence: null,
        count: logs.length,
        currentStreak: 1,
        bestStreak: 2,
        completed: false,
        reward: 'Ice cream',
        celebrate: false,
      },
    },
    'GET /api/planets/:planet/reminder': { reminder: null },
    ...extra,
  });
}

const renderPage = (path = '/task/food') =>
  renderWithClient(
    <Routes>
      <Route path="/task/:planetId" element={<TaskPage />} />
    </Routes>,
    path,
  );

describe('TaskPage', () => {
  it("shows the task's name, Gomeum's task in the reader's language, and Gomeum's latest three log entries", async () => {
    serveTaskScreen(screenOf(null));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cook a new dish' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Food' })).toHaveAttribute('href', '/planet/food');
    const gomeum = screen.getByRole('region', { name: "Gomeum's task" });
    expect(gomeum).toHaveTextContent('Bake fish cookies');
    expect(gomeum).toHaveTextContent('A long nap');
    expect(within(gomeum).getByRole('img', { name: "Gomeum's proof photo" })).toHaveAttribute(
      'src',
      '/api/files/gomeum/food.webp',
    );
    const gomeumLogRegion = screen.getByRole('region', { name: "Gomeum's log" });
    expect(await within(gomeumLogRegion).findByText('Gomeum entry 4')).toBeInTheDocument();
    expect(within(gomeumLogRegion).getByText('Gomeum entry 2')).toBeInTheDocument();
    expect(within(gomeumLogRegion).queryByText('Gomeum entry 1')).toBeNull();
    expect(within(gomeumLogRegion).getByRole('link', { name: "See Gomeum's full log" })).toHaveAttribute(
      'href',
      '/gomeum-log/food',
    );
  });

  it('asks for the task to be confirmed before any proof, and sends the confirmed task', async () => {
    const server = serveTaskScreen(screenOf(null), {
      'PUT /api/planets/:planet/task': ({ body }) => ({ ...userTask(true), ...(body as object) }),
    });
    renderPage();
    const log = await screen.findByRole('region', { name: 'Your log' });
    expect(within(log).getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(within(log).getByText('Confirm your task first, then send your proofs here.')).toBeInTheDocument();
    expect(
      await within(log).findByText(
        'No proofs yet. Describe your task first, then press Submit to send your first one.',
      ),
    ).toBeInTheDocument();

    const yours = screen.getByRole('region', { name: 'Your task' });
    await userEvent.click(within(yours).getByRole('button', { name: 'Confirm Task' }));
    expect(within(yours).getByText('Please fill in all fields before submitting.')).toBeInTheDocument();
    expect(server.sent('PUT', '/api/planets/food/task')).toEqual([]);

    await userEvent.type(within(yours).getByRole('textbox', { name: 'Description' }), 'Cook kimchi stew');
    await userEvent.type(within(yours).getByRole('textbox', { name: 'Reward' }), 'Ice cream');
    await userEvent.click(within(yours).getByRole('button', { name: 'Confirm Task' }));

    await waitFor(() => expect(within(log).getByRole('button', { name: 'Submit' })).toBeEnabled());
    expect(server.sent('PUT', '/api/planets/food/task').map((c) => c.body)).toEqual([
      expect.objectContaining({ description: 'Cook kimchi stew', reward: 'Ice cream' }),
    ]);
    // The confirmed task is shown as it stays, no longer as a form.
    const confirmed = screen.getByRole('region', { name: 'Your task' });
    expect(confirmed).toHaveTextContent('Cook kimchi stew');
    expect(within(confirmed).queryByRole('textbox')).toBeNull();
  });

  it("lists the user's latest three proofs and opens the proof form from Submit", async () => {
    serveTaskScreen(screenOf(userTask(true)), {}, [proof(4), proof(3), proof(2), proof(1)]);
    renderPage();
    const log = await screen.findByRole('region', { name: 'Your log' });
    expect(await within(log).findByText('Stew number 4')).toBeInTheDocument();
    expect(within(log).getByText('Stew number 2')).toBeInTheDocument();
    expect(within(log).queryByText('Stew number 1')).toBeNull();
    expect(within(log).getByRole('link', { name: 'See your full log' })).toHaveAttribute('href', '/user-log/food');

    await userEvent.click(within(log).getByRole('button', { name: 'Submit' }));
    // The form's code is a chunk apart (fetched once the page is idle, or at this press): it opens
    // when that is in, in place of the button.
    expect(await within(log).findByRole('textbox', { name: /title/i })).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('says when the task cannot be loaded, and tries again on request', async () => {
    let fail = true;
    serveTaskScreen(screenOf(null), {
      'GET /api/planets/:planet/task': () => {
        if (!fail) return screenOf(null);
        fail = false;
        return apiError(500, 'errors.server');
      },
    });
    renderPage();
    expect(await screen.findByText('Failed to load task info.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your task' })).toBeInTheDocument();
  });

  it('asks which planet for an address that names none', async () => {
    const server = serveTaskScreen(screenOf(null));
    renderPage('/task/pluto');
    expect(screen.getByRole('heading', { name: 'Which planet?' })).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });
});
