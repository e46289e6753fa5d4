import type { Update } from '@gomeum/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadOperatorStrings } from '../../../lib/i18n.ts';
import { apiError, fakeServer, renderWithClient } from '../../../test/fake-server.tsx';
import { DashboardToasts } from '../../../lib/operator/dashboard-toasts.tsx';
import { UpdatesSection } from './updates-section.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadOperatorStrings();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const update = (id: string, en: string, imageUrl: string | null = null): Update => ({
  id,
  title: { en, zh: `${en} (zh)` },
  content: { en: `<p>${en} body</p>` },
  imageUrl,
  createdAt: Date.UTC(2026, 10, 20, 9),
  updatedAt: Date.UTC(2026, 10, 20, 9),
});

const newForm = () => screen.getByRole('region', { name: 'New update' });
const allUpdates = () => screen.getByRole('region', { name: 'All updates' });

describe('UpdatesSection', () => {
  it('lists every update by its title, each opening to its fields filled in', async () => {
    const server = fakeServer({
      'GET /api/updates': { updates: [update('u2', 'Second'), update('u1', 'First', '/api/files/u1.webp')] },
      'POST /api/operator/updates/preview': ({ body }) => ({ html: (body as { html: string }).html }),
    });
    renderWithClient(<UpdatesSection />);
    await within(allUpdates()).findByText('Second');
    // Folded entries ask for no preview, and show no loading placeholder for one either.
    expect(allUpdates().querySelector('.skeleton')).toBeNull();
    expect(server.sent('POST', '/api/operator/updates/preview')).toEqual([]);
    const entries = allUpdates().querySelectorAll('details');
    expect([...entries].map((entry) => entry.querySelector('summary strong')?.textContent)).toEqual([
      'Second',
      'First',
    ]);
    await userEvent.click(within(allUpdates()).getByText('First'));
    const english = within(entries[1] as HTMLElement).getByRole('group', { name: 'English' });
    expect(within(english).getByRole('textbox', { name: 'Title' })).toHaveValue('First');
    expect(within(english).getByRole('textbox', { name: 'Content (HTML)' })).toHaveValue('<p>First body</p>');
    expect(within(entries[1] as HTMLElement).getByRole('img', { name: 'The update’s image' })).toHaveAttribute(
      'src',
      '/api/files/u1.webp',
    );
  });

  it("shows an opened update's links to share, one per language it has a title in", async () => {
    const server = fakeServer({
      'GET /api/updates': { updates: [update('u1', 'First')] },
      'POST /api/operator/updates/preview': ({ body }) => ({ html: (body as { html: string }).html }),
      'GET /api/operator/updates/u1/popup-links': {
        links: [
          { language: 'zh', path: '/?popup=true&title=First+%28zh%29&date=2026-11-20&sig=zh-sig' },
          { language: 'en', path: '/?popup=true&title=First&date=2026-11-20&sig=en-sig' },
        ],
      },
    });
    renderWithClient(<UpdatesSection />);
    await within(allUpdates()).findByText('First');
    // Folded: no links asked for.
    expect(server.sent('GET', '/api/operator/updates/u1/popup-links')).toEqual([]);
    await userEvent.click(within(allUpdates()).getByText('First'));
    const english = await within(allUpdates()).findByRole('textbox', { name: 'Link to share (English)' });
    expect(english).toHaveValue(`${window.location.origin}/?popup=true&title=First&date=2026-11-20&sig=en-sig`);
    expect(within(allUpdates()).getByRole('textbox', { name: 'Link to share (中文)' })).toHaveValue(
      `${window.location.origin}/?popup=true&title=First+%28zh%29&date=2026-11-20&sig=zh-sig`,
    );
    expect(within(allUpdates()).getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
  });

  it('shows the empty list and a loading failure', async () => {
    fakeServer({ 'GET /api/updates': { updates: [] } });
    const { unmount } = renderWithClient(<UpdatesSection />);
    expect(await within(allUpdates()).findByText('Nothing yet.')).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    fakeServer({ 'GET /api/updates': () => apiError(500, 'errors.server') });
    renderWithClient(<UpdatesSection />);
    expect(await screen.findByText('Could not load this. Please try again.')).toBeInTheDocument();
  });

  it('drafts the other languages of a new update from the one written, each marked until checked', async () => {
    const server = fakeServer({
      'GET /api/updates': { updates: [] },
      'POST /api/operator/updates/preview': ({ body }) => ({ html: (body as { html: string }).html }),
      'POST /api/operator/translate': ({ body }) => {
        const { text, to } = body as { text: string; to: string };
        return { text: `${text} [${to}]`, to, status: 'translated' };
      },
      'POST /api/operator/updates': ({ body }) => ({ ...update('u9', 'x'), ...(body as object) }),
    });
    renderWithClient(<UpdatesSection />);
    const english = within(newForm()).getByRole('group', { name: 'English' });
    await userEvent.type(within(english).getByRole('textbox', { name: 'Title' }), 'Stars');
    await userEvent.type(within(english).getByRole('textbox', { name: 'Content (HTML)' }), '<p>Look up</p>');
    await userEvent.click(within(newForm()).getByRole('button', { name: 'Draft the other languages from English' }));
    const korean = within(newForm()).getByRole('group', { name: '한국어' });
    await waitFor(() => expect(within(korean).getByRole('textbox', { name: 'Title' })).toHaveValue('Stars [ko]'));
    expect(within(korean).getByRole('textbox', { name: 'Content (HTML)' })).toHaveValue('<p>Look up</p> [ko]');
    expect(within(korean).getAllByText('Drafted: check it')).toHaveLength(2);
    expect(within(english).queryByText('Drafted: check it')).toBeNull();
    await userEvent.click(within(newForm()).getByRole('button', { name: 'Publish update' }));
    const published = () =>
      server.sent('POST', '/api/operator/updates').filter((c) => c.url === '/api/operator/updates');
    await waitFor(() => expect(published()).toHaveLength(1));
    expect(published()[0]?.body).toMatchObject({
      title: { en: 'Stars', zh: 'Stars [zh]', ko: 'Stars [ko]' },
    });
  });

  it('publishes a new update in the languages written (no image: no upload), and empties the form', async () => {
    const server = fakeServer({
      'GET /api/updates': { updates: [] },
      'POST /api/operator/updates': ({ body }) => ({ ...update('u9', 'x'), ...(body as object) }),
    });
    renderWithClient(<UpdatesSection />);
    const english = within(newForm()).getByRole('group', { name: 'English' });
    await userEvent.type(within(english).getByRole('textbox', { name: 'Title' }), 'Stars');
    await userEvent.type(within(english).getByRole('textbox', { name: 'Content (HTML)' }), 'Look up');
    await userEvent.click(within(newForm()).getByRole('button', { name: 'Publish update' }));

    expect(await within(newForm()).findByText('Published: every diary shows it now.')).toBeInTheDocument();
    // (Previews go to a path below it: while the operator types slowly, one may be asked for.)
    expect(server.sentTo('POST', '/api/operator/updates').map((c) => c.body)).toEqual([
      { title: { zh: '', en: 'Stars', ko: '' }, content: { zh: '', en: 'Look up', ko: '' } },
    ]);
    // jsdom's FormData drops the bytes of a picked file, so the image upload is left to the browser test.
    expect(server.sent('PUT', '/api/operator/updates/')).toEqual([]);
    expect(
      within(within(newForm()).getByRole('group', { name: 'English' })).getByRole('textbox', { name: 'Title' }),
    ).toHaveValue('');
  });

  it("shows the server's reason when an update is refused", async () => {
    fakeServer({
      'GET /api/updates': { updates: [] },
      'POST /api/operator/updates': () => apiError(400, 'updates.error_title_required'),
    });
    renderWithClient(<UpdatesSection />);
    await userEvent.click(within(newForm()).getByRole('button', { name: 'Publish update' }));
    expect(
      await within(newForm()).findByText('Please give the update a title in at least one language.'),
    ).toBeInTheDocument();
  });

  it('saves an edit, removes the image, and deletes only after a second, confirming click', async () => {
    // Each save changes the stored update's time, as the server does: the entry is read afresh.
    let saves = 0;
    const server = fakeServer({
      'GET /api/updates': () => ({
        updates: [{ ...update('u1', 'First', '/api/files/u1.webp'), updatedAt: Date.UTC(2026, 10, 20, 9, saves) }],
      }),
      'PUT /api/operator/updates/:id': ({ body }) => {
        saves += 1;
        return { ...update('u1', 'First'), ...(body as object) };
      },
      'DELETE /api/operator/updates/:id/image': update('u1', 'First'),
      'DELETE /api/operator/updates/:id': { ok: true },
    });
    renderWithClient(
      <>
        <UpdatesSection />
        <DashboardToasts />
      </>,
    );
    await userEvent.click(await within(allUpdates()).findByText('First'));
    const entryNow = () => allUpdates().querySelector('details') as HTMLElement;
    const entry = entryNow();
    const korean = within(entry).getByRole('group', { name: '한국어' });
    await userEvent.type(within(korean).getByRole('textbox', { name: 'Title' }), '첫째');
    await userEvent.click(within(entry).getByRole('button', { name: 'Save' }));
    // Confirmed by a toast, and the entry, read afresh, stays open.
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    await waitFor(() => expect(entryNow()).not.toBe(entry));
    expect(entryNow()).toHaveAttribute('open');
    expect(server.sentTo('PUT', '/api/operator/updates/u1').map((c) => c.body)).toEqual([
      {
        title: { zh: 'First (zh)', en: 'First', ko: '첫째' },
        content: { zh: '', en: '<p>First body</p>', ko: '' },
      },
    ]);

    await userEvent.click(within(entryNow()).getByRole('button', { name: 'Remove image' }));
    await waitFor(() => expect(server.sent('DELETE', '/api/operator/updates/u1/image')).toHaveLength(1));

    await userEvent.click(within(entryNow()).getByRole('button', { name: 'Delete' }));
    expect(server.sentTo('DELETE', '/api/operator/updates/u1')).toEqual([]);
    await userEvent.click(within(entryNow()).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(entryNow()).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(entryNow()).getByRole('button', { name: 'Really delete' }));
    await waitFor(() => expect(server.sentTo('DELETE', '/api/operator/updates/u1')).toHaveLength(1));
  });

  it('previews each language as the server would keep it, as the operator types', async () => {
    // Like the server's allow-list for what the test types: scripts and handlers gone, tags kept.
    const clean = (html: string) => html.replace(/<script[^>]*>.*?(<\/script>|$)/g, '').replace(/ on\w+="[^"]*"/g, '');
    const server = fakeServer({
      'GET /api/updates': { updates: [] },
      'POST /api/operator/updates/preview': ({ body }) => ({ html: clean((body as { html: string }).html) }),
    });
    renderWithClient(<UpdatesSection />);
    const user = userEvent.setup();
    const english = within(newForm()).getByRole('group', { name: 'English' });
    const preview = within(english).getByRole('group', { name: 'Preview' });
    expect(within(preview).getByText('Write some content to see how readers will see it.')).toBeInTheDocument();

    await user.type(within(english).getByRole('textbox', { name: 'Content (HTML)' }), '<b>x</b><script>');
    const bold = await within(preview).findByText('x');
    expect(bold.tagName).toBe('B');
    expect(preview.querySelector('script')).toBeNull();
    // Asked once typing paused, not once a key.
    expect(server.sent('POST', '/api/operator/updates/preview').map((c) => c.body)).toEqual([
      { html: '<b>x</b><script>' },
    ]);
    await waitFor(() => expect(preview).toHaveAttribute('aria-busy', 'false'));

    // It follows the text: the old preview stays, quietly marked, until the new one is in.
    const source = within(english).getByRole('textbox', { name: 'Content (HTML)' });
    await user.clear(source);
    await user.type(source, '<p><i onclick="x()">y</i></p>');
    expect(within(preview).getByText('Updating preview…')).toBeInTheDocument();
    expect(preview).toHaveAttribute('aria-busy', 'true');
    expect(await within(preview).findByText('y')).toHaveProperty('tagName', 'I');
    expect(within(preview).getByText('y')).not.toHaveAttribute('onclick');
    await waitFor(() => expect(within(preview).queryByText('Updating preview…')).toBeNull());
    // The other languages wait for their own text.
    const korean = within(within(newForm()).getByRole('group', { name: '한국어' })).getByRole('group', {
      name: 'Preview',
    });
    expect(within(korean).getByText('Write some content to see how readers will see it.')).toBeInTheDocument();
  });

  it('says when the preview cannot be shown', async () => {
    fakeServer({
      'GET /api/updates': { updates: [] },
      'POST /api/operator/updates/preview': () => apiError(500, 'errors.server'),
    });
    renderWithClient(<UpdatesSection />);
    const english = within(newForm()).getByRole('group', { name: 'English' });
    await userEvent.type(within(english).getByRole('textbox', { name: 'Content (HTML)' }), '<p>Hi</p>');
    expect(
      await within(english).findByText('Could not show the preview. Keep typing to try again.'),
    ).toBeInTheDocument();
  });

  it("sends a new update's image with upload progress, and can stop it", async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (file: File) => `blob:${file.name}`, revokeObjectURL: vi.fn() }),
    );
    const server = fakeServer({
      'GET /api/updates': { updates: [] },
      'POST /api/operator/updates': ({ body }) => ({ ...update('u9', 'x'), ...(body as object) }),
      'PUT /api/operator/updates/:id/image': () => new Promise(() => {}),
    });
    renderWithClient(<UpdatesSection />);
    const user = userEvent.setup();
    const english = within(newForm()).getByRole('group', { name: 'English' });
    await user.type(within(english).getByRole('textbox', { name: 'Title' }), 'Stars');
    await user.upload(
      within(newForm()).getByLabelText('Image'),
      new File([new Uint8Array(2048)], 'stars.png', { type: 'image/png' }),
    );
    await user.click(within(newForm()).getByRole('button', { name: 'Publish update' }));
    await waitFor(() => expect(server.uploads).toHaveLength(1));
    const upload = server.uploads[0]!;
    expect(upload.url).toBe('/api/operator/updates/u9/image');
    act(() => upload.progress(512, 2048));
    expect(within(newForm()).getByRole('progressbar', { name: 'Uploading… 25%' })).toBeInTheDocument();
    await user.click(within(newForm()).getByRole('button', { name: 'Cancel upload' }));
    expect(upload.aborted).toBe(true);
    expect(
      await within(newForm()).findByText('Upload cancelled. The update was saved without its image.'),
    ).toBeInTheDocument();
    expect(within(newForm()).queryByRole('progressbar')).toBeNull();
  });
});
