import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n.ts';
import { useUpload } from './upload-progress.tsx';
import type { UploadOptions } from './upload-request.ts';

beforeAll(async () => {
  await initI18n('en');
});

/** A form's upload: `started` receives what `start()` hands the request; `end` is a button. */
function Form({ started }: { started: (options: UploadOptions) => void }) {
  const upload = useUpload();
  return (
    <>
      <button type="button" onClick={() => started(upload.start())}>
        Send
      </button>
      <button type="button" onClick={upload.end}>
        Done
      </button>
      <span>{upload.uploading ? 'uploading' : 'idle'}</span>
      {upload.bar}
    </>
  );
}

describe('useUpload', () => {
  it('shows the bar from the start of an upload to its end, following its progress', async () => {
    let options: UploadOptions = {};
    render(<Form started={(given) => (options = given)} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('progressbar', { name: 'Uploading… 0%' })).toBeInTheDocument();
    expect(screen.getByText('uploading')).toBeInTheDocument();
    act(() => options.onProgress?.(0.5));
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '50');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(options.signal?.aborted).toBe(false);
  });

  it('stops the upload by its Cancel button, or when the form goes', async () => {
    let options: UploadOptions = {};
    const { unmount } = render(<Form started={(given) => (options = given)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(options.signal?.aborted).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const second = options.signal;
    expect(second?.aborted).toBe(false);
    unmount();
    expect(second?.aborted).toBe(true);
  });
});
