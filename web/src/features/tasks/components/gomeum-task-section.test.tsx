import type { GomeumLog, operatorGomeumTaskSchema, PlanetId } from '@gomeum/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as z from 'zod/mini';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { GomeumTaskSection } from './gomeum-task-section.tsx';

type OperatorGomeumTask = z.infer<typeof operatorGomeumTaskSchema>;

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Thumbnails need object URLs, which jsdom has not: each file gets a readable one. */
function stubObjectUrls() {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: (file: File) => `blob:${file.name}`, revokeObjectURL: vi.fn() }),
  );
}
const png = (name: string) => new File([new Uint8Array(1024)], name, { type: 'image/png' });

const log = (id: string, planet: PlanetId, content: string): GomeumLog => ({
  id,
  planet,
  content,
  imageUrls: [],
  createdAt: Date.UTC(2026, 10, 20, 9),
});
const task = (planet: PlanetId, description: string, logs: GomeumLog[] = []): OperatorGomeumTask => ({
  planet,
  description: { en: description, ko: `${description} (ko)` },
  reward: { en: 'A nap' },
  proof: 'A photo of the sheet music',
  imageUrl: null,
  logs,
});

const form = (body: unknown) =>
  Object.fromEntries([...(body as FormData).entries()].filter(([, v]) => typeof v === 'string'));

