import type { Language } from '@gomeum/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ProofForm } from './proof-form.tsx';

/** An XMLHttpRequest the test drives: it records what was sent and answers when told to. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  method = '';
  url = '';
  body: FormData | null = null;
  aborted = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

async function renderForm(language: Language) {
  await initI18n(language);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProofForm planet="music" onDone={onDone} onCancel={() => {}} />
    </QueryClientProvider>,
  );
  return { onDone };
}

describe('ProofForm', () => {
  it('marks each missing field where it is, and the message goes once they are filled', async () => {
    await renderForm('en');
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
    expect(FakeXhr.last).toBeNull();
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
    await renderForm('en');
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

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/planets/music/logs');
    // The day keeps within the month: February 2025 has no 29th, 30th or 31st.
    expect(xhr.body?.get('date')).toMatch(/^2025-02-(0[1-9]|1\d|2[0-8])$/);
    expect((xhr.body?.get('image') as File).name).toBe('scales.png');
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
    const { onDone } = await renderForm('en');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Proof title' }), 'Scales');
    await user.type(screen.getByRole('textbox', { name: 'What did you do?' }), 'Twenty minutes');
    await user.click(screen.getByRole('button', { name: 'Send proof' }));
    const xhr = FakeXhr.last!;
    expect([xhr.body?.get('title'), xhr.body?.get('content'), xhr.body?.get('image')]).toEqual([
      'Scales',
      'Twenty minutes',
      null,
    ]);
    expect(onDone).not.toHaveBeenCalled();
    const result = {
      log: {
        id: 'log-1',
        planet: 'music',
        date: xhr.body?.get('date') as string,
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
    act(() => xhr.answer(200, result));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onDone.mock.calls[0]?.[0]).toEqual(result);
    // Nothing went wrong, and nothing is being sent any more.
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says the spec’s “Failed to submit task” when the server fails, and keeps what was typed', async () => {
    const { onDone } = await renderForm('ko');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: '인증 제목' }), '음계');
    await user.type(screen.getByRole('textbox', { name: '무엇을 했나요?' }), '이십 분');
    await user.click(screen.getByRole('button', { name: '인증 보내기' }));
    act(() => FakeXhr.last!.answer(500, { error: { code: 'errors.server', message: 'Internal' } }));
    // The alert is always in the page (empty until there is something to say): wait for the words.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('과제 제출에 실패했어요. 다시 시도해 주세요.'),
    );
    expect(screen.getByRole('textbox', { name: '인증 제목' })).toHaveValue('음계');
    expect(onDone).not.toHaveBeenCalled();
  });
});
