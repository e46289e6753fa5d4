import type { Language } from '@gomeum/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { apiError, fakeServer, json, renderWithClient } from '../../../test/fake-server.tsx';
import { ProofForm } from './proof-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The form on a fake server whose proof upload stays open until the test answers it (`answer`);
 * `upload()` is the request as sent, `form()` its fields.
 */
async function renderForm(language: Language) {
  await initI18n(language);
  let answer: (reply: Response) => void = () => {};
  const server = fakeServer({
    'POST /api/planets/music/logs': () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  });
  const onDone = vi.fn();
  renderWithClient(<ProofForm planet="music" onDone={onDone} onCancel={() => {}} />);
  return {
    onDone,
    server,
    answer: (reply: Response) => answer(reply),
    upload: () => server.uploads.at(-1)!,
    form: () => server.calls.at(-1)?.body as FormData,
  };
}

describe('ProofForm', () => {
  it('marks each missing field where it is, and the message goes once they are filled', async () => {
    const { server } = await renderForm('en');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send proof' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields before submitting.');
    const title = screen.getByRole('textbox', { name: 'Proof title' });
    const content = screen.getByRole('textbox', { name: 'What did you do?' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Please fill this in.');
    expect(content).toHaveAttribute('aria-invalid', 'true');

    await user.type(title, 'Scales');
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields before submitting.');
    await user.type(content, 'Twenty minutes');
    expect(content).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(server.calls).toEqual([]);
  });

  it('names its date and photo controls in the app’s language, not the browser’s', async () => {
    await renderForm('zh');
    const date = screen.getByRole('group', { name: '日期' });
    const selects = within(date).getAllByRole('combobox');
    // Chinese writes the year first; month names come from the app's language.
    expect(selects.map((select) => select.getAttribute('aria-label'))).toEqual(['年', '月', '日']);
    expect(within(selects[1]!).getByRole('option', { name: '十一月' })).toBeInTheDocument();
    expect(screen.getByText('选择照片')).toBeInTheDocument();
    expect(screen.getByText('未选择照片')).toBeInTheDocument();
    expect(screen.queryByText(/Choose File|No file chosen/)).toBeNull();
  });

  it('sends the chosen date, shows the upload’s progress, and can stop it', async () => {
    const { upload, form } = await renderForm('en');
    const user = userEvent.setup();
    const date = screen.getByRole('group', { name: 'Date' });
    await user.selectOptions(within(date).getByRole('combobox', { name: 'Year' }), '2025');
    await user.selectOptions(within(date).getByRole('combobox', { name: 'Month' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Proof title' }), 'Scales');
    await user.type(screen.getByRole('textbox', { name: 'What did you do?' }), 'Twenty minutes');
    const photo = new File([new Uint8Array(2048)], 'scales.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Photo (optional)'), photo);
    expect(screen.getByText('scales.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send proof' }));

    const xhr = upload();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/planets/music/logs');
    // The day keeps within the month: February 2025 has no 29th, 30th or 31st.
    expect(form().get('date')).toMatch(/^2025-02-(0[1-9]|1\d|2[0-8])$/);
    expect((form().get('image') as File).name).toBe('scales.png');
    act(() => xhr.progress(512, 2048));
    expect(screen.getByRole('progressbar', { name: 'Uploading… 25%' })).toHaveAttribute('value', '25');
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(xhr.aborted).toBe(true);
    expect(await screen.findByText('Upload cancelled. Your proof was not sent.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send proof' })).toBeEnabled();
  });

  it('sends a proof and hands the server’s answer, the new entry and the task, to onDone once', async () => {
    const { onDone, form, answer } = await renderForm('en');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Proof title' }), 'Scales');
    await user.type(screen.getByRole('textbox', { name: 'What did you do?' }), 'Twenty minutes');
    await user.click(screen.getByRole('button', { name: 'Send proof' }));
    expect([form().get('title'), form().get('content'), form().get('image')]).toEqual([
      'Scales',
      'Twenty minutes',
      null,
    ]);
    expect(onDone).not.toHaveBeenCalled();
    const result = {
      log: {
        id: 'log-1',
        planet: 'music',
        date: form().get('date') as string,
        title: 'Scales',
        content: 'Twenty minutes',
        imageUrl: null,
        createdAt: 1_764_000_000_000,
        reaction: null,
      },
      userTask: {
        id: 'task-1',
        planet: 'music',
        description: 'Practise every day',
        reward: 'A new songbook',
        confirmed: true,
        proof: 'Twenty minutes',
        status: 'completed',
        imageUrl: null,
        updatedAt: 1_764_000_000_000,
      },
    };
    act(() => answer(json(result)));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onDone.mock.calls[0]?.[0]).toEqual(result);
    // Nothing went wrong, and nothing is being sent any more.
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says the spec’s “Failed to submit task” when the server fails, and keeps what was typed', async () => {
    const { onDone, answer } = await renderForm('ko');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: '인증 제목' }), '음계');
    await user.type(screen.getByRole('textbox', { name: '무엇을 했나요?' }), '이십 분');
    await user.click(screen.getByRole('button', { name: '인증 보내기' }));
    act(() => answer(apiError(500, 'errors.server')));
    // The alert is always in the page (empty until there is something to say): wait for the words.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('과제 제출에 실패했어요. 다시 시도해 주세요.'),
    );
    expect(screen.getByRole('textbox', { name: '인증 제목' })).toHaveValue('음계');
    expect(onDone).not.toHaveBeenCalled();
  });
});