describe('GomeumTaskSection', () => {
  it("shows Gomeum's task on the music planet first, and another planet's when picked", async () => {
    const server = fakeServer({
      'GET /api/operator/gomeum-tasks/:planet': ({ params }) =>
        params.planet === 'music'
          ? task('music', 'Play a song', [log('l1', 'music', 'Practised scales')])
          : task(params.planet as PlanetId, 'Bake bread'),
    });
    renderWithClient(<GomeumTaskSection />);
    const english = await screen.findByRole('group', { name: 'English' });
    expect(within(english).getByRole('textbox', { name: 'Description' })).toHaveValue('Play a song');
    expect(within(english).getByRole('textbox', { name: 'Reward' })).toHaveValue('A nap');
    expect(
      within(screen.getByRole('group', { name: '한국어' })).getByRole('textbox', { name: 'Description' }),
    ).toHaveValue('Play a song (ko)');
    expect(screen.getByRole('textbox', { name: 'Proof' })).toHaveValue('A photo of the sheet music');
    expect(await screen.findByText('Practised scales')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Planet' }), 'food');
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'English' })).getByRole('textbox', { name: 'Description' }),
      ).toHaveValue('Bake bread'),
    );
    expect(server.sent('GET', '/api/operator/gomeum-tasks/').map((c) => c.url)).toContain(
      '/api/operator/gomeum-tasks/food',
    );
    expect(screen.queryByText('Practised scales')).toBeNull();
  });

  it("saves the task's fields for the chosen planet", async () => {
    const server = fakeServer({
      'GET /api/operator/gomeum-tasks/:planet': task('music', 'Play a song'),
      'PUT /api/operator/gomeum-tasks/:planet': task('music', 'Play two songs'),
    });
    renderWithClient(<GomeumTaskSection />);
    const english = await screen.findByRole('group', { name: 'English' });
    const description = within(english).getByRole('textbox', { name: 'Description' });
    await userEvent.clear(description);
    await userEvent.type(description, 'Play two songs');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gomeum task updated!')).toBeInTheDocument();
    const puts = server.sent('PUT', '/api/operator/gomeum-tasks/music');
    expect(puts).toHaveLength(1);
    expect(form(puts[0]?.body)).toEqual({
      description_en: 'Play two songs',
      reward_en: 'A nap',
      description_zh: '',
      reward_zh: '',
      description_ko: 'Play a song (ko)',
      reward_ko: '',
      proof: 'A photo of the sheet music',
    });
  });

  it('drafts the description and reward into the other languages, marked until checked, then saves them', async () => {
    const server = fakeServer({
      'GET /api/operator/gomeum-tasks/:planet': { ...task('food', ''), description: {}, reward: {} },
      'POST /api/operator/translate': ({ body }) => {
        const { text, to } = body as { text: string; to: string };
        return { text: `${text} [${to}]`, to, status: 'translated' };
      },
      'PUT /api/operator/gomeum-tasks/:planet': task('music', 'Bake bread'),
    });
    renderWithClient(<GomeumTaskSection />);
    const english = await screen.findByRole('group', { name: 'English' });
    await userEvent.type(within(english).getByRole('textbox', { name: 'Description' }), 'Bake bread');
    await userEvent.type(within(english).getByRole('textbox', { name: 'Reward' }), 'A nap');
    await userEvent.click(screen.getByRole('button', { name: 'Draft the other languages from English' }));
    const korean = screen.getByRole('group', { name: '한국어' });
    await waitFor(() => expect(within(korean).getByRole('textbox', { name: 'Reward' })).toHaveValue('A nap [ko]'));
    expect(within(korean).getByRole('textbox', { name: 'Description' })).toHaveValue('Bake bread [ko]');
    const chinese = screen.getByRole('group', { name: '中文' });
    expect(within(chinese).getByRole('textbox', { name: 'Description' })).toHaveValue('Bake bread [zh]');
    expect(screen.getAllByText('Drafted: check it')).toHaveLength(4);
    // Not saved while a drafted field is unchecked.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Check the drafted languages first.')).toBeInTheDocument();
    expect(server.sent('PUT', '/api/operator/gomeum-tasks/')).toEqual([]);
    // Checked, or edited: no longer a draft.
    for (const button of within(chinese).getAllByRole('button', { name: 'Checked' })) await userEvent.click(button);
    await userEvent.click(within(korean).getAllByRole('button', { name: 'Checked' })[0]!);
    await userEvent.type(within(korean).getByRole('textbox', { name: 'Reward' }), '!');
    expect(screen.queryByText('Drafted: check it')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gomeum task updated!')).toBeInTheDocument();
    expect(form(server.sent('PUT', '/api/operator/gomeum-tasks/music')[0]?.body)).toEqual({
      description_en: 'Bake bread',
      reward_en: 'A nap',
      description_zh: 'Bake bread [zh]',
      reward_zh: 'A nap [zh]',
      description_ko: 'Bake bread [ko]',
      reward_ko: 'A nap [ko]!',
      proof: 'A photo of the sheet music',
    });
  });

  it('says when saving fails, and when the task cannot be loaded', async () => {
    fakeServer({
      'GET /api/operator/gomeum-tasks/:planet': ({ params }) =>
        params.planet === 'music' ? task('music', 'Play a song') : apiError(500, 'errors.server'),
      'PUT /api/operator/gomeum-tasks/:planet': () => apiError(500, 'errors.server'),
    });
    renderWithClient(<GomeumTaskSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not save. Please try again.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Planet' }), 'game');
    expect(await screen.findByText('Could not load this. Please try again.')).toBeInTheDocument();
  });

  it('publishes a log entry only with text, then empties the box', async () => {
    let logs: GomeumLog[] = [];
    const server = fakeServer({
      'GET /api/operator/gomeum-tasks/:planet': () => task('music', 'Play a song', logs),
      'POST /api/operator/gomeum-logs/:planet': ({ body }) => {
        const content = (body as FormData).get('content');
        const entry = log('l9', 'music', typeof content === 'string' ? content : '');
        logs = [entry, ...logs];
        return entry;
      },
    });
    renderWithClient(<GomeumTaskSection />);
    const publish = await screen.findByRole('button', { name: 'Publish log' });
    await userEvent.type(screen.getByRole('textbox', { name: 'New log entry (English)' }), '   ');
    await userEvent.click(publish);
    expect(await screen.findByText('Please fill in all fields before submitting.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/operator/gomeum-logs/')).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'New log entry (English)' }), 'Learnt a new chord');
    await userEvent.click(publish);
    expect(await screen.findByText('Published: every user sees it on this planet.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/operator/gomeum-logs/music').map((c) => form(c.body))).toEqual([
      { content: '   Learnt a new chord' },
    ]);
    expect(screen.getByRole('textbox', { name: 'New log entry (English)' })).toHaveValue('');
    expect(await screen.findByText('Learnt a new chord', { exact: false })).toBeInTheDocument();
  });

  it("drafts a log entry's other languages, and sends each with the English one as its own text", async () => {
    const server = fakeServer({
      'GET /api/operator/gomeum-tasks/:planet': task('music', 'Play a song'),
      'POST /api/operator/translate': ({ body }) => {
        const { text, to } = body as { text: string; to: string };
        return { text: `${text} [${to}]`, to, status: 'translated' };
      },
      'POST /api/operator/gomeum-logs/:planet': log('l9', 'music', 'Scales'),
    });
    renderWithClient(<GomeumTaskSection />);
    const entry = await screen.findByRole('textbox', { name: 'New log entry (English)' });
    await userEvent.type(entry, 'Scales');
    // The task's form above offers its own drafting (its Chinese is empty): this is the log's.
    const logForm = within(entry.closest('form') as HTMLElement);
    await userEvent.click(logForm.getByRole('button', { name: 'Draft the other languages from English' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'New log entry (中文)' })).toHaveValue('Scales [zh]'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Publish log' }));
    expect(await screen.findByText('Check the drafted languages first.')).toBeInTheDocument();
    for (const checked of screen.getAllByRole('button', { name: 'Checked' })) await userEvent.click(checked);
    await userEvent.click(screen.getByRole('button', { name: 'Publish log' }));
    expect(await screen.findByText('Published: every user sees it on this planet.')).toBeInTheDocument();
    expect(server.sent('POST', '/api/operator/gomeum-logs/music').map((c) => form(c.body))).toEqual([
      { content: 'Scales', content_zh: 'Scales [zh]', content_ko: 'Scales [ko]', content_en: 'Scales' },
    ]);
  });

  it('chooses several images for a log entry, each shown with its own remove button, and sends what is left', async () => {
    stubObjectUrls();
    const server = fakeServer({
      'GET /api/operator/gomeum-tasks/:planet': task('music', 'Play a song'),
      'POST /api/operator/gomeum-logs/:planet': log('l9', 'music', 'Two photos'),
    });
    renderWithClient(<GomeumTaskSection />);
    const user = userEvent.setup();
    const picker = await screen.findByLabelText('Images (up to 4)');
    expect(picker).toHaveAttribute('multiple');
    expect(screen.getByText('No images chosen')).toBeInTheDocument();
    await user.upload(picker, [png('moon.png'), png('stars.png')]);
    await user.upload(picker, png('comet.png'));
    expect(screen.getByText('3 of 4 chosen')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Chosen image 1: moon.png' })).toHaveAttribute('src', 'blob:moon.png');
    expect(screen.getByRole('img', { name: 'Chosen image 3: comet.png' })).toBeInTheDocument();

    // Removing one keeps the others, and the keyboard stays in the list.
    await user.click(screen.getByRole('button', { name: 'Remove stars.png' }));
    expect(screen.queryByText('stars.png')).toBeNull();
    expect(screen.getByText('2 of 4 chosen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove comet.png' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove moon.png' })).toHaveFocus();

    await user.upload(picker, [png('a.png'), png('b.png'), png('c.png'), png('d.png')]);
    // Only as many as an entry takes: the fourth added is left out.
    expect(screen.getByText('4 of 4 chosen · That is the most an entry can have.')).toBeInTheDocument();
    expect(screen.queryByText('d.png')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove c.png' }));
    await user.click(screen.getByRole('button', { name: 'Remove b.png' }));

    await user.type(screen.getByRole('textbox', { name: 'New log entry (English)' }), 'Two photos');
    await user.click(screen.getByRole('button', { name: 'Publish log' }));
    expect(await screen.findByText('Published: every user sees it on this planet.')).toBeInTheDocument();
    const [sentForm] = server.sent('POST', '/api/operator/gomeum-logs/music').map((c) => c.body as FormData);
    expect(sentForm?.getAll('images').map((f) => (f as File).name)).toEqual(['moon.png', 'a.png']);
    expect(screen.getByText('No images chosen')).toBeInTheDocument();
  });

  it("shows a log entry's upload progress, and can stop it", async () => {
    stubObjectUrls();
    const server = fakeServer({
      'GET /api/operator/gomeum-tasks/:planet': task('music', 'Play a song'),
      // Held open: the upload is under way until the test cancels it.
      'POST /api/operator/gomeum-logs/:planet': () => new Promise(() => {}),
    });
    renderWithClient(<GomeumTaskSection />);
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Images (up to 4)'), png('moon.png'));
    await user.type(screen.getByRole('textbox', { name: 'New log entry (English)' }), 'Moonlight');
    await user.click(screen.getByRole('button', { name: 'Publish log' }));

    const upload = server.uploads.at(-1)!;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/operator/gomeum-logs/music');
    act(() => upload.progress(768, 1024));
    expect(screen.getByRole('progressbar', { name: 'Uploading… 75%' })).toHaveAttribute('value', '75');
    expect(screen.getByRole('button', { name: 'Remove moon.png' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(upload.aborted).toBe(true);
    expect(await screen.findByText('Upload cancelled. Nothing was saved.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    // What was written stays, to send again.
    expect(screen.getByRole('textbox', { name: 'New log entry (English)' })).toHaveValue('Moonlight');
    expect(screen.getByText('moon.png')).toBeInTheDocument();
  });

  it("shows the progress of Gomeum's task image upload until it is saved", async () => {
    stubObjectUrls();
    let release: (value: unknown) => void = () => {};
    const server = fakeServer({
      'GET /api/operator/gomeum-tasks/:planet': task('music', 'Play a song'),
      'PUT /api/operator/gomeum-tasks/:planet': () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    });
    renderWithClient(<GomeumTaskSection />);
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Image'), png('task.png'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.uploads).toHaveLength(1));
    act(() => server.uploads[0]!.progress(1, 2));
    expect(screen.getByRole('progressbar', { name: 'Uploading… 50%' })).toBeInTheDocument();
    act(() => release(task('music', 'Play a song')));
    expect(await screen.findByText('Gomeum task updated!')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
