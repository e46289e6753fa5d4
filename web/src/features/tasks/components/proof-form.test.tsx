import type { Language, Me } from '@gomeum/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetDrafts } from '../../../lib/form-drafts.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { apiError, fakeServer, json, renderWithClient } from '../../../test/fake-server.tsx';
import { meQuery } from '../../auth/index.ts';
import { ProofForm } from './proof-form.tsx';

const ME: Me = { id: 'u1', email: null, role: 'user', isGuest: true, guestId: null, locale: 'en' };

afterEach(() => {
  vi.unstubAllGlobals();
  // What a test typed and did not send stays as a draft: the next test starts from an empty form.
  forgetDrafts();
});

/**
 * The form on a fake server whose proof upload stays open until the test answers it (`answer`);
 * `upload()` is the request as sent, `form()` its fields.
 */
async function renderForm(language: Language, userId = 'u1') {
  await initI18n(language);
  let answer: (reply: Response) => void = () => {};
  const server = fakeServer({
    'POST /api/planets/music/logs': () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  });
  const onDone = vi.fn();
  const onCancel = vi.fn();
  const { unmount } = renderWithClient(
    <ProofForm planet="music" onDone={onDone} onCancel={onCancel} />,
    '/task/music',
    // Who is signed in, as the task page knows before it shows the form.
    (client) => {
      const me: Me = { ...ME, id: userId };
      client.setQueryData(meQuery.queryKey, me);
    },
  );
  return {
    unmount,
    onCancel,
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

  it('says in the user’s language when the image queue is full, or their last photos are still in it', async () => {
    const { answer } = await renderForm('zh', 'image-queue');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: '证明标题' }), '音阶');
    await user.type(screen.getByRole('textbox', { name: '你做了什么？' }), '二十分钟');
    await user.click(screen.getByRole('button', { name: '发送证明' }));
    act(() => answer(apiError(503, 'upload.error_queue_full')));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('现在有很多照片正在处理。请一分钟后再试。'),
    );
    await user.click(screen.getByRole('button', { name: '发送证明' }));
    act(() => answer(apiError(429, 'upload.error_busy')));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('你上一张照片还在处理中。'));
    expect(screen.getByRole('textbox', { name: '证明标题' })).toHaveValue('音阶');
  });

  it.each([
    [
      'en',
      'Your session has ended, so this proof was not sent. Sign in again to send it: what you wrote stays here.',
      'Sign in again',
      'Proof title',
      'What did you do?',
      'Send proof',
    ],
    [
      'zh',
      '登录已失效，这条证明没有发出。重新登录后再发送：你写的内容会留在这里。',
      '重新登录',
      '证明标题',
      '你做了什么？',
      '发送证明',
    ],
    [
      'ko',
      '로그인이 끝나서 이 인증을 보내지 못했어요. 다시 로그인하면 보낼 수 있어요. 쓴 내용은 그대로 남아 있어요.',
      '다시 로그인',
      '인증 제목',
      '무엇을 했나요?',
      '인증 보내기',
    ],
  ] as const)(
    '(%s) says the session ended when the server answers 401, offers to sign in again, and keeps what was typed',
    async (language, message, signIn, titleName, contentName, send) => {
      const { answer, unmount } = await renderForm(language, `u-${language}`);
      const user = userEvent.setup();
      await user.type(screen.getByRole('textbox', { name: titleName }), 'Scales');
      await user.type(screen.getByRole('textbox', { name: contentName }), 'Twenty minutes');
      await user.click(screen.getByRole('button', { name: send }));
      act(() => answer(apiError(401, 'errors.unauthorized')));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
      expect(screen.getByRole('link', { name: signIn })).toHaveAttribute(
        'href',
        '/register?mode=login&next=%2Ftask%2Fmusic',
      );
      expect(screen.getByRole('textbox', { name: titleName })).toHaveValue('Scales');
      // Back after signing in (the page left and opened again): the same person finds it in the form.
      unmount();
      await renderForm(language, `u-${language}`);
      expect(screen.getByRole('textbox', { name: titleName })).toHaveValue('Scales');
      expect(screen.getByRole('textbox', { name: contentName })).toHaveValue('Twenty minutes');
    },
  );

  it('keeps a draft for its writer only, and drops it once sent or cancelled', async () => {
    const first = await renderForm('en', 'writer');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Proof title' }), 'Scales');
    first.unmount();
    const other = await renderForm('en', 'someone-else');
    expect(screen.getByRole('textbox', { name: 'Proof title' })).toHaveValue('');
    other.unmount();
    const again = await renderForm('en', 'writer');
    expect(screen.getByRole('textbox', { name: 'Proof title' })).toHaveValue('Scales');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(again.onCancel).toHaveBeenCalledTimes(1);
    again.unmount();
    await renderForm('en', 'writer');
    expect(screen.getByRole('textbox', { name: 'Proof title' })).toHaveValue('');
  });
});
